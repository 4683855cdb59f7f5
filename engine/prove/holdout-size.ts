import {
  ALPHA,
  BASE_PASS_RATE,
  CEILING_PASS_RATE,
  DETECTABLE_EFFECT_STEPS,
  MIN_HOLDOUT_TASKS,
  POWER,
  PROVE_EFFECT,
  ROLLOUTS_PER_TASK,
} from './constants';
import type { TaskValue } from './compare-runs';
import { normalQuantile } from './quantiles';
import { round4 } from '../../shared/domain/rounding';
import { groupMeans, mean, sampleStandardDeviation } from './sample-stats';

export interface HoldoutOptions {
  /** The gain to detect, in pass-rate units (0.05 = 5 points); default PROVE_EFFECT. */
  effect?: number;
  /** Pass rate before the change; default the measured before pass@1, else BASE_PASS_RATE 0.6. */
  base?: number;
  /** Rollouts per task on each side; default ROLLOUTS_PER_TASK 4. */
  k?: number;
  power?: number;
  alpha?: number;
  /** Measured runs: the sd of their paired per-task differences is used when >= 2 tasks pair. */
  before?: readonly TaskValue[];
  after?: readonly TaskValue[];
  /** A known sd of per-task differences, used when no rows are given. */
  taskStd?: number;
  ceilingPassRate?: number;
}

export type SdSource = 'rows' | 'given' | 'model';

/**
 * How many held-out tasks a paired before/after test needs (SDK holdout_size):
 * n = ceil(((z_{1-α/2} + z_power) · sd / effect)²), at least MIN_HOLDOUT_TASKS.
 */
export interface HoldoutSize {
  /** null when the effect is not in (0, 1]. */
  n_tasks: number | null;
  /** sd of per-task paired differences, pass-rate units. */
  task_std: number;
  sd_source: SdSource;
  /** Expected half-width of the 95% interval at n_tasks. */
  half_width: number | null;
  /** Tasks needed if the gain sits on the fewest tasks (an `effect` share flipping 0 -> 1); model only. */
  n_tasks_concentrated: number | null;
  /** sd of the before per-task pass rates; rows only. */
  base_spread: number | null;
  n_paired: number | null;
  /** Base at or above the ceiling, or zero sd: sized with the model at base 0.6 instead. */
  saturated: boolean;
  n_tasks_low: number | null;
  /** null when the range has no finite upper end (too few paired tasks to bound the sd). */
  n_tasks_high: number | null;
  /** chi_square: the sd's 1-α interval from n_paired - 1 df; gain_spread: between spread and concentrated gains. */
  n_tasks_range_method: 'chi_square' | 'gain_spread' | 'none';
  notes: string[];
  warnings: string[];
  effect: number;
  base: number;
  k: number;
  power: number;
  alpha: number;
}

/** sd of a task's paired difference when both sides are k Bernoulli draws at p and p + effect. */
export function modelTaskStd(base: number, effect: number, k: number): number {
  const after = Math.min(1, base + effect);
  return Math.sqrt((base * (1 - base) + after * (1 - after)) / k);
}

function tasksFor(multiplier: number, sd: number, effect: number): number {
  // The epsilon keeps float noise (88.9999999 or 89.0000001 for an exact 89) from adding a task.
  return Math.max(MIN_HOLDOUT_TASKS, Math.ceil(((multiplier * sd) / effect) ** 2 - 1e-9));
}

/** Wilson-Hilferty approximation of the chi-square quantile; may be <= 0 for tiny df and low p. */
function chiSquareQuantile(p: number, df: number): number {
  const spread = 2 / (9 * df);
  return df * (1 - spread + normalQuantile(p) * Math.sqrt(spread)) ** 3;
}

function measuredDifferences(before: readonly TaskValue[], after: readonly TaskValue[]) {
  const meansBefore = groupMeans(before.map((entry) => [entry.task_id, entry.value] as const));
  const meansAfter = groupMeans(after.map((entry) => [entry.task_id, entry.value] as const));
  const differences = [...meansBefore.keys()]
    .filter((task) => meansAfter.has(task))
    .map((task) => (meansAfter.get(task) ?? 0) - (meansBefore.get(task) ?? 0));
  const beforeRates = [...meansBefore.values()];
  return { differences, base: mean(beforeRates), spread: sampleStandardDeviation(beforeRates) };
}

export function holdoutSize(options: HoldoutOptions = {}): HoldoutSize {
  const effect = options.effect ?? PROVE_EFFECT;
  const k = options.k ?? ROLLOUTS_PER_TASK;
  const power = options.power ?? POWER;
  const alpha = options.alpha ?? ALPHA;
  const ceiling = options.ceilingPassRate ?? CEILING_PASS_RATE;
  const multiplier = normalQuantile(1 - alpha / 2) + normalQuantile(power);
  const notes: string[] = [];
  const warnings: string[] = [];

  const hasRows = options.before !== undefined && options.after !== undefined;
  const measured = hasRows ? measuredDifferences(options.before ?? [], options.after ?? []) : null;
  let base = options.base ?? measured?.base ?? BASE_PASS_RATE;
  let sdSource: SdSource = 'model';
  let sd: number | null = null;
  if (measured !== null && measured.differences.length >= 2) {
    sd = sampleStandardDeviation(measured.differences);
    sdSource = 'rows';
  } else if (options.taskStd !== undefined) {
    if (measured !== null) warnings.push('fewer than 2 tasks ran on both sides: using the given task_std');
    sd = options.taskStd;
    sdSource = 'given';
  } else if (measured !== null) {
    warnings.push('fewer than 2 tasks ran on both sides: sd from the binomial model instead');
  }

  const saturated = base >= ceiling || sd === 0;
  if (saturated) {
    warnings.push(
      base >= ceiling
        ? `base pass rate ${round4(base)} is at the ceiling (>= ${ceiling}): sized with the model at ${BASE_PASS_RATE}`
        : `the measured sd is zero: sized with the model at base ${BASE_PASS_RATE}`,
    );
    base = BASE_PASS_RATE;
    sd = null;
    sdSource = 'model';
  }
  const taskStd = sd ?? modelTaskStd(base, effect, k);
  notes.push(
    sdSource === 'model'
      ? `sd from the binomial model sqrt((p(1-p) + q(1-q))/k) with p ${round4(base)}, q ${round4(Math.min(1, base + effect))}, k ${k}`
      : sdSource === 'rows'
        ? `sd measured from ${measured?.differences.length ?? 0} paired per-task differences`
        : 'sd given as task_std',
  );

  const rows = sdSource === 'rows' ? measured : null;
  const result: HoldoutSize = {
    n_tasks: null,
    task_std: round4(taskStd),
    sd_source: sdSource,
    half_width: null,
    n_tasks_concentrated: null,
    base_spread: rows?.spread == null ? null : round4(rows.spread),
    n_paired: rows === null ? null : rows.differences.length,
    saturated,
    n_tasks_low: null,
    n_tasks_high: null,
    n_tasks_range_method: 'none',
    notes,
    warnings,
    effect,
    base: round4(base),
    k,
    power,
    alpha,
  };
  if (!(effect > 0 && effect <= 1)) {
    warnings.push(`effect ${effect} must be in (0, 1]: a pass-rate gain such as 0.05`);
    return result;
  }

  const nTasks = tasksFor(multiplier, taskStd, effect);
  if (!Number.isSafeInteger(nTasks)) {
    warnings.push(`effect ${effect} is too small to plan for: it would take more tasks than can be counted; plan for a gain such as 0.05`);
    return result;
  }
  result.n_tasks = nTasks;
  result.half_width = round4((normalQuantile(1 - alpha / 2) * taskStd) / Math.sqrt(nTasks));
  result.n_tasks_low = nTasks;
  result.n_tasks_high = nTasks;
  if (sdSource === 'model') {
    const unchanged = ((1 - effect) * (2 * base * (1 - base))) / k;
    const concentrated = tasksFor(multiplier, Math.sqrt(unchanged + effect * (1 - effect)), effect);
    result.n_tasks_concentrated = concentrated;
    result.n_tasks_low = Math.min(nTasks, concentrated);
    result.n_tasks_high = Math.max(nTasks, concentrated);
    result.n_tasks_range_method = 'gain_spread';
  } else if (sdSource === 'rows') {
    const df = (result.n_paired ?? 2) - 1;
    const raw = ((multiplier * taskStd) / effect) ** 2;
    const upperChi = chiSquareQuantile(1 - alpha / 2, df);
    const lowerChi = chiSquareQuantile(alpha / 2, df);
    result.n_tasks_low = Math.max(MIN_HOLDOUT_TASKS, Math.ceil((raw * df) / upperChi - 1e-9));
    result.n_tasks_high = lowerChi > 0 ? Math.max(MIN_HOLDOUT_TASKS, Math.ceil((raw * df) / lowerChi - 1e-9)) : null;
    result.n_tasks_range_method = 'chi_square';
  }
  return result;
}

export interface DetectableEffectOptions {
  base?: number;
  k?: number;
  power?: number;
  alpha?: number;
  /** A known sd of per-task differences; else the binomial model at the effect being solved for. */
  taskStd?: number;
}

/**
 * The smallest gain `nTasks` paired tasks detect (SDK detectable_effect): holdout_size inverted
 * by 12 fixed-point steps, effect = (z + z_power) · sd(effect) / sqrt(n). null below 2 tasks.
 */
export function detectableEffect(nTasks: number, options: DetectableEffectOptions = {}): number | null {
  if (!(nTasks >= MIN_HOLDOUT_TASKS)) return null;
  const base = options.base ?? BASE_PASS_RATE;
  const k = options.k ?? ROLLOUTS_PER_TASK;
  const multiplier = normalQuantile(1 - (options.alpha ?? ALPHA) / 2) + normalQuantile(options.power ?? POWER);
  const scale = multiplier / Math.sqrt(nTasks);
  if (options.taskStd !== undefined) return round4(scale * options.taskStd);
  let effect = scale * modelTaskStd(base, 0, k);
  for (let step = 0; step < DETECTABLE_EFFECT_STEPS; step += 1) {
    effect = scale * modelTaskStd(base, effect, k);
  }
  return round4(effect);
}
