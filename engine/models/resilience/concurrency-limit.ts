import type { RatePause } from './rate-pause';

/**
 * At most `limit` tasks at once, the rest wait in arrival order (FIFO, so no caller starves). One per server: every
 * role that calls the same server shares its limit, whatever the model. A task may carry the pause of its model
 * (`RatePause`, one per base URL and model): it waits that pause out before taking a slot, so a model held until
 * its limit resets never keeps the server's other models waiting.
 */
export class ConcurrencyLimit {
  #active = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit is a whole number >= 1, got ${limit}`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks queued for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>, pause?: RatePause): Promise<T> {
    for (;;) {
      const waitedFor = pause ? await pause.over() : 0;
      await this.#acquire();
      // The pause was set or lengthened while this task queued for a slot: give the slot back to the queue (the next
      // task may call another model) and wait again. Only a new pause loops, so this cannot spin.
      if (pause && pause.resumeAt > waitedFor && pause.pausedFor > 0) {
        this.#release();
        continue;
      }
      try {
        return await task();
      } finally {
        this.#release();
      }
    }
  }

  #acquire(): Promise<void> {
    if (this.#active < this.limit) {
      this.#active++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release(): void {
    const next = this.#waiting.shift();
    // The slot passes straight to the next waiter, so `active` never dips and a newcomer cannot jump the queue.
    if (next) next();
    else this.#active--;
  }
}
