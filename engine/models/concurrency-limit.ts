/** Time for a limit that can pause: milliseconds now, and a wait (`setTimeout` in Node; a fake clock in tests). */
export interface LimitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * At most `limit` tasks at once, the rest wait in arrival order (FIFO, so no caller starves). One per backend
 * endpoint: every role that calls the same server shares its limit. With a clock it can also be paused (the server
 * said no requests are left until a reset): tasks that get a slot during a pause hold it until the pause ends.
 */
export class ConcurrencyLimit {
  #active = 0;
  readonly #waiting: (() => void)[] = [];
  readonly #clock: LimitClock | undefined;
  /** Clock time before which no task starts. */
  #resumeAt = 0;

  constructor(
    readonly limit: number,
    clock?: LimitClock,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`a concurrency limit is a whole number >= 1, got ${limit}`);
    this.#clock = clock;
  }

  /** Tasks running now (or holding a slot through a pause). */
  get active(): number {
    return this.#active;
  }

  /** Tasks queued for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Whether `pauseFor` can work: only a limit built with a clock can. */
  get canPause(): boolean {
    return this.#clock !== undefined;
  }

  /** Milliseconds until new tasks may start again (0 when not paused). */
  get pausedFor(): number {
    return this.#clock ? Math.max(0, this.#resumeAt - this.#clock.now()) : 0;
  }

  /**
   * Starts no task for `ms` from now (a longer pause already set is kept). Returns false, doing nothing, on a limit
   * without a clock.
   */
  pauseFor(ms: number): boolean {
    if (!this.#clock) return false;
    if (ms > 0) this.#resumeAt = Math.max(this.#resumeAt, this.#clock.now() + ms);
    return true;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      await this.#pauseOver();
      return await task();
    } finally {
      this.#release();
    }
  }

  async #pauseOver(): Promise<void> {
    const clock = this.#clock;
    if (!clock) return;
    // A pause lengthened while this task waited is waited out too; one sleep per pause set, so a clock that does not
    // move (a test's instant sleep) cannot spin here.
    for (let until = this.#resumeAt; until > clock.now(); ) {
      await clock.sleep(until - clock.now());
      if (this.#resumeAt === until) break;
      until = this.#resumeAt;
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
