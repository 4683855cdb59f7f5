/**
 * At most `limit` tasks at once, the rest wait in arrival order (FIFO, so no caller starves). One per backend
 * endpoint: every role that calls the same server shares its limit.
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

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await task();
    } finally {
      this.#release();
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
