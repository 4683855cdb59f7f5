import { compareText } from '../text';
import { CI_LEVEL, Z_95 } from './constants';
import { tQuantile } from './quantiles';
import { round4 } from '../../shared/domain/rounding';
import { groupMeans, mean, sampleStandardDeviation } from './sample-stats';

export interface NoiseBandOptions {
  /** Eval runs behind each side's number. */
  runsA?: number;
  runsB?: number;
  /** Degrees of freedom of `runStd`; null = take runStd as the true spread (q = 1.96). */
  df?: number | null;
  level?: number;
}

/**
 * The smallest |delta| that is not run-to-run noise (SDK noise_band): q · runStd · sqrt(1/n_a + 1/n_b),
 * q = 1.96 for a bare run_std, else the two-sided t quantile at df. Same units as runStd.
 */
export function noiseBand(runStd: number, options: NoiseBandOptions = {}): number {
  const runsA = options.runsA ?? 1;
  const runsB = options.runsB ?? 1;
  const df = options.df ?? null;
  const q = df === null ? Z_95 : tQuantile(df, options.level ?? CI_LEVEL);
  return q * runStd * Math.sqrt(1 / runsA + 1 / runsB);
}

/** One task's score in one eval run. `eval_run` null = the side's only, unnamed run. */
export interface RunValue {
  task_id: string;
  value: number;
  eval_run: string | null;
}

export interface EvalNoise {
  runs_a: number;
  runs_b: number;
  /** Pooled sample sd of per-run pass@1 (variance weighted by runs - 1); null unless both sides have >= 2 runs. */
  run_std: number | null;
  /** Σ (runs - 1) over both sides; null with run_std. */
  df: number | null;
  /** null when the band cannot be measured: then a gain is unreplicated. */
  noise_band: number | null;
}

/**
 * pass@1 of each eval run on one side, over the tasks every run of that side covers, so that runs
 * differ by noise and not by which tasks they happened to include (all tasks when none is shared).
 */
function runMeans(values: readonly RunValue[]): number[] {
  const runKeys = [...new Set(values.map((value) => value.eval_run ?? ''))].sort(compareText);
  const perRun = runKeys.map((runKey) =>
    groupMeans(values.filter((value) => (value.eval_run ?? '') === runKey).map((value) => [value.task_id, value.value] as const)),
  );
  const [first, ...rest] = perRun;
  const everyRun = [...(first?.keys() ?? [])].filter((task) => rest.every((run) => run.has(task)));
  return perRun.map((run) => {
    const tasks = everyRun.length > 0 ? everyRun : [...run.keys()];
    return mean(tasks.map((task) => run.get(task) ?? 0)) ?? 0;
  });
}

/**
 * The eval-noise floor from repeated eval runs on both sides (SDK delta_report's pooled band):
 * measured only when both sides carry >= 2 eval runs.
 */
export function evalNoise(before: readonly RunValue[], after: readonly RunValue[], level: number = CI_LEVEL): EvalNoise {
  const meansA = runMeans(before);
  const meansB = runMeans(after);
  const runsA = meansA.length;
  const runsB = meansB.length;
  if (runsA < 2 || runsB < 2) return { runs_a: runsA, runs_b: runsB, run_std: null, df: null, noise_band: null };
  const sdA = sampleStandardDeviation(meansA) ?? 0;
  const sdB = sampleStandardDeviation(meansB) ?? 0;
  const df = runsA - 1 + (runsB - 1);
  const pooled = Math.sqrt(((runsA - 1) * sdA ** 2 + (runsB - 1) * sdB ** 2) / df);
  return {
    runs_a: runsA,
    runs_b: runsB,
    run_std: round4(pooled),
    df,
    noise_band: round4(noiseBand(pooled, { runsA, runsB, df, level })),
  };
}
