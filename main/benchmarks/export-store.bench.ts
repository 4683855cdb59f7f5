/**
 * `npm run bench:export` (tsx main/benchmarks/export-store.bench.ts [rows], 100,000 by default): what a person's export
 * costs, from the store to the file. A real offline run of 200 rows is simulated and graded, then copied in SQL up to
 * `rows` rows (new ids and ordinals, bodies otherwise alike), each copy given its prepared export line as the run
 * executor gives a row it stores, with its DPO pairing facts (timed and printed: that work moved from the export to the
 * simulation). The measure is
 * `runExport` of the whole run to a folder, exactly as the app runs it: the plan (selection, splits), the rows read a
 * page at a time, the file written and synced, the card. Four exports: the default SFT export (OpenAI-compatible) and
 * the default TRL export, rows read as their prepared lines joined with their grades on this thread
 * (engine/export/prepared-line.ts), and DPO (dpo-openai and dpo-trl: paired from the facts stored with each row, migration
 * 019, and a row read whole only for a pair's line, main/services/exports/preference). The SFT and TRL
 * exports run again with every row read whole (each body parsed through its schema, every line built and checked: the
 * general path, which other options and rows stored before migrations 012 and 016 take), as the app runs it on this
 * machine (on worker threads started from a bundle of the desktop app's export worker,
 * main/services/exports/export-worker.ts, where the cores are there), and must give the same file, byte for byte.
 * Every mode runs in a fresh process started from a bundle of this file (as the desktop app runs its main bundle; see
 * bundleBenchAndWorker). The raw reference (as many bytes as the export wrote in all its files, data, metadata and card, from
 * one buffer, synced; before issue 25's correction it was train.jsonl's alone, printed beside) is written in a process of its own
 * and again in each export's process right after it (the machine is shared, and its load moves between processes; a
 * disk that has just taken a large file can also be slower to take the next): the ratios use the faster, the stricter.
 * Goal (issues 9 and 25): at least half the raw rate, under 300 MB. The last line is JSON for `npm run bench`.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ExportRequest } from '../../shared/api/exports';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { buildStore } from './export-bench-store';
import { folderBytes } from './folder-bytes';
import { writeRaw } from './raw-write';
import { runExport } from '../services/exports/export-service';
import { exportTuning } from '../services/exports/export-tuning';

/**
 * A format alone: the export as the app runs it (SFT and TRL from prepared lines, on this thread); `-whole`: every row
 * read whole (the general path, prepared lines unused), as the app runs that (on worker threads where the cores are there).
 */
const MODES = ['openai', 'openai-whole', 'trl', 'trl-whole', 'dpo-openai', 'dpo-trl', 'raw'] as const;
type Mode = (typeof MODES)[number];
type ExportMode = Exclude<Mode, 'raw'>;
/** What each export's figures are called. */
const NAMES: Record<ExportMode, string> = {
  openai: 'default SFT (prepared lines)',
  'openai-whole': 'SFT read whole',
  trl: 'TRL (prepared lines)',
  'trl-whole': 'TRL read whole',
  'dpo-openai': 'DPO (dpo-openai, pairing first)',
  'dpo-trl': 'DPO (dpo-trl, pairing first)',
};
/** The exports whose files must equal their read-whole twin's, byte for byte. */
const TWINS = [
  ['openai', 'openai-whole'],
  ['trl', 'trl-whole'],
] as const;
const GOAL_RATIO = 0.5;
const GOAL_PEAK_MB = 300;

interface Measure {
  mode: Mode;
  wall: number;
  cpu: number;
  peak: number;
  /** data/train.jsonl's bytes (the file the twins compare). */
  bytes: number;
  /** Every byte the export wrote (data, metadata and card): the raw reference writes as many. */
  written: number;
  lines: number;
  sha256: string;
  raw_wall: number | null;
}

const count = Number(process.argv[2] ?? 100_000);

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BUNDLES = join(ROOT, 'node_modules', '.cache', 'export-store-bench');

/** Bundles `entry` with esbuild into the cache folder, where better-sqlite3 resolves as the app's does. */
function bundle(entry: string, outfile: string, extra: string[] = []): string {
  const built = spawnSync(
    join(ROOT, 'node_modules', '.bin', 'esbuild'),
    [
      entry,
      '--bundle',
      '--platform=node',
      '--target=node20',
      '--external:better-sqlite3',
      '--external:electron',
      `--outfile=${join(BUNDLES, outfile)}`,
      '--log-level=error',
      ...extra,
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`bundling ${entry} failed: ${built.stderr}`);
  return join(BUNDLES, outfile);
}

/**
 * The measured processes run from bundles, as the desktop app runs its main bundle and its export worker: this bench
 * (the child modes) and the app's export worker (main/services/exports/export-worker.ts, as main/electron/build.ts builds it).
 * Under tsx a process carries its loader thread (about 75 MB more resident memory) and compiles every module first.
 */
function bundleBenchAndWorker(): { bench: string; worker: string } {
  const requireShim =
    "import { createRequire as createRequireForBundle } from 'node:module'; const require = createRequireForBundle(import.meta.url);";
  return {
    bench: bundle('main/benchmarks/export-store.bench.ts', 'export-store.bench.mjs', ['--format=esm', `--banner:js=${requireShim}`]),
    worker: bundle('main/services/exports/export-worker.ts', 'export-worker.cjs', ['--format=cjs']),
  };
}

/** Whether the desktop app (a bundled worker at hand) exports this many rows read whole on worker threads here. */
const wholeOnWorkers = (): boolean => count >= exportTuning.parallel_min_rows && availableParallelism() >= exportTuning.parallel_min_cores;

async function measure(mode: Mode, dataDir: string, rawBytes: number, workerBundle: string): Promise<Measure> {
  const out = join(dataDir, `out-${mode}`);
  rmSync(out, { recursive: true, force: true });
  if (mode === 'raw') {
    const wall = await writeRaw(join(dataDir, 'raw.bin'), rawBytes);
    rmSync(join(dataDir, 'raw.bin'), { force: true });
    return {
      mode,
      wall,
      cpu: 0,
      peak: process.memoryUsage().rss,
      bytes: rawBytes,
      written: rawBytes,
      lines: 0,
      sha256: '',
      raw_wall: null,
    };
  }
  // The app's own choices, with its bundled export worker at hand.
  Object.assign(exportTuning, { worker_bundle: workerBundle, prepared_lines: !mode.endsWith('-whole') });
  const format = mode.replace(/-whole$/, '');
  const context = createAppContext({ dataDir, mode: 'cli' });
  const run = context.db.prepare('SELECT id FROM runs ORDER BY rowid LIMIT 1').get() as { id: string };
  const request = ExportRequest.parse({
    selection: { run_id: run.id, passes_only: false },
    format,
    splits: ['train'],
    fractions: { holdout: 0, eval: 0 },
    destination: { kind: 'folder', folder: out },
  });
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const cpuStart = process.cpuUsage();
  const start = performance.now();
  const outcome = await runExport(context, request);
  const wall = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  clearInterval(sampler);
  await closeAppContext(context);
  const file = join(out, 'data', 'train.jsonl');
  const written = folderBytes(out);
  const rawWall = await writeRaw(join(dataDir, 'raw.bin'), written);
  rmSync(join(dataDir, 'raw.bin'), { force: true });
  const content = readFileSync(file);
  rmSync(out, { recursive: true, force: true });
  return {
    mode,
    wall,
    cpu: (cpu.user + cpu.system) / 1e6,
    peak,
    bytes: content.length,
    written,
    lines: outcome.n_lines,
    sha256: createHash('sha256').update(content).digest('hex'),
    raw_wall: rawWall,
  };
}

const [, , , childMode, childDir, childBytes, childWorker] = process.argv;
if (childMode) {
  const result = await measure(childMode as Mode, childDir!, Number(childBytes ?? 0), childWorker!);
  process.stdout.write(`${JSON.stringify(result)}\n`);
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'export-store-bench-'));
  try {
    const building = performance.now();
    const copies = await buildStore(dataDir, count);
    console.log(
      `store of ${count} rows built in ${((performance.now() - building) / 1000).toFixed(0)} s (not measured), ` +
        `${copies.pageBytes / 1024} KiB pages`,
    );
    console.log(
      `prepared export lines and DPO pairing facts of the ${copies.rows} copied rows made in ${copies.seconds.toFixed(1)} s, ` +
        `${((copies.seconds / copies.rows) * 1e6).toFixed(0)} µs/row` +
        ' (work moved to the time a row is stored: the simulation bench includes it)',
    );
    const bundles = bundleBenchAndWorker();
    const measures = new Map<Mode, Measure>();
    for (const mode of MODES) {
      const rawBytes = measures.get('openai')?.written ?? 0;
      const child = spawnSync(process.execPath, [bundles.bench, String(count), mode, dataDir, String(rawBytes), bundles.worker], {
        encoding: 'utf8',
      });
      if (child.status !== 0) throw new Error(`bench ${mode} failed: ${child.stderr}`);
      measures.set(mode, JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Measure);
    }
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} (other work on the machine slows every figure)`,
    );
    const identical = TWINS.every(([prepared, whole]) => measures.get(prepared)!.sha256 === measures.get(whole)!.sha256);
    for (const [prepared, whole] of TWINS) {
      const run = measures.get(prepared)!;
      console.log(
        `${prepared}: rows ${count}, lines ${run.lines}, ${(run.bytes / 1e6).toFixed(1)} MB; the file of prepared lines identical to ` +
          `the file of every row read whole: ${run.sha256 === measures.get(whole)!.sha256}`,
      );
    }
    for (const mode of ['dpo-openai', 'dpo-trl'] as const) {
      const run = measures.get(mode)!;
      // The file's hash, to hold a change to the DPO path to the same file, byte for byte, as before it.
      console.log(`${mode}: rows ${count}, lines ${run.lines}, ${(run.bytes / 1e6).toFixed(1)} MB, sha256 ${run.sha256}`);
    }
    const wholeWhere = wholeOnWorkers() ? 'on worker threads' : 'on this thread';
    console.log(
      `the app joins prepared lines on this thread, and reads rows whole ${wholeWhere} on this machine (exportTuning, ` +
        `${availableParallelism()} cores)`,
    );
    const raw = measures.get('raw')!;
    /** The faster of the raw write in the run's own process and the raw run alone (scaled to its bytes): the stricter reference. */
    const rawWall = (run: Measure) => Math.min(run.raw_wall ?? Number.POSITIVE_INFINITY, (raw.wall * run.written) / raw.bytes);
    /** The ratio before issue 25's correction: against the raw time of train.jsonl's bytes alone (at the same raw rate). */
    const trainRatio = (run: Measure) => (rawWall(run) * run.bytes) / run.written / run.wall;
    console.log(`${'raw bytes'.padEnd(36)} wall ${raw.wall.toFixed(2)} s (${(raw.bytes / 1e6 / raw.wall).toFixed(1)} MB/s)`);
    const exports = MODES.filter((mode): mode is ExportMode => mode !== 'raw');
    for (const mode of exports) {
      const run = measures.get(mode)!;
      const mb = run.written / 1e6;
      console.log(
        `${NAMES[mode].padEnd(36)} wall ${run.wall.toFixed(2)} s (${(mb / run.wall).toFixed(1)} MB/s, ${mb.toFixed(0)} MB in all files, ` +
          `${(run.bytes / 1e6).toFixed(0)} MB train.jsonl)  cpu ${run.cpu.toFixed(2)} s  ${((run.cpu / count) * 1e6).toFixed(0)} µs/row  ` +
          `ratio to raw ${(rawWall(run) / run.wall).toFixed(2)} (against train.jsonl's bytes alone ${trainRatio(run).toFixed(2)}; raw in ` +
          `this process ${run.raw_wall!.toFixed(2)} s)  peak rss ${(run.peak / 1e6).toFixed(0)} MB`,
      );
    }
    const results = exports.flatMap((mode) => {
      const run = measures.get(mode)!;
      const where = mode.endsWith('-whole') ? `, ${wholeWhere}` : '';
      const label = `export ${count} stored rows, ${NAMES[mode]}${where}`;
      const ratio = rawWall(run) / run.wall;
      const mb = run.written / 1e6;
      return [
        {
          name: `${label}: rate`,
          measured: mb / run.wall,
          unit: 'MB/s',
          reference: mb / rawWall(run),
          reference_name: 'raw write of every byte the export wrote (the faster of same process and alone)',
          ratio,
          goal: `ratio >= ${GOAL_RATIO}`,
          met: ratio >= GOAL_RATIO,
        },
        {
          name: `${label}: peak memory`,
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
    console.log(JSON.stringify({ bench: 'export', rows: count, identical, results }));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
