/**
 * `npm run bench:export` (tsx engine/export/export.bench.ts [rows]): exports 100,000 realistic tool-calling rows in the
 * OpenAI-compatible SFT format (samples, line validation on every line, round-trip and leak gates, serialisation) into
 * a file, and compares it with references measured in the same run:
 * - raw: writing the same number of bytes from one buffer (the disk's rate; the goal is half of it),
 * - serialize + write: JSON.stringify of one prebuilt line per row through the same writer (the floor of any
 *   single-threaded JSONL export in JavaScript).
 * The export runs twice: on worker threads (`writeTrainingParallel`, each worker making its own rows, as the app's
 * workers read their own rows from the store) and on this thread (`exportTraining` + `writeJsonl`). Both include
 * making the rows. Each measurement runs in a fresh process, so one's heap never inflates another's peak memory.
 * Prints wall and CPU time (every thread of the process), rates, ratios to raw and peak resident memory.
 * Goal (issue 9): at least half the raw rate, under 300 MB.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFUND_CONTEXT, refundInput } from './__fixtures__/refund-rows';
import { rowPage } from './__fixtures__/refund-pages';
import { openAiLine } from './openai-format';
import { exportTraining, type TrainingReport } from './training-export';
import { trainingSamples } from './training-samples';

const MODES = ['parallel', 'serial', 'floor', 'raw'] as const;
type Mode = (typeof MODES)[number];

interface Measure {
  mode: Mode;
  wall: number;
  cpu: number;
  peak: number;
  bytes: number;
  lines: number;
  sha256: string;
  gates: string | null;
}

const count = Number(process.argv[2] ?? 100_000);

async function measure(mode: Mode, folder: string, rawBytes: number): Promise<Measure> {
  // Loaded by file name: under tsx these adapters resolve only with their extension spelled out.
  const writerFile = './node/jsonl-writer.ts';
  const parallelFile = './node/parallel-training.ts';
  const { writeJsonl }: typeof import('./node/jsonl-writer') = await import(writerFile);
  const { writeTrainingParallel }: typeof import('./node/parallel-training') = await import(parallelFile);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const file = join(folder, `${mode}.jsonl`);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let lines = 0;
  let report: TrainingReport | null = null;
  switch (mode) {
    case 'parallel': {
      const pages = new URL('./__fixtures__/refund-pages.ts', import.meta.url).href;
      const result = await writeTrainingParallel({ module: pages, data: {}, total: count }, REFUND_CONTEXT, { format: 'openai' }, { folder, file: `${mode}.jsonl` });
      ({ lines } = result.written);
      report = result.report;
      break;
    }
    case 'serial': {
      const stream = exportTraining(rowPage({}, 0, count), REFUND_CONTEXT, { format: 'openai' });
      ({ lines } = await writeJsonl(stream.lines, { folder, file: `${mode}.jsonl` }));
      report = stream.report();
      break;
    }
    case 'floor': {
      const line = openAiLine(trainingSamples(refundInput(), REFUND_CONTEXT)[0]!, REFUND_CONTEXT);
      const serialized = function* (): Generator<string> {
        for (let index = 0; index < count; index++) yield JSON.stringify(line);
      };
      ({ lines } = await writeJsonl(serialized(), { folder, file: `${mode}.jsonl` }));
      break;
    }
    case 'raw': {
      const chunk = Buffer.alloc(1 << 16, 'x');
      const handle = await open(file, 'w');
      for (let remaining = rawBytes; remaining > 0; remaining -= chunk.length) await handle.write(chunk, 0, Math.min(chunk.length, remaining));
      await handle.sync();
      await handle.close();
      break;
    }
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  const content = await readFile(file);
  const gates = report
    ? `${report.tool_call_roundtrip.invalid} bad of ${report.tool_call_roundtrip.checked} calls, ${report.privileged_leaks.n_leaked} leaks in ${report.privileged_leaks.n_checked} rows, ${report.line_check.n_invalid} invalid of ${report.line_check.n_lines} validated lines`
    : null;
  return { mode, wall, cpu: (cpu.user + cpu.system) / 1e6, peak, bytes: content.length, lines, sha256: createHash('sha256').update(content).digest('hex'), gates };
}

const [, , , childMode, childFolder, childBytes] = process.argv;
if (childMode) {
  const result = await measure(childMode as Mode, childFolder!, Number(childBytes ?? 0));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const folder = await mkdtemp(join(tmpdir(), 'export-bench-'));
  try {
    const results = new Map<Mode, Measure>();
    let bytes = 0;
    for (const mode of MODES) {
      const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), String(count), mode, folder, String(bytes)], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`bench ${mode} failed: ${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measure;
      results.set(mode, result);
      if (mode === 'parallel') bytes = result.bytes;
      await rm(join(folder, `${mode}.jsonl`), { force: true });
    }
    const raw = results.get('raw')!;
    const parallel = results.get('parallel')!;
    const serial = results.get('serial')!;
    const mb = bytes / 1e6;
    console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')} (other work on the machine slows every figure; the ratios compare runs of the same moment)`);
    console.log(`rows ${count}, lines ${parallel.lines}, ${mb.toFixed(1)} MB; gates: ${parallel.gates}; worker-thread file identical to one-thread file: ${parallel.sha256 === serial.sha256}`);
    const names: Record<Mode, string> = { parallel: 'export, worker threads', serial: 'export, one thread', floor: 'serialize + write (floor)', raw: 'raw bytes' };
    for (const mode of MODES) {
      const run = results.get(mode)!;
      console.log(
        `${names[mode].padEnd(26)} wall ${run.wall.toFixed(2)} s (${(mb / run.wall).toFixed(1)} MB/s)  cpu ${run.cpu.toFixed(2)} s  ${((run.cpu / count) * 1e6).toFixed(0)} µs/row  ratio to raw ${(raw.wall / run.wall).toFixed(2)}  peak rss ${(run.peak / 1e6).toFixed(0)} MB`,
      );
    }
    const best = Math.max(raw.wall / parallel.wall, raw.wall / serial.wall);
    console.log(`goal: export at >= 0.5 of the raw rate (best ${best.toFixed(2)}), peak rss < 300 MB (worker threads ${(parallel.peak / 1e6).toFixed(0)} MB, one thread ${(serial.peak / 1e6).toFixed(0)} MB)`);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
