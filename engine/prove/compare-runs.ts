import { BOOTSTRAP_DRAWS, CI_LEVEL, MIN_CI_TASKS, MIN_PAIRED, MIN_PAIRED_SHARE, PERMUTATION_TOLERANCE } from './constants';
import { SeededRandom } from '../seeded';
import { compareText } from '../text';
import { round4 } from '../../shared/domain/rounding';
import { groupMeans, mean, percentileOfSorted } from './sample-stats';

/** One scored attempt at a task. Several per task are repeats, averaged per task first. */
export interface TaskValue {
  task_id: string;
  /** The metric for this attempt, e.g. 0/1 pass for pass_at_1. */
  value: number;
}

export interface CompareRunsOptions {
  metric?: string;
  /** Bootstrap draws, and sign-flip draws; default BOOTSTRAP_DRAWS 2000. */
  draws?: number;
  /** Seeds the one random stream the bootstrap and then the permutation test draw from. */
  seed?: number;
  /** Shared tasks needed for the paired test; default 5. */
  minPaired?: number;
  /** Interval coverage; default 0.95. */
  level?: number;
}

export type RunsVerdict = 'b_better' | 'a_better' | 'no_difference_detected' | 'insufficient_data';

/** Every number is rounded to 4 dp; every metric and delta is in the metric's units (b minus a). */
export interface RunComparison {
  metric: string;
  paired: boolean;
  n_paired: number;
  n_only_a: number;
  n_only_b: number;
  /** Shared tasks over all distinct tasks; null with no tasks at all. */
  paired_share: number | null;
  /** Task means that entered the test: n_paired when paired, tasks of a plus tasks of b when not. */
  n_used: number;
  /** Over the shared tasks when paired, over each side's tasks otherwise. */
  mean_a: number | null;
  mean_b: number | null;
  delta: number | null;
  ci95: { lo: number; hi: number } | null;
  level: number;
  /** Sign-flip permutation p, two-sided; null unless paired. */
  p_value: number | null;
  verdict: RunsVerdict;
  note: string | null;
}

function bootstrapInterval(draws: number, level: number, resample: () => number): { lo: number; hi: number } {
  const statistics = Array.from({ length: draws }, resample).sort((left, right) => left - right);
  const tail = (1 - level) / 2;
  return {
    lo: round4(percentileOfSorted(statistics, tail)),
    hi: round4(percentileOfSorted(statistics, 1 - tail)),
  };
}

function resampleMean(values: readonly number[], random: SeededRandom): number {
  let sum = 0;
  for (let index = 0; index < values.length; index += 1) {
    sum += values[random.below(values.length)] ?? 0;
  }
  return sum / values.length;
}

/** (extreme + 1) / (draws + 1): the share of random sign flips whose |mean| reaches |delta|. */
function signFlipPValue(differences: readonly number[], delta: number, draws: number, random: SeededRandom): number {
  const threshold = Math.abs(delta) - PERMUTATION_TOLERANCE;
  let extreme = 0;
  for (let draw = 0; draw < draws; draw += 1) {
    let sum = 0;
    for (const difference of differences) sum += random.below(2) === 1 ? difference : -difference;
    if (Math.abs(sum / differences.length) >= threshold) extreme += 1;
  }
  return (extreme + 1) / (draws + 1);
}

function verdictOf(ci95: { lo: number; hi: number } | null): RunsVerdict {
  if (ci95 === null) return 'insufficient_data';
  if (ci95.lo > 0) return 'b_better';
  if (ci95.hi < 0) return 'a_better';
  return 'no_difference_detected';
}

function roundOrNull(value: number | null): number | null {
  return value === null ? null : round4(value);
}

/**
 * Did run b move the metric from run a? (SDK compare_runs.) Paired over shared tasks when there
 * are at least `minPaired`; else an unpaired bootstrap of task means (a weaker test, no p-value)
 * when each side has MIN_CI_TASKS; else insufficient_data. The verdict reads only the interval.
 */
export function compareRuns(a: readonly TaskValue[], b: readonly TaskValue[], options: CompareRunsOptions = {}): RunComparison {
  const metric = options.metric ?? 'pass_at_1';
  const draws = Math.max(1, Math.floor(options.draws ?? BOOTSTRAP_DRAWS));
  const minPaired = options.minPaired ?? MIN_PAIRED;
  const level = options.level ?? CI_LEVEL;
  const random = new SeededRandom(options.seed ?? 0);

  const meansA = groupMeans(a.map((entry) => [entry.task_id, entry.value] as const));
  const meansB = groupMeans(b.map((entry) => [entry.task_id, entry.value] as const));
  const shared = [...meansA.keys()].filter((task) => meansB.has(task)).sort(compareText);
  const nPaired = shared.length;
  const nDistinct = meansA.size + meansB.size - nPaired;
  const pairedShare = nDistinct === 0 ? null : round4(nPaired / nDistinct);
  const counts = {
    n_paired: nPaired,
    n_only_a: meansA.size - nPaired,
    n_only_b: meansB.size - nPaired,
    paired_share: pairedShare,
  };
  const notes: string[] = [];
  if (pairedShare !== null && pairedShare < MIN_PAIRED_SHARE) {
    notes.push(`most tasks unpaired: only ${nPaired} of ${nDistinct} tasks ran on both sides`);
  }

  if (nPaired >= minPaired) {
    const differences = shared.map((task) => (meansB.get(task) ?? 0) - (meansA.get(task) ?? 0));
    const delta = mean(differences) ?? 0;
    const ci95 = bootstrapInterval(draws, level, () => resampleMean(differences, random));
    const pValue = signFlipPValue(differences, delta, draws, random);
    return {
      metric,
      paired: true,
      ...counts,
      n_used: nPaired,
      mean_a: roundOrNull(mean(shared.map((task) => meansA.get(task) ?? 0))),
      mean_b: roundOrNull(mean(shared.map((task) => meansB.get(task) ?? 0))),
      delta: round4(delta),
      ci95,
      level,
      p_value: round4(pValue),
      verdict: verdictOf(ci95),
      note: notes.length === 0 ? null : notes.join('; '),
    };
  }

  const valuesA = [...meansA.keys()].sort(compareText).map((task) => meansA.get(task) ?? 0);
  const valuesB = [...meansB.keys()].sort(compareText).map((task) => meansB.get(task) ?? 0);
  const meanA = mean(valuesA);
  const meanB = mean(valuesB);
  const delta = meanA === null || meanB === null ? null : round4(meanB - meanA);
  const isUnpairedPossible = valuesA.length >= MIN_CI_TASKS && valuesB.length >= MIN_CI_TASKS;
  const ci95 = isUnpairedPossible
    ? bootstrapInterval(draws, level, () => resampleMean(valuesB, random) - resampleMean(valuesA, random))
    : null;
  notes.unshift(
    isUnpairedPossible
      ? `weaker test: ${nPaired} shared tasks (< ${minPaired}), so task means are compared unpaired and there is no p-value`
      : `insufficient data: ${nPaired} shared tasks (< ${minPaired}) and ${valuesA.length} vs ` +
          `${valuesB.length} tasks (< ${MIN_CI_TASKS} a side)`,
  );
  return {
    metric,
    paired: false,
    ...counts,
    n_used: isUnpairedPossible ? valuesA.length + valuesB.length : 0,
    mean_a: roundOrNull(meanA),
    mean_b: roundOrNull(meanB),
    delta,
    ci95,
    level,
    p_value: null,
    verdict: verdictOf(ci95),
    note: notes.join('; '),
  };
}
