import { isMainThread, workerData } from 'node:worker_threads';
import { z } from 'zod';

/** What the main thread tells the bounded thread (bounded-thread.ts) of its terminal: a worker's stderr is a pipe. */
export const ThreadTerminal = z.object({ stderr_is_terminal: z.boolean() });
export type ThreadTerminal = z.infer<typeof ThreadTerminal>;

/** Whether what this thread writes to stderr reaches a terminal. */
export function stderrIsTerminal(): boolean {
  if (isMainThread) return process.stderr.isTTY === true;
  return ThreadTerminal.safeParse(workerData).data?.stderr_is_terminal ?? false;
}

/** Progress drawn again at most every `everyMs` (and at its end): one line a row of a 1,000,000-row export floods a terminal. */
export function throttledProgress(
  write: (text: string) => void,
  everyMs = 100,
  now: () => number = () => performance.now(),
): (done: number, total: number | null, message?: string | null) => void {
  let drawnAt = -Infinity;
  return (done, total, message) => {
    const at = now();
    if (at - drawnAt < everyMs && done !== total) return;
    drawnAt = at;
    write(`\r${message ? `${message}: ` : ''}${done}${total === null ? '' : `/${total}`}   `);
  };
}
