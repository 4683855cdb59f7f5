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
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, type Measure, type Mode, MODES } from './export-measure';

const count = Number(process.argv[2] ?? 100_000);
const GOAL_RATIO = 0.5;
const GOAL_PEAK_MB = 300;

const [, , , childMode, childFolder, childBytes] = process.argv;
if (childMode) {
  const result = await measure(childMode as Mode, childFolder!, Number(childBytes ?? 0), count);
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
      `rows ${count}, lines ${parallel.lines}, ${mb.toFixed(1)} MB; gates: ${parallel.gates}; ` +
        `worker-thread file identical to one-thread file: ${parallel.sha256 === serial.sha256}`,
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
        `${names[mode].padEnd(26)} wall ${run.wall.toFixed(2)} s (${(mb / run.wall).toFixed(1)} MB/s)  ` +
          `cpu ${run.cpu.toFixed(2)} s  ${((run.cpu / count) * 1e6).toFixed(0)} µs/row  ratio to raw ` +
          `${(rawWall(run) / run.wall).toFixed(2)}${sameProcess}  peak rss ${(run.peak / 1e6).toFixed(0)} MB`,
      );
    }
    const floor = measures.get('floor-workers')!;
    console.log(
      `floor: JSON.stringify of one prebuilt line per row, encoded and written as the export writes; ` +
        `the export on worker threads runs at ${(floor.wall / parallel.wall).toFixed(2)} of the floor on ` +
        `worker threads, the floor itself at ${(rawWall(floor) / floor.wall).toFixed(2)} of raw`,
    );
    const best = Math.max(rawWall(parallel) / parallel.wall, rawWall(serial) / serial.wall);
    console.log(
      `goal: export at >= ${GOAL_RATIO} of the raw rate (best ${best.toFixed(2)}), peak rss < ` +
        `${GOAL_PEAK_MB} MB (worker threads ${(parallel.peak / 1e6).toFixed(0)} MB, one thread ` +
        `${(serial.peak / 1e6).toFixed(0)} MB)`,
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
