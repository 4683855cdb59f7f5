/**
 * `npm run bench:export-engine` (tsx engine/benchmarks/export.bench.ts [rows]): the engine's general SFT path (rows made in
 * memory, every line built and checked; what TRL, other options and rows without a prepared line cost; the app's export
 * from its store is `npm run bench:export`). Exports 100,000 realistic tool-calling rows in the
 * OpenAI-compatible SFT format (samples, line validation on every line, round-trip and leak gates, serialisation) into
 * a file, and compares it with references measured in the same run:
 * - raw: writing the same number of bytes from one buffer (the disk's rate; the goal is half of it), both in a process
 *   of its own and right after each export in the export's process (the machine is shared, and its load moves between
 *   processes; a disk that has just taken a large file can also be slower to take the next): the ratios use the faster
 *   of the two, the stricter reference,
 * - serialize + write: JSON.stringify of one prebuilt line per row through the same writer (the floor of any
 *   single-threaded JSONL export in JavaScript), and the same on as many worker threads as the export uses, with its
 *   page protocol (node/__fixtures__/floor-worker.mjs): the floor of the parallel export.
 * The export runs twice: on worker threads (`writeTrainingParallel`, each worker making its own rows, as the app's
 * workers read their own rows from the store) and on this thread (`exportTraining` + `writeJsonl`). Both include
 * making the rows. The workers start from a bundle of their entry (node/__fixtures__/refund-pages-worker.ts, built
 * with esbuild before the clock starts), as the desktop app starts its bundled export worker: from source, tsx
 * would compile each worker's modules again (about half a second of CPU per worker). Starting the workers is measured.
 * Each measurement runs in a fresh process, so one's heap never inflates another's peak memory.
 * Prints wall and CPU time (every thread of the process), rates, ratios to raw and peak resident memory.
 * Goal (issue 9): at least half the raw rate, under 300 MB. The last line is JSON for `npm run bench`
 * (main/reliability/bench-all.ts).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, open, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { REFUND_CONTEXT, refundInput } from '../export/__fixtures__/refund-rows';
import { rowPage } from '../export/__fixtures__/refund-pages';
import { openAiLine } from '../export/formats/openai-format';
import { exportTraining, type TrainingReport } from '../export/formats/training-export';
import { trainingSamples } from '../export/formats/training-samples';
import type { JsonlChunk, WriteOptions } from '../export/node/jsonl-writer';

const MODES = ['parallel', 'serial', 'floor', 'floor-workers', 'raw'] as const;
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
  /** Seconds to write the same bytes raw, in this process right after the export (null for the raw mode itself). */
  raw_wall: number | null;
}

const count = Number(process.argv[2] ?? 100_000);
const GOAL_RATIO = 0.5;
const GOAL_PEAK_MB = 300;

/** Writes `bytes` bytes from one 64 KiB buffer and syncs them: the disk's rate, the reference of every ratio. */
async function writeRaw(file: string, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(1 << 16, 'x');
  const start = performance.now();
  const handle = await open(file, 'w');
  for (let remaining = bytes; remaining > 0; remaining -= chunk.length) await handle.write(chunk, 0, Math.min(chunk.length, remaining));
  await handle.sync();
  await handle.close();
  return (performance.now() - start) / 1000;
}

/** The bench's worker entry bundled into `folder` (as main/electron/build.ts bundles the app's), not timed. */
function bundleWorker(folder: string): string {
  const entry = fileURLToPath(new URL('../export/node/__fixtures__/refund-pages-worker.ts', import.meta.url));
  const esbuild = fileURLToPath(new URL('../../node_modules/.bin/esbuild', import.meta.url));
  const outfile = join(folder, 'refund-pages-worker.mjs');
  const built = spawnSync(
    esbuild,
    [entry, '--bundle', '--platform=node', '--format=esm', '--target=node20', `--outfile=${outfile}`, '--log-level=warning'],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`bundling the export worker failed: ${built.stderr}`);
  return outfile;
}

type FloorPage = { page: number; lines: number; bytes: Uint8Array };

/**
 * The floor on worker threads: `count` copies of `line` serialised by as many workers as the export's default, in
 * 256-row pages at most 4 ahead of the writer, written in page order through `writeJsonlChunks`.
 */
async function writeFloorOnWorkers(
  line: unknown,
  write: WriteOptions,
  writeChunks: (chunks: AsyncIterable<JsonlChunk>, options: WriteOptions) => Promise<{ lines: number }>,
) {
  const pageRows = 256;
  const workerCount = Math.min(4, availableParallelism());
  const arrived = new Map<number, FloorPage>();
  let waiting: { page: number; resolve: (page: FloorPage) => void } | null = null;
  const workers = Array.from({ length: workerCount }, (_, index) => {
    const worker = new Worker(new URL('../export/node/__fixtures__/floor-worker.mjs', import.meta.url), {
      execArgv: [],
      workerData: { line, total: count, pageRows, index, workers: workerCount, maxAhead: 4 },
    });
    worker.on('message', (message: FloorPage) => {
      if (waiting?.page === message.page) waiting.resolve(message);
      else arrived.set(message.page, message);
    });
    return worker;
  });
  const next = (page: number) =>
    new Promise<FloorPage>((resolve) => {
      const message = arrived.get(page);
      if (message) {
        arrived.delete(page);
        resolve(message);
      } else waiting = { page, resolve };
    });
  async function* chunks(): AsyncGenerator<JsonlChunk> {
    for (let page = 0; page * pageRows < count; page++) {
      const { lines, bytes } = await next(page);
      const worker = workers[page % workerCount]!;
      yield { bytes, lines, written: () => worker.postMessage(bytes.buffer, [bytes.buffer as ArrayBuffer]) };
    }
  }
  try {
    return await writeChunks(chunks(), write);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

async function measure(mode: Mode, folder: string, rawBytes: number): Promise<Measure> {
  // Loaded by file name: under tsx these adapters resolve only with their extension spelled out.
  const writerFile = '../export/node/jsonl-writer.ts';
  const parallelFile = '../export/node/parallel-training.ts';
  const { writeJsonl, writeJsonlChunks }: typeof import('../export/node/jsonl-writer') = await import(writerFile);
  const { writeTrainingParallel }: typeof import('../export/node/parallel-training') = await import(parallelFile);
  const workerUrl = mode === 'parallel' ? bundleWorker(folder) : undefined;
  const prebuiltLine = openAiLine(trainingSamples(refundInput(), REFUND_CONTEXT)[0]!, REFUND_CONTEXT);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const file = join(folder, `${mode}.jsonl`);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  let lines = 0;
  let report: TrainingReport | null = null;
  switch (mode) {
    case 'parallel': {
      const pages = new URL('../export/__fixtures__/refund-pages.ts', import.meta.url).href;
      const result = await writeTrainingParallel(
        { module: pages, data: {}, total: count },
        REFUND_CONTEXT,
        { format: 'openai', workerUrl },
        { folder, file: `${mode}.jsonl` },
      );
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
      const serialized = function* (): Generator<string> {
        for (let index = 0; index < count; index++) yield JSON.stringify(prebuiltLine);
      };
      ({ lines } = await writeJsonl(serialized(), { folder, file: `${mode}.jsonl` }));
      break;
    }
    case 'floor-workers':
      ({ lines } = await writeFloorOnWorkers(prebuiltLine, { folder, file: `${mode}.jsonl` }, writeJsonlChunks));
      break;
    case 'raw':
      await writeRaw(file, rawBytes);
      break;
  }
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  let rawWall: number | null = null;
  if (mode !== 'raw') {
    const rawFile = join(folder, `${mode}.raw`);
    rawWall = await writeRaw(rawFile, (await stat(file)).size);
    await rm(rawFile, { force: true });
  }
  const content = await readFile(file);
  const gates = report
    ? `${report.tool_call_roundtrip.invalid} bad of ${report.tool_call_roundtrip.checked} calls, ${report.privileged_leaks.n_leaked} leaks in ${report.privileged_leaks.n_checked} rows, ${report.line_check.n_invalid} invalid of ${report.line_check.n_lines} validated lines`
    : null;
  return {
    mode,
    wall,
    cpu: (cpu.user + cpu.system) / 1e6,
    peak,
    bytes: content.length,
    lines,
    sha256: createHash('sha256').update(content).digest('hex'),
    gates,
    raw_wall: rawWall,
  };
}

const [, , , childMode, childFolder, childBytes] = process.argv;
if (childMode) {
  const result = await measure(childMode as Mode, childFolder!, Number(childBytes ?? 0));
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const folder = await mkdtemp(join(tmpdir(), 'export-bench-'));
  try {
    const measures = new Map<Mode, Measure>();
    let bytes = 0;
    for (const mode of MODES) {
      const child = spawnSync(
        process.execPath,
        [...process.execArgv, fileURLToPath(import.meta.url), String(count), mode, folder, String(bytes)],
        { encoding: 'utf8' },
      );
      if (child.status !== 0) throw new Error(`bench ${mode} failed: ${child.stderr}`);
      const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measure;
      measures.set(mode, result);
      if (mode === 'parallel') bytes = result.bytes;
      await rm(join(folder, `${mode}.jsonl`), { force: true });
    }
    const raw = measures.get('raw')!;
    const parallel = measures.get('parallel')!;
    const serial = measures.get('serial')!;
    const mb = bytes / 1e6;
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} (other work on the machine slows every figure; the ratios compare runs of the same moment)`,
    );
    console.log(
      `rows ${count}, lines ${parallel.lines}, ${mb.toFixed(1)} MB; gates: ${parallel.gates}; worker-thread file identical to one-thread file: ${parallel.sha256 === serial.sha256}`,
    );
    const names: Record<Mode, string> = {
      parallel: 'export, worker threads',
      serial: 'export, one thread',
      floor: 'floor, one thread',
      'floor-workers': 'floor, worker threads',
      raw: 'raw bytes',
    };
    /** The raw write measured in the run's own process, right after it. */
    /** The faster of the raw write in the run's own process and the raw run alone: the stricter reference. */
    const rawWall = (run: Measure) => Math.min(run.raw_wall ?? Number.POSITIVE_INFINITY, raw.wall);
    for (const mode of MODES) {
      const run = measures.get(mode)!;
      const sameProcess =
        run.raw_wall === null
          ? ''
          : ` (raw in this process ${run.raw_wall.toFixed(2)} s; to the raw run alone ${(raw.wall / run.wall).toFixed(2)})`;
      console.log(
        `${names[mode].padEnd(26)} wall ${run.wall.toFixed(2)} s (${(mb / run.wall).toFixed(1)} MB/s)  cpu ${run.cpu.toFixed(2)} s  ${((run.cpu / count) * 1e6).toFixed(0)} µs/row  ratio to raw ${(rawWall(run) / run.wall).toFixed(2)}${sameProcess}  peak rss ${(run.peak / 1e6).toFixed(0)} MB`,
      );
    }
    const floor = measures.get('floor-workers')!;
    console.log(
      `floor: JSON.stringify of one prebuilt line per row, encoded and written as the export writes; the export on worker threads runs at ${(floor.wall / parallel.wall).toFixed(2)} of the floor on worker threads, the floor itself at ${(rawWall(floor) / floor.wall).toFixed(2)} of raw`,
    );
    const best = Math.max(rawWall(parallel) / parallel.wall, rawWall(serial) / serial.wall);
    console.log(
      `goal: export at >= ${GOAL_RATIO} of the raw rate (best ${best.toFixed(2)}), peak rss < ${GOAL_PEAK_MB} MB (worker threads ${(parallel.peak / 1e6).toFixed(0)} MB, one thread ${(serial.peak / 1e6).toFixed(0)} MB)`,
    );
    const rate = (run: Measure) => mb / run.wall;
    const rawRate = (run: Measure) => mb / rawWall(run);
    const threads = { parallel: 'worker threads', serial: 'one thread' } as const;
    const results: {
      name: string;
      measured: number;
      unit: string;
      reference: number;
      reference_name: string;
      ratio: number;
      goal: string;
      met: boolean | null;
    }[] = (['parallel', 'serial'] as const).flatMap((mode) => {
      const run = measures.get(mode)!;
      return [
        {
          name: `export ${count} rows, ${threads[mode]}: rate`,
          measured: rate(run),
          unit: 'MB/s',
          reference: rawRate(run),
          reference_name: 'raw bytes written (the faster of same process and alone)',
          ratio: rate(run) / rawRate(run),
          goal: `ratio >= ${GOAL_RATIO}`,
          met: rate(run) / rawRate(run) >= GOAL_RATIO,
        },
        {
          name: `export ${count} rows, ${threads[mode]}: peak memory`,
          measured: run.peak / 1e6,
          unit: 'MB',
          reference: GOAL_PEAK_MB,
          reference_name: 'goal',
          ratio: run.peak / 1e6 / GOAL_PEAK_MB,
          goal: `< ${GOAL_PEAK_MB} MB`,
          met: run.peak / 1e6 < GOAL_PEAK_MB,
        },
      ];
    });
    results.push({
      name: `export ${count} rows, worker threads: rate against its floor (serialising a prebuilt line on as many threads)`,
      measured: rate(parallel),
      unit: 'MB/s',
      reference: rate(floor),
      reference_name: 'floor on worker threads',
      ratio: rate(parallel) / rate(floor),
      goal: '–',
      met: null,
    });
    console.log(JSON.stringify({ bench: 'export-engine', rows: count, identical: parallel.sha256 === serial.sha256, results }));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
