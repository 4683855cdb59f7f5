/** Time for a pause: milliseconds now, and a wait (`setTimeout` in Node; a fake clock in tests). */
export interface LimitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

/**
 * A hold on new calls to one model on one server, set when the server says a limit is used up (a reply with
 * `x-ratelimit-remaining-requests: 0`, a 429 timed by a reset header) and over at that limit's reset. OpenAI and
 * Anthropic count their limits per model (and organisation), so there is one pause per (base URL, model): a pause
 * learnt from one model never holds calls to another, on the same server or any other. Calls held by a pause wait
 * outside the server's concurrency limit (`ConcurrencyLimit.run`), so they never keep other models from its slots.
 */
export class RatePause {
  /** Clock time before which no call starts (0: never paused). */
  #resumeAt = 0;

  constructor(private readonly clock: LimitClock) {}

  /** Milliseconds until new calls may start again (0 when not paused). */
  get pausedFor(): number {
    return Math.max(0, this.#resumeAt - this.clock.now());
  }

  /** Clock time the current (or last) pause ends; 0 when never paused. */
  get resumeAt(): number {
    return this.#resumeAt;
  }

  /** Starts no call for `ms` from now (a longer pause already set is kept). */
  pauseFor(ms: number): void {
    if (ms > 0) this.#resumeAt = Math.max(this.#resumeAt, this.clock.now() + ms);
  }

  /**
   * Resolves once the pause is over, to the resume time it waited for. A pause lengthened during the wait is waited
   * out too; one sleep per pause set, so a clock that does not move (a test's instant sleep) cannot spin here.
   */
  async over(): Promise<number> {
    let until = this.#resumeAt;
    while (until > this.clock.now()) {
      await this.clock.sleep(until - this.clock.now());
      if (this.#resumeAt === until) break;
      until = this.#resumeAt;
    }
    return until;
  }
}
