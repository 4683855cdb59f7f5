/**
 * Pairwise benchmark: `npx tsx engine/benchmarks/pairwise/pairwise.bench.ts [--seed N] [--effort N]`.
 * For every model in ../shared/bench/covering/models (beside the repo) and the uniform models of GENERATED_MODELS,
 * builds the array (at each model's default effort unless --effort says otherwise), verifies it with the shared
 * check.mjs, and prints rows, time and verdict against PICT and the best known size. Exits non-zero when an array
 * is invalid. Times are wall clock, after one untimed warm-up call.
 * The last line is JSON for `npm run bench` (main/reliability/bench-all.ts): per model, rows against the best known
 * size (goal: at most 10% above, and no more than PICT's minimum), the agent-sized models' times (goal: under 100
 * ms), and the geometric mean of rows / best known (goal: at most 1.05).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { coveringArray } from '../../coverage/covering-array';
import type { CoveringAxis } from '../../coverage/covering-types';
import { parsePictModel } from '../../coverage/pict-model';
import { generatedName, GENERATED_MODELS, SHARED_REFERENCES, uniformAxes, type BenchReference } from './bench-models';
import { benchResults, type ModelRun } from './bench-results';

interface BenchModel {
  name: string;
  axes: CoveringAxis[];
  reference: BenchReference;
  /** The model file check.mjs reads. */
  modelPath: string;
}

const { values: flags } = parseArgs({ options: { seed: { type: 'string', default: '1' }, effort: { type: 'string' } } });
const seed = Number(flags.seed);
const effort = flags.effort === undefined ? undefined : Number(flags.effort);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const benchDirectory = findBenchDirectory(repoRoot);
const checker = path.join(benchDirectory, 'check.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'pairwise-bench-'));

// One untimed call first, so the first model's time is not the JIT's warm-up.
coveringArray(
  [9, 8, 7, 6, 5, 4].map((size, index) => ({ name: `warm${index}`, values: Array.from({ length: size }, (_, value) => `v${value}`) })),
  { seed },
);

const runs: ModelRun[] = [];
try {
  for (const model of [...sharedModels(), ...generatedModels()]) runs.push(runModel(model));
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
printTable(runs);
const invalidCount = runs.filter((run) => run.verdict !== 'VALID').length;
if (invalidCount > 0) {
  console.error(`${invalidCount} invalid array(s)`);
  process.exitCode = 1;
}
console.log(JSON.stringify({ bench: 'pairwise', seed, effort: effort ?? 'default', results: benchResults(runs) }));

function sharedModels(): BenchModel[] {
  const modelDirectory = path.join(benchDirectory, 'models');
  return readdirSync(modelDirectory)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const modelPath = path.join(modelDirectory, file);
      const name = file.slice(0, -'.txt'.length);
      return { name, axes: parsePictModel(readFileSync(modelPath, 'utf8')), reference: SHARED_REFERENCES[name] ?? {}, modelPath };
    });
}

function generatedModels(): BenchModel[] {
  return GENERATED_MODELS.map((model) => {
    const axes = uniformAxes(model.levels, model.axes);
    const modelPath = path.join(scratch, `${generatedName(model)}.txt`);
    writeFileSync(modelPath, axes.map((axis) => `${axis.name}: ${axis.values.join(', ')}`).join('\n') + '\n');
    return { name: generatedName(model), axes, reference: { bestKnown: model.bestKnown }, modelPath };
  });
}

function runModel(model: BenchModel): ModelRun {
  const started = performance.now();
  const rows = coveringArray(model.axes, effort === undefined ? { seed } : { seed, effort });
  const milliseconds = performance.now() - started;
  const arrayPath = path.join(scratch, `${model.name}.tsv`);
  const lines = [model.axes.map((axis) => axis.name), ...rows].map((cells) => cells.join('\t'));
  writeFileSync(arrayPath, `${lines.join('\n')}\n`);
  const check = spawnSync(process.execPath, [checker, model.modelPath, arrayPath, '--json'], { encoding: 'utf8' });
  const verdict = readVerdict(check.stdout, rows.length);
  if (verdict !== 'VALID') process.stderr.write(`${model.name}: ${verdict}\n${check.stdout}${check.stderr}`);
  return { name: model.name, rows: rows.length, milliseconds, verdict, reference: model.reference };
}

function printTable(measured: readonly ModelRun[]): void {
  const header = ['model', 'rows', 'best known', 'rows/best', 'PICT min', 'rows/PICT', 'ms', 'verdict'];
  const ratio = (rows: number, reference: number | undefined) => (reference === undefined ? '-' : (rows / reference).toFixed(3));
  const table = measured.map((run) => [
    run.name,
    String(run.rows),
    String(run.reference.bestKnown ?? '-'),
    ratio(run.rows, run.reference.bestKnown),
    String(run.reference.pictMin ?? '-'),
    ratio(run.rows, run.reference.pictMin),
    run.milliseconds.toFixed(1),
    run.verdict,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column]!.length)));
  const format = (cells: readonly string[]): string =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  console.log(`pairwise covering arrays, seed ${seed}, effort ${effort ?? 'default'}`);
  console.log(format(header));
  for (const row of table) console.log(format(row));
}

/** VALID only when check.mjs says so and counted the rows we wrote. */
function readVerdict(stdout: string, rowCount: number): string {
  try {
    const report = JSON.parse(stdout) as { verdict?: string; rows?: number };
    if (report.rows !== rowCount) return `INVALID (checker read ${String(report.rows)} rows)`;
    return report.verdict === 'VALID' ? 'VALID' : 'INVALID';
  } catch {
    return 'INVALID (checker gave no report)';
  }
}

/** shared/bench/covering in the nearest folder above the repo that has one (a worktree may sit deeper than the main clone). */
function findBenchDirectory(start: string): string {
  for (let folder = path.dirname(start); ; folder = path.dirname(folder)) {
    const candidate = path.join(folder, 'shared/bench/covering');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(folder) === folder) throw new Error(`no shared/bench/covering above ${start}`);
  }
}
