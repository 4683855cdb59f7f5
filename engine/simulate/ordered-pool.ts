export type Settled<R> = { ok: true; value: R } | { ok: false; error: unknown };

/**
 * Runs `task` over the items added so far with at most `concurrency` in flight, starting the next item as soon as one
 * settles (whether or not its result has been read), and gives the results back in input order, so output never
 * depends on which task finishes first. Items may be added while others run: the simulation adds each batch as it
 * is planned, so the rollouts of several batches overlap. Once `isStopped` says so, no new task starts; those
 * already running still settle and are read.
 */
export class OrderedPool<T, R> {
  readonly #items: T[] = [];
  readonly #results = new Map<number, Settled<R>>();
  #started = 0;
  #running = 0;
  #nextToRead = 0;
  #wake: (() => void) | undefined;

  constructor(
    private readonly concurrency: number,
    private readonly task: (item: T, index: number) => Promise<R>,
    private readonly isStopped: () => boolean = () => false,
  ) {}

  add(items: readonly T[]): void {
    this.#items.push(...items);
    this.#startMore();
  }

  /** The next item's result in input order, or undefined when it will never start (the pool was stopped or is empty). */
  async next(): Promise<Settled<R> | undefined> {
    for (;;) {
      const result = this.#results.get(this.#nextToRead);
      if (result) {
        this.#results.delete(this.#nextToRead);
        this.#nextToRead++;
        return result;
      }
      if (this.#nextToRead >= this.#started) return undefined;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = undefined;
    }
  }

  #startMore(): void {
    while (this.#started < this.#items.length && this.#running < this.concurrency && !this.isStopped()) {
      const index = this.#started++;
      this.#running++;
      this.task(this.#items[index]!, index).then(
        (value) => this.#settle(index, { ok: true, value }),
        (error: unknown) => this.#settle(index, { ok: false, error }),
      );
    }
  }

  #settle(index: number, result: Settled<R>): void {
    this.#results.set(index, result);
    this.#running--;
    this.#startMore();
    this.#wake?.();
  }
}
