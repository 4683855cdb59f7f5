// What one mode of the export bench (export.bench.ts) measures, in the process the bench starts for it.
import { createHash } from 'node:crypto';
import { open, readFile, rm, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { REFUND_CONTEXT, refundInput } from '../export/__fixtures__/refund-rows';
import { rowPage } from '../export/__fixtures__/refund-pages';
import { openAiLine } from '../export/formats/openai-format';
import { exportTraining, type TrainingReport } from '../export/formats/training-export';
import { trainingSamples } from '../export/formats/training-samples';
import type { JsonlChunk, WriteOptions } from '../export/node/jsonl-writer';

export const MODES = ['parallel', 'serial', 'floor', 'floor-workers', 'raw'] as const;
export type Mode = (typeof MODES)[number];

export interface Measure {
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

/** Writes `bytes` bytes from one 64 KiB buffer and syncs them: the disk's rate, the reference of every ratio. */
export async function writeRaw(file: string, bytes: number): Promise<number> {
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
  count: number,
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

/** One mode's figures for `count` rows, measured in this process (the bench runs each mode in a fresh one). */
export async function measure(mode: Mode, folder: string, rawBytes: number, count: number): Promise<Measure> {
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
      ({ lines } = await writeFloorOnWorkers(prebuiltLine, count, { folder, file: `${mode}.jsonl` }, writeJsonlChunks));
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
    ? `${report.tool_call_roundtrip.invalid} bad of ${report.tool_call_roundtrip.checked} calls, ` +
      `${report.privileged_leaks.n_leaked} leaks in ${report.privileged_leaks.n_checked} rows, ` +
      `${report.line_check.n_invalid} invalid of ${report.line_check.n_lines} validated lines`
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
