import type { AxisCounts, AxisPairCoverage, CoverageCell, CoverageMatrix, CoverageSummary, PolicyGap } from '../../../shared/api/coverage';
import { AXES, UNSPECIFIED, type Axis, type Run, type Spec } from '../../../shared/domain';
import { aimProblems, axesOfPair, coverageGap, pairsOf, pairwiseSummary, stableJson, type GridPlan } from '../../../engine/index';
import { axisCounts, cellCounts, gradeTotals, iteratePrompts } from '../../store/rows/coverage-queries';
import { specOfRun } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { coveredPairs, planDriftWarning, runPairsAccounting, runPlan } from './coverage-plan';
import { requireRun } from '../runs/runs-service';
import { ServiceError } from '../app/service-error';

export function requireSpec(context: AppContext, run: Run): Spec {
  const spec = specOfRun(context.db, run);
  if (!spec) throw new ServiceError('NOT_FOUND', `Run ${run.id} has no stored spec, so its planned grid cannot be read.`);
  return spec;
}

/** The pairsOf key of one value of axis x met with one value of axis y. */
function pairKey(x: Axis, xValue: string, y: Axis, yValue: string): string {
  return pairsOf({ [x]: xValue, [y]: yValue })[0]!;
}

/** The two axes a pairsOf key joins, in axis order. */
function axesInOrder(pair: string): [Axis, Axis] {
  const [first, second] = axesOfPair(pair) as [Axis, Axis];
  return AXES.indexOf(first) < AXES.indexOf(second) ? [first, second] : [second, first];
}

/** The spec's values in order, then any value the rows carry that the spec does not declare, sorted. */
function valuesWithExtras(declared: readonly string[], seen: Iterable<string>): string[] {
  const known = new Set(declared);
  const extras = [...new Set(seen)].filter((value) => !known.has(value)).sort();
  return [...declared, ...extras];
}

/** The run's own warnings, a plan that no longer matches the run, and axis values the spec does not declare. */
function warningsOf(run: Run, plan: GridPlan, spec: Spec, axes: readonly AxisCounts[]): string[] {
  const warnings = [...run.warnings];
  const drift = planDriftWarning(run, plan);
  if (drift) warnings.push(drift);
  const undeclared = axes.flatMap(({ axis, values }) =>
    values.filter((entry) => !entry.declared && entry.rows > 0).map((entry) => `${axis} "${entry.value}"`),
  );
  if (undeclared.length > 0) {
    const named = undeclared.slice(0, 3).join(', ');
    warnings.push(
      `Some rows carry axis values the spec does not list ` +
        `(${named}${undeclared.length > 3 ? `, and ${undeclared.length - 3} more` : ''}): ` +
        'they are shown after the declared values and are never planned.',
    );
  }
  return warnings;
}

/** One heatmap: every value of axis x met with every value of axis y, with planned, rows, failing and graded. */
export function coverageMatrix(context: AppContext, input: { run_id: string; x: Axis; y: Axis }): CoverageMatrix {
  const { x, y } = input;
  const run = requireRun(context, input.run_id);
  const spec = requireSpec(context, run);
  const plan = runPlan(run, spec);
  const counts = cellCounts(context.db, run.id, x, y);
  const byPair = new Map(counts.map((count) => [pairKey(x, count.x, y, count.y), count]));
  const xValues = valuesWithExtras(
    spec.axes[x],
    counts.map((count) => count.x),
  );
  const yValues = valuesWithExtras(
    spec.axes[y],
    counts.map((count) => count.y),
  );
  const cells: CoverageCell[] = yValues.flatMap((yValue) =>
    xValues.map((xValue) => {
      const pair = pairKey(x, xValue, y, yValue);
      const count = byPair.get(pair);
      return {
        x: xValue,
        y: yValue,
        planned: plan.planned.has(pair),
        feasible: aimProblems(spec.axes, { [x]: xValue, [y]: yValue }).length === 0,
        rows: count?.rows ?? 0,
        failing: count?.failing ?? 0,
        graded: count?.graded ?? 0,
      };
    }),
  );
  const planned = cells.filter((cell) => cell.planned);
  return {
    warnings: warningsOf(run, plan, spec, axisValueCounts(context, run.id, spec, plan)),
    degraded: run.degraded,
    run_id: run.id,
    x,
    y,
    x_values: xValues,
    y_values: yValues,
    cells,
    pairwise: pairwiseSummary(planned.length, planned.filter((cell) => cell.rows > 0).length),
    n_rows: counts.reduce((sum, count) => sum + count.rows, 0),
  };
}

function axisPairFigures(plan: GridPlan, covered: ReadonlySet<string>): AxisPairCoverage[] {
  const tally = new Map<string, { planned: number; covered: number }>();
  for (const pair of plan.planned) {
    const id = axesInOrder(pair).join('|');
    const entry = tally.get(id) ?? { planned: 0, covered: 0 };
    entry.planned++;
    if (covered.has(pair)) entry.covered++;
    tally.set(id, entry);
  }
  const figures: AxisPairCoverage[] = [];
  for (let first = 0; first < AXES.length; first++) {
    for (let second = first + 1; second < AXES.length; second++) {
      const [x, y] = [AXES[first]!, AXES[second]!];
      const entry = tally.get(`${x}|${y}`) ?? { planned: 0, covered: 0 };
      figures.push({ x, y, ...pairwiseSummary(entry.planned, entry.covered) });
    }
  }
  return figures;
}

function axisValueCounts(context: AppContext, runId: string, spec: Spec, plan: GridPlan): AxisCounts[] {
  return AXES.map((axis) => {
    const counts = new Map(axisCounts(context.db, runId, axis).map((count) => [count.value, count.rows]));
    const planned = new Set(plan.cells.map((cell) => cell.dimensions[axis]));
    const declared = new Set(spec.axes[axis]);
    return {
      axis,
      values: valuesWithExtras(spec.axes[axis], counts.keys()).map((value) => ({
        value,
        rows: counts.get(value) ?? 0,
        planned: planned.has(value),
        declared: declared.has(value),
      })),
    };
  });
}

/**
 * Most prompts the policy gap reads: `coverage_gap` places each ask by its words, about 0.15 ms an ask, and runs on
 * the main process. Beyond this it reads an even spread and says so in its notes.
 */
export const GAP_ASK_LIMIT = 2000;
const gapCache = new Map<string, Omit<PolicyGap, 'rules_without_rows' | 'tools_without_rows'>>();

/** The engine's `coverage_gap` over the run's prompts; rows are only ever appended, so the row count keys it. */
function promptGap(context: AppContext, run: Run, spec: Spec, nRows: number) {
  const key = `${run.id}:${run.spec_id}:${nRows}`;
  const cached = gapCache.get(key);
  if (cached) return cached;
  const prompts = [...iteratePrompts(context.db, run.id, GAP_ASK_LIMIT)];
  const report = coverageGap(prompts, { tools: spec.tools, system_prompt: spec.system_prompt });
  const notes = [...report.notes];
  if (prompts.length < nRows) {
    notes.unshift(
      `This reads ${prompts.length.toLocaleString('en-US')} of ${nRows.toLocaleString('en-US')} prompts, evenly spread over the run: ` +
        'a rule only the rows between reach can read as untested. The rule and tool lists from the axis columns count every row.',
    );
  }
  const gap = {
    n_asks: report.n_asks,
    n_rules_total: report.n_rules_total,
    rules_truncated: report.rules_truncated,
    untested_rules: report.untested_rules,
    untested_tools: report.untested_tools,
    notes,
    summary: report.summary,
  };
  gapCache.set(key, gap);
  if (gapCache.size > 8) gapCache.delete(gapCache.keys().next().value!);
  return gap;
}

function policyGap(context: AppContext, run: Run, spec: Spec, axes: readonly AxisCounts[], nRows: number): PolicyGap {
  const rowsOf = (axis: Axis) => new Map(axes.find((entry) => entry.axis === axis)!.values.map((entry) => [entry.value, entry.rows]));
  const ruleRows = rowsOf('rule');
  const toolRows = rowsOf('tool');
  return {
    rules_without_rows: spec.axes.rule.filter((rule) => rule !== UNSPECIFIED && !ruleRows.get(rule)),
    tools_without_rows: spec.tools.map((tool) => tool.name).filter((name) => !toolRows.get(name)),
    ...promptGap(context, run, spec, nRows),
  };
}

/** The run's pairwise figures, per-pair and per-axis counts, unvisited planned cells and the policy coverage gap. */
export function coverageSummary(context: AppContext, runId: string): CoverageSummary {
  const run = requireRun(context, runId);
  const spec = requireSpec(context, run);
  const plan = runPlan(run, spec);
  const { covered, coordinates } = coveredPairs(context.db, run.id, plan);
  const landed = new Set(coordinates.map(({ dimensions }) => stableJson(dimensions)));
  const axes = axisValueCounts(context, run.id, spec, plan);
  const grades = gradeTotals(context.db, run.id);
  const nRows = coordinates.reduce((sum, entry) => sum + entry.rows, 0);
  return {
    warnings: warningsOf(run, plan, spec, axes),
    degraded: run.degraded,
    run_id: run.id,
    run_name: run.name,
    run_status: run.status,
    aim: run.config.aim ?? null,
    n_rows: nRows,
    n_graded: grades.graded,
    n_failing: grades.failing,
    pairwise: pairwiseSummary(plan.planned.size, covered.size),
    pairs_accounting: runPairsAccounting(run, spec, plan),
    axis_pairs: axisPairFigures(plan, covered),
    axes,
    cells_planned: plan.cells.length,
    cells_unvisited: plan.cells.filter((cell) => !landed.has(stableJson(cell.dimensions))).length,
    gap: policyGap(context, run, spec, axes, nRows),
  };
}
