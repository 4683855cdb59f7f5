// A run's own thread: it opens the store, executes the run and reports progress, so the window never stalls.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../store/database';
import { executeRun } from './run-executor';
import { RunLease, RunLeaseLostError } from './run-lease';
import { keyRing } from './secrets';
import type { WorkerCommand, WorkerInput, WorkerMessage } from './run-worker-protocol';

async function main(): Promise<void> {
  const input = workerData as WorkerInput;
  const port = parentPort!;
  let cancelled = false;
  port.on('message', (command: WorkerCommand) => {
    if (command.type === 'cancel') cancelled = true;
  });
  const post = (message: WorkerMessage) => port.postMessage(message);
  const db = openDatabase(input.databasePath);
  try {
    const summary = await executeRun({
      db,
      runId: input.runId,
      lease: RunLease.adopt(db, input.runId, input.lease),
      keys: keyRing(process.env, input.keys),
      isCancelled: () => cancelled,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'end', stopped_because: summary.stopped_because });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post(RunLeaseLostError.isInstance(error) ? { type: 'lease-lost', message } : { type: 'error', message });
  } finally {
    db.close();
    port.close();
  }
}

void main();
