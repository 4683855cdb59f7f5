/**
 * Pairwise benchmark: `npx tsx engine/coverage/bench/pairwise.bench.ts [--seed N] [--effort N]`.
 * For every model in ../shared/bench/covering/models (beside the repo), builds the array at the
 * default effort, verifies it with the shared check.mjs, and prints rows and time against PICT.
 * Exits non-zero when an array is invalid. Times are wall clock, after one untimed warm-up call.
 * The last line is JSON for `npm run bench` (main/reliability/bench-all.ts): per model, rows against PICT's minimum
 * (goal: no more), and for the agent-sized models the time (goal: under 100 ms).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { coveringArray, DEFAULT_EFFORT } from '../covering-array';
import { parsePictModel } from '../pict-model';

/** From ../shared/bench/covering/README.md: PICT over 100 seeds, and the literature's best known. */
const REFERENCE: Readonly<Record<string, { pictMin: number; pictMedian: number; bestKnown?: number }>> = {
  u2_10: { pictMin: 8, pictMedian: 8, bestKnown: 6 },
  u3_4: { pictMin: 9, pictMedian: 11, bestKnown: 9 },
  u3_13: { pictMin: 18, pictMedian: 20, bestKnown: 15 },
  u4_15: { pictMin: 34, pictMedian: 35, bestKnown: 26 },
  u5_10: { pictMin: 45, pictMedian: 47, bestKnown: 36 },
  u6_6: { pictMin: 50, pictMedian: 53, bestKnown: 41 },
  u10_10: { pictMin: 164, pictMedian: 167, bestKnown: 115 },
  'm5_1-3_8-2_2': { pictMin: 19, pictMedian: 22, bestKnown: 15 },
  'm6_4-4_3-2_5': { pictMin: 47, pictMedian: 50 },
  agent_small: { pictMin: 58, pictMedian: 61 },
  agent_large: { pictMin: 300, pictMedian: 300, bestKnown: 300 },
};

const { values: flags } = parseArgs({
  options: { seed: { type: 'string', default: '1' }, effort: { type: 'string', default: String(DEFAULT_EFFORT) } },
});
const seed = Number(flags.seed);
const effort = Number(flags.effort);
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const benchDirectory = findBenchDirectory(repoRoot);
const modelDirectory = path.join(benchDirectory, 'models');
const checker = path.join(benchDirectory, 'check.mjs');
const scratch = mkdtempSync(path.join(tmpdir(), 'pairwise-bench-'));

// One untimed call first, so the first model's time is not the JIT's warm-up.
coveringArray(
  [9, 8, 7, 6, 5, 4].map((size, index) => ({
    name: `warm${index}`,
    values: Array.from({ length: size }, (_, value) => `v${value}`),
  })),
  { seed },
);

const header = ['model', 'rows', 'ms', 'PICT min', 'PICT median', 'best known', 'rows/PICT min', 'rows/best', 'verdict'];
const table: string[][] = [];
/** One figure for the aggregated table of `npm run bench`. */
interface BenchResult {
  name: string;
  measured: number;
  unit: string;
  reference: number;
  reference_name: string;
  ratio: number;
  goal: string;
  met: boolean;
}
const results: BenchResult[] = [];
/** Models of agent size (six axes, up to 20 values): the goal says under 100 ms. */
const AGENT_SIZED = ['agent_small', 'agent_large'];
const AGENT_TIME_GOAL_MS = 100;
let invalidCount = 0;
try {
  for (const file of readdirSync(modelDirectory)
    .filter((name) => name.endsWith('.txt'))
    .sort()) {
    const name = file.slice(0, -'.txt'.length);
    const modelPath = path.join(modelDirectory, file);
    const axes = parsePictModel(readFileSync(modelPath, 'utf8'));
    const started = performance.now();
    const rows = coveringArray(axes, { seed, effort });
    const elapsed = performance.now() - started;
    const arrayPath = path.join(scratch, `${name}.tsv`);
    const lines = [axes.map((axis) => axis.name), ...rows].map((cells) => cells.join('\t'));
    writeFileSync(arrayPath, `${lines.join('\n')}\n`);
    const check = spawnSync(process.execPath, [checker, modelPath, arrayPath, '--json'], { encoding: 'utf8' });
    const verdict = readVerdict(check.stdout, rows.length);
    if (verdict !== 'VALID') {
      invalidCount++;
      process.stderr.write(`${name}: ${verdict}\n${check.stdout}${check.stderr}`);
    }
    const reference = REFERENCE[name];
    table.push([
      name,
      String(rows.length),
      elapsed.toFixed(1),
      reference === undefined ? '-' : String(reference.pictMin),
      reference === undefined ? '-' : String(reference.pictMedian),
      reference?.bestKnown === undefined ? '-' : String(reference.bestKnown),
      reference === undefined ? '-' : (rows.length / reference.pictMin).toFixed(3),
      reference?.bestKnown === undefined ? '-' : (rows.length / reference.bestKnown).toFixed(3),
      verdict,
    ]);
    if (reference !== undefined) {
      results.push({
        name: `pairwise ${name}: rows`,
        measured: rows.length,
        unit: 'rows',
        reference: reference.pictMin,
        reference_name: 'PICT min of 100 seeds',
        ratio: rows.length / reference.pictMin,
        goal: 'ratio <= 1, array VALID',
        met: rows.length <= reference.pictMin && verdict === 'VALID',
      });
    }
    if (AGENT_SIZED.includes(name)) {
      results.push({
        name: `pairwise ${name}: time`,
        measured: elapsed,
        unit: 'ms',
        reference: AGENT_TIME_GOAL_MS,
        reference_name: 'goal',
        ratio: elapsed / AGENT_TIME_GOAL_MS,
        goal: `< ${AGENT_TIME_GOAL_MS} ms`,
        met: elapsed < AGENT_TIME_GOAL_MS,
      });
    }
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const widths = header.map((title, column) => Math.max(title.length, ...table.map((row) => row[column]!.length)));
const format = (cells: readonly string[]): string =>
  cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
console.log(`pairwise covering arrays, seed ${seed}, effort ${effort}`);
console.log(format(header));
for (const row of table) console.log(format(row));
if (invalidCount > 0) {
  console.error(`${invalidCount} invalid array(s)`);
  process.exitCode = 1;
}
console.log(JSON.stringify({ bench: 'pairwise', seed, effort, results }));

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
