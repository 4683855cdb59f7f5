import type { Headline } from '../../shared/domain/prove-headlines';
import { compareText } from '../text';
import { ALPHA, BOOTSTRAP_DRAWS, CEILING_PASS_RATE, CI_LEVEL, MIN_PAIRED_SHARE, MIN_SLICE_TASKS, PROVE_EFFECT } from './constants';
import { compareRuns, type RunComparison } from './compare-runs';
import { detectableEffect, holdoutSize, type HoldoutSize } from './holdout-size';
import { evalNoise, type EvalNoise } from './noise-band';
import { round4 } from '../../shared/domain/rounding';
import {} from './sample-stats';

/** One graded attempt at a held-out task. */
export interface ProveRecord {
  task_id: string;
  category: string;
  pass: 0 | 1;
  /** Which eval run the attempt belongs to; null = the side's only run. */
  eval_run: string | null;
}

/** One line of the forest plot. Rates are pass@1 (mean of per-task pass rates), 4 dp. */
export interface ProveLine {
  category: string;
  /** Paired tasks when paired, else every distinct task seen. */
  n_tasks: number;
  before: number | null;
  after: number | null;
  delta: number | null;
  ci_low: number | null;
  ci_high: number | null;
  p_value: number | null;
  headline: Headline;
  paired: boolean;
  /** Fewer than MIN_SLICE_TASKS (6) paired tasks: no result here can reach p < 0.05. */
  low_n: boolean;
  /** |delta| at or under this is eval noise; null when fewer than 2 eval runs a side. */
  noise_band: number | null;
}

export interface ProveOptions {
  seed?: number;
  draws?: number;
  minPaired?: number;
  level?: number;
  /** The gain holdout_size plans for; default PROVE_EFFECT 0.05. */
  effect?: number;
}

export interface ProveReport {
  categories: ProveLine[];
  overall: ProveLine;
  warnings: string[];
  min_category_tasks: number;
  /** Tasks a held-out set needs to show `effect`, sized from this pair of runs. */
  holdout_size: HoldoutSize;
  /** The smallest gain the overall paired tasks can detect; null under 2 paired tasks. */
  detectable_effect: number | null;
  seed: number;
  draws: number;
}

function headlineOf(comparison: RunComparison, noise: EvalNoise): Headline {
  if (comparison.verdict === 'insufficient_data') return 'INSUFFICIENT DATA';
  if (comparison.paired_share !== null && comparison.paired_share < MIN_PAIRED_SHARE) {
    return 'NOT COMPARABLE (situations)';
  }
  const isWithinNoise = noise.noise_band !== null && Math.abs(comparison.delta ?? 0) <= noise.noise_band;
  switch (comparison.verdict) {
    case 'a_better':
      return isWithinNoise ? 'NO DIFFERENCE' : 'FAIL';
    case 'b_better':
      if (noise.noise_band === null) return 'INCONCLUSIVE (1 eval run a side, rerun to confirm)';
      return isWithinNoise ? 'NO DIFFERENCE' : 'PASS';
    case 'no_difference_detected':
      return 'NO DIFFERENCE';
    default: {
      const exhaustive: never = comparison.verdict;
      return exhaustive;
    }
  }
}

function proveLine(
  category: string,
  before: readonly ProveRecord[],
  after: readonly ProveRecord[],
  seed: number,
  options: ProveOptions,
): { line: ProveLine; comparison: RunComparison } {
  const toValue = (record: ProveRecord) => ({ task_id: record.task_id, value: record.pass, eval_run: record.eval_run });
  const comparison = compareRuns(before.map(toValue), after.map(toValue), {
    seed,
    draws: options.draws ?? BOOTSTRAP_DRAWS,
    ...(options.minPaired === undefined ? {} : { minPaired: options.minPaired }),
    level: options.level ?? CI_LEVEL,
  });
  const noise = evalNoise(before.map(toValue), after.map(toValue), options.level ?? CI_LEVEL);
  const line: ProveLine = {
    category,
    n_tasks: comparison.paired ? comparison.n_paired : comparison.n_paired + comparison.n_only_a + comparison.n_only_b,
    before: comparison.mean_a,
    after: comparison.mean_b,
    delta: comparison.delta,
    ci_low: comparison.ci95?.lo ?? null,
    ci_high: comparison.ci95?.hi ?? null,
    p_value: comparison.p_value,
    headline: headlineOf(comparison, noise),
    paired: comparison.paired,
    low_n: comparison.n_paired < MIN_SLICE_TASKS,
    noise_band: noise.noise_band,
  };
  return { line, comparison };
}

/** Each task's category: the first one its records name, before then after; conflicts are reported. */
function categoriesOf(records: readonly ProveRecord[], warnings: string[]): Map<string, string> {
  const byTask = new Map<string, string>();
  const conflicts = new Set<string>();
  for (const record of records) {
    const known = byTask.get(record.task_id);
    if (known === undefined) byTask.set(record.task_id, record.category);
    else if (known !== record.category) conflicts.add(record.task_id);
  }
  if (conflicts.size > 0) {
    const examples = [...conflicts].slice(0, 3).join(', ');
    warnings.push(`${conflicts.size} tasks carry more than one category (${examples}): each is counted under the first it names`);
  }
  return byTask;
}

/**
 * The held-out before/after report (SDK delta_report's pass_at_1 line and slice table): overall
 * and per category, paired per-task differences, seeded bootstrap interval, sign-flip p and a
 * headline that calls a gain PASS only when the interval's lower bound is above 0 and the gain
 * is beyond measured eval noise.
 */
export function proveReport(before: readonly ProveRecord[], after: readonly ProveRecord[], options: ProveOptions = {}): ProveReport {
  const seed = options.seed ?? 0;
  const draws = options.draws ?? BOOTSTRAP_DRAWS;
  const warnings: string[] = [];
  if (before.length === 0) warnings.push('no before records: nothing to compare against');
  if (after.length === 0) warnings.push('no after records: nothing to compare');

  const categoryOf = categoriesOf([...before, ...after], warnings);
  const inCategory = (category: string) => (record: ProveRecord) => categoryOf.get(record.task_id) === category;
  const names = [...new Set(categoryOf.values())].sort(compareText);
  // The SDK seeds its by= groups at seed + 100 + i, apart from the overall metric's seed.
  const categories = names.map((name, index) =>
    proveLine(name, before.filter(inCategory(name)), after.filter(inCategory(name)), seed + 100 + index, options),
  );
  const overall = proveLine('overall', before, after, seed, options);

  for (const { line, comparison } of [overall, ...categories]) {
    if (comparison.note !== null) warnings.push(`${line.category}: ${comparison.note}`);
  }
  const lowN = categories.filter(({ line }) => line.low_n).map(({ line, comparison }) => `${line.category} (${comparison.n_paired})`);
  if (lowN.length > 0) {
    warnings.push(
      `low n: ${lowN.join(', ')} have fewer than ${MIN_SLICE_TASKS} paired tasks, too few for any result to reach p < ${ALPHA}`,
    );
  }
  if (overall.line.noise_band === null && overall.comparison.verdict !== 'insufficient_data') {
    warnings.push(
      'one eval run a side: eval noise is unmeasured, so a gain reads INCONCLUSIVE; rerun both sides (eval_run set) to confirm',
    );
  }
  if (overall.line.before !== null && overall.line.before >= CEILING_PASS_RATE) {
    warnings.push(`before pass@1 ${overall.line.before} is at the ceiling (>= ${CEILING_PASS_RATE}): little room left to show a gain`);
  }
  if (categories.length >= 4) {
    const familyError = round4(1 - (1 - ALPHA) ** categories.length);
    warnings.push(`${categories.length} categories: the chance that at least one moves by luck alone is up to ${familyError}`);
  }

  const toValue = (record: ProveRecord) => ({ task_id: record.task_id, value: record.pass });
  const planning = holdoutSize({
    effect: options.effect ?? PROVE_EFFECT,
    before: before.map(toValue),
    after: after.map(toValue),
  });
  const detectable = detectableEffect(
    overall.comparison.n_paired,
    planning.sd_source === 'model' ? { base: planning.base } : { taskStd: planning.task_std },
  );

  return {
    categories: categories.map(({ line }) => line),
    overall: overall.line,
    warnings,
    min_category_tasks: MIN_SLICE_TASKS,
    holdout_size: planning,
    detectable_effect: detectable,
    seed,
    draws,
  };
}
