// The runs' thread: it opens the store once, executes the runs it is handed one at a time and reports progress, so
// the window never stalls. It stays up between runs: the next start or resume needs no new thread (nor, from source,
// another compile of every module).
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Db } from '../../store/database';
import { executeRun } from './run-executor';
import { RunLease, RunLeaseLostError } from './run-lease';
import { keyRing } from '../settings/secrets';
import { CANCEL_SLOT, type WorkerCommand, type WorkerInput, type WorkerMessage, type WorkerRun } from './run-worker-protocol';

const input = workerData as WorkerInput;
const port = parentPort!;
const post = (message: WorkerMessage) => port.postMessage(message);
let db: Db | undefined;
let running: Promise<void> = Promise.resolve();

async function execute(run: WorkerRun): Promise<void> {
  const cancel = new Int32Array(run.cancel);
  try {
    db ??= openDatabase(input.databasePath);
    const summary = await executeRun({
      db,
      runId: run.runId,
      lease: RunLease.adopt(db, run.runId, run.lease),
      keys: keyRing(process.env, run.keys),
      isCancelled: () => Atomics.load(cancel, CANCEL_SLOT) === 1,
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    post({ type: 'end', run_id: run.runId, stopped_because: summary.stopped_because });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post(
      RunLeaseLostError.isInstance(error)
        ? { type: 'lease-lost', run_id: run.runId, message }
        : { type: 'error', run_id: run.runId, message },
    );
  }
}

port.on('message', (command: WorkerCommand) => {
  switch (command.type) {
    case 'run':
      // The main thread hands a worker one run at a time; chained all the same, so two never share the store.
      running = running.then(() => execute(command));
      return;
    case 'exit':
      void running.then(() => {
        db?.close();
        port.close();
      });
      return;
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
});
