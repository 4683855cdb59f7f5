// `npm run test:long` (= `tsx main/reliability/run-reliability.ts --long`): the reliability evidence with the long
// settings of long-mode.ts: 40 kills per crash scenario (15 minutes each at most), 400 inputs per API method, 5000
// cases per importer fuzz property, a 400-row model-fault soak. Without `--long` it runs the same files at the CI
// settings. The files run one after another, so the crash loops have the machine to themselves.
//
//   npm run test:long                                  everything, long
//   npm run test:long -- main/reliability/crash-cli    one file (any vitest filter), long
//   WHILE_CRASH_ITERATIONS=100 npm run test:long       one figure raised further (see long-mode.ts)
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The reliability tests: crash loops, API and file fuzzing, soak, security, and the fuzz tests beside each importer. */
const FILES = ['main/reliability/', 'main/electron/window-security.test.ts', '.fuzz.test.ts'];
/** Per test in long mode: the longest loop (15 min budget plus set-up) fits with room to spare. */
const LONG_TEST_TIMEOUT_MS = 40 * 60_000;

const args = process.argv.slice(2);
const isLong = args.includes('--long');
const filters = args.filter((arg) => arg !== '--long');
const environment = { ...process.env, ...(isLong ? { WHILE_LONG: '1' } : {}) };
const vitestArgs = [
  'vitest',
  'run',
  ...(filters.some((arg) => !arg.startsWith('-')) ? [] : FILES),
  ...filters,
  '--no-file-parallelism',
  ...(isLong ? [`--testTimeout=${LONG_TEST_TIMEOUT_MS}`, `--hookTimeout=${LONG_TEST_TIMEOUT_MS}`] : []),
];
process.stdout.write(`reliability tests, ${isLong ? 'long (WHILE_LONG=1)' : 'CI settings'}: npx ${vitestArgs.join(' ')}\n`);
const child = spawn('npx', vitestArgs, { cwd: fileURLToPath(new URL('../..', import.meta.url)), env: environment, stdio: 'inherit' });
child.once('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
