import { setFlagsFromString } from 'node:v8';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import type { ThreadTerminal } from './terminal';

/** How a command's thread bounds its heap. */
export interface ThreadBound {
  youngGenerationMb: number;
  /** After a full collection the old generation may grow by this share of what survived before the next one. */
  heapGrowingPercent: number;
}

/**
 * Commands whose work streams the whole run through memory, run on a thread whose heap is bounded. A 1,000,000-row
 * export holds its million row ids (about 60 MB of heap) throughout. In most runs almost nothing else outlives two
 * young collections, and it peaks near 205 MB. In about one run in eight (more often on a busy machine) 1.3-4 MB of
 * each young collection reach the old generation, and V8, free to let that grow to four times what survived, collected
 * it only at 250-275 MB: the process peaked at 380-414 MB. Capped at twice, two such runs collected it at 126-140 MB
 * and peaked at 244 and 248 MB; a usual run has no full collection after the plan, so the cap costs it nothing. The
 * young generation: V8 lets it grow to 48 MB; 24 MB took the same time (12 MB a third longer, README "Performance").
 */
const BOUNDED_COMMANDS: Readonly<Record<string, ThreadBound>> = { export: { youngGenerationMb: 24, heapGrowingPercent: 100 } };

/** The bound of the command `named` runs under, or null when it runs on the main thread as it is. */
export function threadBoundOf(named: string | null, entry: string): ThreadBound | null {
  // Only the compiled bundle (wai.mjs) starts itself again: run from source the thread would need tsx's loader.
  return isMainThread && named !== null && entry.endsWith('.mjs') ? (BOUNDED_COMMANDS[named] ?? null) : null;
}

/**
 * Runs `entry` (wai itself) again on a worker thread with the command line's words and the bound: its output reaches
 * this process's stdout and stderr (and whether that is a terminal, so progress shows), its exit code becomes the process's,
 * and Ctrl-C reaches it as a SIGINT event.
 */
export function runOnBoundedThread(entry: URL, argv: readonly string[], bound: ThreadBound): void {
  // A V8 flag, so the whole process's: this thread's own heap stays a few MB, and wai runs one command.
  setFlagsFromString(`--heap-growing-percent=${bound.heapGrowingPercent}`);
  const worker = new Worker(entry, {
    argv: [...argv],
    resourceLimits: { maxYoungGenerationSizeMb: bound.youngGenerationMb },
    workerData: { stderr_is_terminal: process.stderr.isTTY === true } satisfies ThreadTerminal,
  });
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
