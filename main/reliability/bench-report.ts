// The machine-readable line every benchmark ends with, and the one table `npm run bench` prints from them.

/** One figure of a bench, as its JSON line gives it. */
export interface BenchResult {
  name: string;
  measured: number;
  unit: string;
  /** What the figure is compared with: a reference measured in the same run (floor, raw rate, PICT) or the goal. */
  reference: number;
  reference_name: string;
  /** measured / reference; null where a ratio means nothing (a count that must be 0). */
  ratio: number | null;
  goal: string;
  /** null for a reference row with no goal of its own. */
  met: boolean | null;
}

export interface BenchOutcome {
  script: string;
  exitCode: number | null;
  seconds: number;
  results: BenchResult[];
  /** Why there are no results: the bench printed no JSON line. */
  failure?: string;
}

const numberOr = <T>(value: unknown, fallback: T): number | T => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** A result as a bench wrote it, with what it left out filled in: no goal is `-`, no verdict is null. */
function normalized(value: unknown): BenchResult {
  const result = (typeof value === 'object' && value !== null ? value : {}) as Partial<Record<keyof BenchResult, unknown>>;
  return {
    name: typeof result.name === 'string' ? result.name : '(unnamed)',
    measured: numberOr(result.measured, Number.NaN),
    unit: typeof result.unit === 'string' ? result.unit : '',
    reference: numberOr(result.reference, Number.NaN),
    reference_name: typeof result.reference_name === 'string' ? result.reference_name : 'reference',
    ratio: numberOr(result.ratio, null),
    goal: typeof result.goal === 'string' ? result.goal : '-',
    met: typeof result.met === 'boolean' ? result.met : null,
  };
}

/** The last line of `stdout` that is a bench's JSON report, or null. */
export function benchReport(stdout: string): { bench: string; results: BenchResult[] } | null {
  for (const line of stdout.trim().split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const value = JSON.parse(line) as { bench?: unknown; results?: unknown };
      if (typeof value.bench === 'string' && Array.isArray(value.results))
        return { bench: value.bench, results: value.results.map(normalized) };
    } catch {
      // Not the report line: keep looking upwards.
    }
  }
  return null;
}

/** A figure with three significant digits or so; counts as they are. */
const significant = (value: number): string => {
  if (Number.isNaN(value)) return '-';
  if (Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude >= 100) return value.toFixed(0);
  if (magnitude >= 10) return value.toFixed(1);
  return value.toFixed(magnitude >= 1 || magnitude === 0 ? 2 : 3);
};

/** The table's rows as Markdown (readable in a terminal, pasted as is into README). */
export function benchTable(outcomes: readonly BenchOutcome[]): string {
  const header = ['benchmark', 'measured', 'reference', 'ratio', 'goal', 'met?'];
  const rows: string[][] = [];
  for (const outcome of outcomes) {
    if (outcome.failure) rows.push([outcome.script, '-', '-', '-', '-', `FAILED: ${outcome.failure}`]);
    for (const result of outcome.results) {
      rows.push([
        result.name,
        `${significant(result.measured)} ${result.unit}`,
        `${significant(result.reference)} ` +
          `${result.unit}${result.reference_name.includes('(') ? `: ${result.reference_name}` : ` (${result.reference_name})`}`,
        result.ratio === null ? '-' : result.ratio.toFixed(3),
        result.goal,
        result.met === null ? '-' : result.met ? 'yes' : 'NO',
      ]);
    }
  }
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  // Text columns (benchmark, goal, met?) align left, figures right.
  const isText = (column: number) => column === 0 || column === 4 || column === 5;
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, column) => (isText(column) ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => `${'-'.repeat(width + 1)}${isText(column) ? '-' : ':'}`).join('|')}|`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}
