/**
 * `npm run bench:backends [-- --rows 1000 --latency-ms 100 --limit 8]`: a run whose agent and simulated person are
 * models on the local server (its own process, as a real server would be), every answer delayed by a fixed latency
 * and the calls capped at `limit` in flight. Prints the calls per second achieved against the ceiling
 * (limit / latency), then the same run with 10% of calls failing (429 with retry-after, 500, cut-off replies) and the
 * rows it lost. Goal: >= 90% of the ceiling and no row lost. As a reference measured in the same run, the same
 * simulation with a backend that only waits out the latency in process (no HTTP, no client): what the engine's
 * batches and the limit allow on their own. A benchmark, not a test: the figures depend on the machine's load,
 * printed with them. The last line is JSON for `npm run bench` (main/reliability/bench-all.ts).
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { SimulationSummary } from '../../shared/domain';
import { createModelAgent } from '../agents/model-agent';
import { ModelUser } from '../people/model-user';
import { offlineComponents } from '../simulate/offline-components';
import { simulate } from '../simulate/simulate';
import { draftSpec } from '../spec/draft-spec';
import { CallStats } from '../models/resilience/call-stats';
import { ConcurrencyLimit } from '../models/resilience/concurrency-limit';
import { MockModelBackend } from '../models/__fixtures__/mock-backend';
import type { ModelBackend } from '../models/model-backend';
import { parseModelSpec } from '../models/model-spec';
import { withResilience } from '../models/resilience/resilient-backend';
import { defaultBrain } from '../models/node/__fixtures__/default-brain';
import { ModelBackends } from '../models/node/model-backends';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000' },
    'latency-ms': { type: 'string', default: '100' },
    limit: { type: 'string', default: '8' },
    seed: { type: 'string', default: '1' },
  },
});
const rows = Number(values.rows);
const latency = Number(values['latency-ms']);
const limit = Number(values.limit);
const seed = Number(values.seed);
const SERVER = fileURLToPath(new URL('../models/node/__fixtures__/serve-local-model.ts', import.meta.url));

const { spec } = draftSpec('a support agent for a phone company that can cancel orders and issue refunds', { seed });

async function startServer(args: string[]): Promise<{ base_url: string; admin: string; stop(): void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER, '--exit-with-stdin', '--latency-ms', String(latency), ...args], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
  const urls = JSON.parse(line) as { url: string; openai_base_url: string };
  return { base_url: urls.openai_base_url, admin: `${urls.url}/_admin/requests`, stop: () => child.stdin.end() };
}

interface Outcome {
  seconds: number;
  calls: number;
  failed: number;
  retries: number;
  summary: SimulationSummary;
}

/** The simulation itself: agent and person on `backend`, writers offline, enough rollouts in flight to fill the limit. */
async function simulateOn(backend: ModelBackend): Promise<{ seconds: number; summary: SimulationSummary }> {
  const user = new ModelUser(backend, { known_ids: spec.known_ids });
  const started = performance.now();
  const events = simulate({
    ...offlineComponents(spec, { seed }),
    agent: createModelAgent(backend),
    createUser: () => user,
    spec,
    seed,
    budget: rows,
    phrasings: 1,
    repeats: 1,
    fault_rate: 0.5,
    prefer_success: true,
    concurrency: limit * 8,
  });
  let next = await events.next();
  while (!next.done) next = await events.next();
  return { seconds: (performance.now() - started) / 1000, summary: next.value };
}

async function benchRun(faultArgs: string[]): Promise<Outcome> {
  const server = await startServer(faultArgs);
  const backend = new ModelBackends({ key: () => undefined, concurrency: limit, timeout_ms: 30_000 }).get(
    parseModelSpec(`compatible:bench-model@${server.base_url}`),
  );
  const { seconds, summary } = await simulateOn(backend);
  const seen = (await (await fetch(server.admin)).json()) as { count: number; faults: Record<string, number> };
  server.stop();
  return {
    seconds,
    calls: seen.count,
    failed: Object.values(seen.faults).reduce((sum, n) => sum + n, 0),
    retries: backend.stats.snapshot().retries,
    summary,
  };
}

/** The same run with no HTTP: each call waits out the latency in process and answers as the server's brain would. */
async function referenceRun(): Promise<{ seconds: number; calls: number }> {
  const spec_ = 'compatible:bench-model@http://in-process/v1';
  const inner = new MockModelBackend(spec_, async (request, index) => {
    await sleep(latency);
    const reply = defaultBrain({
      protocol: 'openai',
      index,
      model: 'bench-model',
      system: request.system ?? '',
      messages: request.messages.map((message) =>
        message.role === 'assistant'
          ? { role: 'assistant', content: message.content, tool_calls: [...(message.tool_calls ?? [])] }
          : { ...message },
      ),
      tools: [...(request.tools ?? [])],
      temperature: request.temperature,
      logprobs: false,
      key: undefined,
      body: {},
    });
    return {
      text: reply.text ?? '',
      tool_calls: (reply.tool_calls ?? []).map((call, position) => ({
        id: `call_${index}_${position}`,
        name: call.name,
        arguments: call.arguments as Record<string, unknown>,
      })),
    };
  });
  const backend = withResilience(inner, { limit: new ConcurrencyLimit(limit), sleep: (ms) => sleep(ms), stats: new CallStats(spec_) });
  const { seconds } = await simulateOn(backend);
  return { seconds, calls: inner.requests.length };
}

const ceiling = limit / (latency / 1000);
const load = loadavg()[0]!.toFixed(1);
const reference = await referenceRun();
const referenceRate = reference.calls / reference.seconds;
const clean = await benchRun([]);
const achieved = clean.calls / clean.seconds;
const faulty = await benchRun(['--fault-share', '0.1', '--fault-kinds', 'rate_limit,server_error,cut_off']);
const lost = rows - faulty.summary.rows;
const share = (rate: number) => `${((100 * rate) / ceiling).toFixed(1)}%`;

process.stdout.write(
  [
    `Backend bench: ${rows} rows, agent and simulated person on the local server, latency ${latency} ` +
      `ms, limit ${limit} calls in flight; ceiling ${ceiling.toFixed(1)} calls/s (limit / latency); ` +
      `load average ${load}`,
    `Reference, no HTTP (the engine's batches and the limit alone): ${reference.calls} calls in ` +
      `${reference.seconds.toFixed(1)} s = ${referenceRate.toFixed(1)} calls/s, ` +
      `${share(referenceRate)} of the ceiling`,
    `Local server over HTTP with the real client: ${clean.calls} calls in ` +
      `${clean.seconds.toFixed(1)} s = ${achieved.toFixed(1)} calls/s, ${share(achieved)} of the ` +
      `ceiling (goal >= 90%), ${((100 * achieved) / referenceRate).toFixed(1)}% of the reference; ` +
      `${clean.retries} retries`,
    `With 10% injected failures: ${faulty.failed} of ${faulty.calls} calls failed (429 + ` +
      `retry-after, 500, cut-off), ${faulty.retries} retries; ` +
      `${faulty.summary.rows} of ${rows} rows landed, ${lost} lost (goal 0); stopped because ` +
      `${faulty.summary.stopped_because}; degraded [${faulty.summary.degraded.join(', ')}]`,
  ].join('\n') + '\n',
);
const GOAL_SHARE = 0.9;
const results = [
  {
    name: `backends: calls/s over HTTP, limit ${limit}, latency ${latency} ms`,
    measured: achieved,
    unit: 'calls/s',
    reference: ceiling,
    reference_name: 'ceiling: limit / latency',
    ratio: achieved / ceiling,
    goal: `ratio >= ${GOAL_SHARE}`,
    met: achieved >= GOAL_SHARE * ceiling,
  },
  {
    name: 'backends: calls/s, in-process reference (no HTTP)',
    measured: referenceRate,
    unit: 'calls/s',
    reference: ceiling,
    reference_name: 'ceiling: limit / latency',
    ratio: referenceRate / ceiling,
    goal: 'none (reference)',
    met: null,
  },
  {
    name: `backends: rows lost with 10% failures (of ${rows})`,
    measured: lost,
    unit: 'rows',
    reference: 0,
    reference_name: 'none lost',
    ratio: null,
    goal: '0 lost',
    met: lost === 0,
  },
];
process.stdout.write(`${JSON.stringify({ bench: 'backends', rows, latency_ms: latency, limit, results })}\n`);
if (lost > 0 || achieved < GOAL_SHARE * ceiling) process.exitCode = 1;
