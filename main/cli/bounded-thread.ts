import { isMainThread, parentPort, Worker } from 'node:worker_threads';

/**
 * Commands whose work streams the whole run through memory, run on a thread whose young generation is bounded. V8
 * lets it grow to 48 MB, and a 1,000,000-row export of main peaked at 220-414 MB in six runs of one store; on this
 * thread at 24 MB four runs peaked at 209-216 MB in the same time (12 MB took a third longer, README "Performance").
 */
const BOUNDED_COMMANDS: Readonly<Record<string, { youngGenerationMb: number }>> = { export: { youngGenerationMb: 24 } };

/** The bound of the command `named` runs under, or null when it runs on the main thread as it is. */
export function threadBoundOf(named: string | null, entry: string): { youngGenerationMb: number } | null {
  // Only the compiled bundle (wai.mjs) starts itself again: run from source the thread would need tsx's loader.
  return isMainThread && named !== null && entry.endsWith('.mjs') ? (BOUNDED_COMMANDS[named] ?? null) : null;
}

/**
 * Runs `entry` (wai itself) again on a worker thread with the command line's words and the bound: its output reaches
 * this process's stdout and stderr, its exit code becomes the process's, and Ctrl-C reaches it as a SIGINT event.
 */
export function runOnBoundedThread(entry: URL, argv: readonly string[], bound: { youngGenerationMb: number }): void {
  const worker = new Worker(entry, { argv: [...argv], resourceLimits: { maxYoungGenerationSizeMb: bound.youngGenerationMb } });
  const onInterrupt = () => worker.postMessage('SIGINT');
  process.on('SIGINT', onInterrupt);
  // A reader that stopped reading (`wai export --help | head`) ends the command, as it would on the main thread.
  const onClosedOutput = () => void worker.terminate();
  process.stdout.on('error', onClosedOutput);
  process.stderr.on('error', onClosedOutput);
  worker.once('error', (error) => {
    process.stderr.write(`wai: ${error.message}\n`);
    process.exitCode = 1;
  });
  worker.once('exit', (code) => {
    process.off('SIGINT', onInterrupt);
    process.exitCode ||= code;
  });
}

/**
 * On the bounded thread: a Ctrl-C the main thread forwards is the SIGINT event the command listens for (workers get no
 * signals), or ends the command at once when it listens for none, as a Ctrl-C would.
 */
export function listenForInterrupts(): void {
  if (isMainThread || !parentPort) return;
  parentPort.on('message', (message) => {
    if (message !== 'SIGINT') return;
    if (process.listenerCount('SIGINT') > 0) process.emit('SIGINT');
    else process.exit(130);
  });
  parentPort.unref();
}
