/** A timer that can be cleared, so a row that finished in time leaves nothing pending. */
export interface JudgeTimer {
  elapsed: Promise<void>;
  cancel(): void;
}

/**
 * Time for the judge loop, injected so the engine stays free of Node and timers (`clockFromNode` in
 * `clock.node.ts` is the real one; tests pass a fake whose timers fire when the test says).
 */
export interface JudgeClock {
  /** ISO 8601 time stamped on each grade's `created_at`. */
  now(): string;
  /** Resolves `elapsed` after `ms` milliseconds unless cancelled first. */
  after(ms: number): JudgeTimer;
}

/**
 * A clock for offline, byte-identical runs: a fixed time and timers that never fire (so no row times out).
 * Use it only with judges that cannot hang, such as the conduct checks.
 */
export function fixedClock(time: string): JudgeClock {
  return {
    now: () => time,
    after: () => ({ elapsed: new Promise<void>(() => undefined), cancel: () => undefined }),
  };
}
