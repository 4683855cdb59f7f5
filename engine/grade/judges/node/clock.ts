import type { JudgeClock } from '../judge-clock';

/** Wall-clock time and real timers for `runJudge` in the main process and the CLI. */
export const clockFromNode: JudgeClock = {
  now: () => new Date().toISOString(),
  after: (ms) => {
    let handle: ReturnType<typeof setTimeout> | undefined;
    const elapsed = new Promise<void>((resolve) => {
      handle = setTimeout(resolve, ms);
    });
    return { elapsed, cancel: () => clearTimeout(handle) };
  },
};
