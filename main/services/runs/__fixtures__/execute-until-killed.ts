// Child process for the batched-storage crash test: executes a stored run and prints each row it reports as stored,
// until the test kills it.
//   node --import tsx execute-until-killed.ts <data folder> <run id>
import { createAppContext } from '../../app/app-context';
import { keyRing } from '../../settings/secrets';
import { executeRun } from '../run-executor';

const [dataDir, runId] = process.argv.slice(2);
const context = createAppContext({ dataDir: dataDir!, mode: 'cli' });
await executeRun({
  db: context.db,
  runId: runId!,
  program: 'the crash test',
  keys: keyRing({}),
  onRow: (row) => process.stdout.write(`stored ${row.ordinal}\n`),
});
process.stdout.write('finished\n');
