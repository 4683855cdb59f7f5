// A grading job's own thread: it opens the store, grades the run and reports progress, so the window never stalls
// on conduct checks over thousands of rows or on a judge module's synchronous code.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from '../../store/database';
import { executeGrading } from './grade-executor';
import type { GradeWorkerCommand, GradeWorkerInput, GradeWorkerMessage } from './grade-worker-protocol';
import { keyRing } from '../settings/secrets';
import { ServiceError } from '../app/service-error';

async function main(): Promise<void> {
  const input = workerData as GradeWorkerInput;
  const port = parentPort!;
  let isCancelled = false;
  port.on('message', (command: GradeWorkerCommand) => {
    if (command.type === 'cancel') isCancelled = true;
  });
  const post = (message: GradeWorkerMessage) => port.postMessage(message);
  const db = openDatabase(input.databasePath);
  try {
    const outcome = await executeGrading({
      db,
      plan: input.plan,
      keys: keyRing(process.env, input.keys),
      isCancelled: () => isCancelled,
      onReady: () => post({ type: 'ready' }),
      onProgress: (update) => post({ type: 'progress', update }),
    });
    post({ type: 'end', outcome });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    post({ type: 'error', code: ServiceError.isInstance(error) ? error.code : 'INTERNAL', message });
  } finally {
    db.close();
    port.close();
  }
}

void main();
