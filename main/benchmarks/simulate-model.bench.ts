/**
 * `npm run bench:simulate-model [-- --small 400 --large 1000 --latency-ms 100 --seed 1 --only small|large]`: real
 * runs as `wai simulate` makes them (its pre-flight checks with one test call per model, then the run stored through
 * the run executor; only the run is timed), with a model agent and a model user on the local protocol server (its
 * own process, every answer delayed by the latency): `small` rows at concurrency 8 and `large` at 32. Prints the calls
 * per second against the ceiling (concurrency / latency: the pool never idle), the CPU per call of this process, of
 * its run thread alone and of the server's, and checks that the same seed gives the same rows byte for byte at both concurrencies (`small`
 * rows at 32 too); `--only` runs one of the two alone. Goal: >= 0.9 of the ceiling at both, rows identical. A
 * benchmark, not a test: the figures depend on the machine's load, printed with them. The last line is JSON for
 * `npm run bench` (main/reliability/bench-all.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RunConfig } from '../../shared/domain';
import { iterateRows } from '../store/rows/rows-repository';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { executeRun } from '../services/runs/run-executor';
import { preflightRun } from '../services/runs/run-preflight';
import { createRun } from '../services/runs/runs-service';
import { keyRing } from '../services/settings/secrets';
import { startLocalModelProcess } from '../test-support/local-model-process';

const { values } = parseArgs({
  options: {
    small: { type: 'string', default: '400' },
    large: { type: 'string', default: '1000' },
    'latency-ms': { type: 'string', default: '100' },
    seed: { type: 'string', default: '1' },
    /** `small` or `large`: that run alone (no comparison of rows), to profile or compare one concurrency. */
    only: { type: 'string' },
  },
});
const small = Number(values.small);
const large = Number(values.large);
const latency = Number(values['latency-ms']);
const seed = Number(values.seed);
const GOAL_SHARE = 0.9;
const SENTENCE = 'a support agent for a phone company that can cancel orders and issue refunds';

const server = await startLocalModelProcess(['--latency-ms', String(latency)]);
const root = mkdtempSync(join(tmpdir(), 'while-bench-simulate-model-'));

interface Measured {
  rows: number;
  concurrency: number;
  calls: number;
  seconds: number;
  body: string;
  stopped_because: string;
  /** The pre-flight before the run, as `wai simulate` makes it (its probe loads the model client). */
  preflight_ms: number;
  /** CPU time of this process (the run's thread and its helpers; the server is another process), per call. */
  cpu_ms_per_call: number;
  /** The server process's CPU time per call (Linux: /proc), undefined where it cannot be read. */
  server_cpu_ms_per_call: number | undefined;
  /** The run's thread alone (this process's main thread, without the store's writer thread), per call (Linux: /proc). */
  thread_cpu_ms_per_call: number | undefined;
}

/** CPU milliseconds a process or thread used so far (user and system, from its /proc stat at 100 ticks a second). */
function cpuMs(stat: string): number | undefined {
  try {
    const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

const serverCpuMs = () => cpuMs(`/proc/${server.pid}/stat`);
/** The main thread's: its thread id is the process id. */
const threadCpuMs = () => cpuMs(`/proc/self/task/${process.pid}/stat`);
const perCall = (before: number | undefined, after: number | undefined, calls: number) =>
  before === undefined || after === undefined ? undefined : (after - before) / calls;

/** One stored run: the model calls it made, its wall time, and its rows as stored (in plan order). */
async function measure(budget: number, concurrency: number): Promise<Measured> {
  const context = createAppContext({ dataDir: join(root, `run-${budget}-${concurrency}`), mode: 'cli' });
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: SENTENCE },
    models: { agent: `compatible:bench-agent@${server.openai_base_url}`, user_model: `compatible:bench-person@${server.openai_base_url}` },
    budget,
    seed,
    concurrency,
  });
  // As `wai simulate` does before it stores a run: the pre-flight checks, with one test call per model (not timed).
  const checked = performance.now();
  const refused = (await preflightRun(context, config)).checks.filter((check) => check.level === 'error');
  const preflightMs = performance.now() - checked;
  if (refused.length > 0) throw new Error(`the pre-flight refused the run: ${refused.map((check) => check.message).join('; ')}`);
  const run = await createRun(context, config);
  const before = (await server.requests()).count;
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const serverBefore = serverCpuMs();
  const threadBefore = threadCpuMs();
  const summary = await executeRun({ db: context.db, runId: run.id, keys: keyRing({}) });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const serverAfter = serverCpuMs();
  const threadAfter = threadCpuMs();
  const calls = (await server.requests()).count - before;
  const rows = [...iterateRows(context.db, run.id)];
  await closeAppContext(context);
  return {
    rows: rows.length,
    concurrency,
    calls,
    seconds,
    body: JSON.stringify(rows),
    stopped_because: summary.stopped_because,
    preflight_ms: preflightMs,
    cpu_ms_per_call: (cpu.user + cpu.system) / 1000 / calls,
    server_cpu_ms_per_call: perCall(serverBefore, serverAfter, calls),
    thread_cpu_ms_per_call: perCall(threadBefore, threadAfter, calls),
  };
}

const ceiling = (concurrency: number) => concurrency / (latency / 1000);
const rate = (run: Measured) => run.calls / run.seconds;
const line = (run: Measured) =>
  `${String(run.rows).padStart(6)} rows  concurrency ${String(run.concurrency).padStart(2)}  ${String(run.calls).padStart(6)} calls  ` +
  `${run.seconds.toFixed(1).padStart(6)} s  ${rate(run).toFixed(1).padStart(6)} calls/s  ceiling ${ceiling(run.concurrency).toFixed(0)}  ` +
  `ratio ${(rate(run) / ceiling(run.concurrency)).toFixed(3)}  CPU ${run.cpu_ms_per_call.toFixed(2)} ms/call ` +
  `(run thread ${run.thread_cpu_ms_per_call?.toFixed(2) ?? '?'}, server ${run.server_cpu_ms_per_call?.toFixed(2) ?? '?'})  ` +
  `(stopped because ${run.stopped_because}; pre-flight ${run.preflight_ms.toFixed(0)} ms before)`;
const load = loadavg()[0]!.toFixed(1);
const heading = () =>
  `Model-run bench: a model agent and a model user on the local server, latency ${latency} ms, seed ${seed}; load average ${load}`;

if (values.only !== undefined) {
  const alone = values.only === 'large' ? await measure(large, 32) : await measure(small, 8);
  await server.stop();
  rmSync(root, { recursive: true, force: true });
  process.stdout.write(`${heading()}\n${line(alone)}\n`);
  process.exit(0);
}

const narrow = await measure(small, 8);
const wide = await measure(large, 32);
const smallWide = await measure(small, 32);
await server.stop();
rmSync(root, { recursive: true, force: true });

const identical = narrow.body === smallWide.body;
process.stdout.write(
  [
    heading(),
    line(narrow),
    line(wide),
    line(smallWide),
    `rows at concurrency 8 and 32 (${small} each): ${identical ? 'byte-identical' : 'DIFFERENT'}`,
  ].join('\n') + '\n',
);

const rateResult = (run: Measured) => ({
  name: `simulate-model: calls/s, ${run.rows} rows at concurrency ${run.concurrency}, latency ${latency} ms`,
  measured: rate(run),
  unit: 'calls/s',
  reference: ceiling(run.concurrency),
  reference_name: 'ceiling: concurrency / latency',
  ratio: rate(run) / ceiling(run.concurrency),
  goal: `ratio >= ${GOAL_SHARE}`,
  met: rate(run) >= GOAL_SHARE * ceiling(run.concurrency),
});
const results = [
  rateResult(narrow),
  rateResult(wide),
  {
    name: `simulate-model: rows of one seed at concurrency 8 and 32 (${small} rows)`,
    measured: identical ? 0 : 1,
    unit: 'runs differing',
    reference: 0,
    reference_name: 'byte-identical',
    ratio: null,
    goal: 'identical',
    met: identical,
  },
];
process.stdout.write(`${JSON.stringify({ bench: 'simulate-model', latency_ms: latency, seed, results })}\n`);
if (results.some((result) => result.met === false)) process.exitCode = 1;
