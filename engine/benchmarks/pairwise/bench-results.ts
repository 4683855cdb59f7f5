import type { BenchReference } from './bench-models';

/** One figure for the aggregated table of `npm run bench` (the shape of main/reliability/bench-report.ts). */
export interface BenchResult {
  name: string;
  measured: number;
  unit: string;
  reference: number;
  reference_name: string;
  ratio: number | null;
  goal: string;
  met: boolean | null;
}

/** One model's array as the bench measured it. */
export interface ModelRun {
  readonly name: string;
  readonly rows: number;
  readonly milliseconds: number;
  /** VALID, or INVALID and why, as check.mjs judged the array. */
  readonly verdict: string;
  readonly reference: BenchReference;
}

/** No array more than this factor above the best known size. */
export const BEST_KNOWN_GOAL = 1.1;
/** The geometric mean of rows / best known over the models that have one. */
export const GEOMETRIC_MEAN_GOAL = 1.05;
/** Models of agent size (six axes, up to 20 values) are built in under this many ms. */
export const AGENT_TIME_GOAL_MS = 100;
const AGENT_SIZED = ['agent_small', 'agent_large'];

/**
 * One result per model: its rows against the best known size where one is published (else PICT's minimum), with
 * PICT, the time and the verdict in the reference's name; then the agent-sized models' times and the geometric mean.
 */
export function benchResults(runs: readonly ModelRun[]): BenchResult[] {
  const results = runs.map(modelResult);
  for (const run of runs.filter((run) => AGENT_SIZED.includes(run.name))) {
    results.push({
      name: `pairwise ${run.name}: time`,
      measured: run.milliseconds,
      unit: 'ms',
      reference: AGENT_TIME_GOAL_MS,
      reference_name: 'goal',
      ratio: run.milliseconds / AGENT_TIME_GOAL_MS,
      goal: `< ${AGENT_TIME_GOAL_MS} ms`,
      met: run.milliseconds < AGENT_TIME_GOAL_MS,
    });
  }
  const ratios = runs.flatMap((run) => (run.reference.bestKnown === undefined ? [] : [run.rows / run.reference.bestKnown]));
  const mean = geometricMean(ratios);
  results.push({
    name: `pairwise: geometric mean of rows / best known (${ratios.length} models)`,
    measured: mean,
    unit: 'x',
    reference: GEOMETRIC_MEAN_GOAL,
    reference_name: 'goal',
    ratio: mean / GEOMETRIC_MEAN_GOAL,
    goal: `<= ${GEOMETRIC_MEAN_GOAL}`,
    met: mean <= GEOMETRIC_MEAN_GOAL,
  });
  return results;
}

function modelResult(run: ModelRun): BenchResult {
  const { bestKnown, pictMin } = run.reference;
  const isValid = run.verdict === 'VALID';
  const context = [pictMin === undefined ? 'PICT not run' : `PICT min ${pictMin}`, `${run.milliseconds.toFixed(0)} ms`, run.verdict];
  const beatsPict = pictMin === undefined || run.rows <= pictMin;
  if (bestKnown === undefined) {
    return {
      name: `pairwise ${run.name}: rows`,
      measured: run.rows,
      unit: 'rows',
      reference: pictMin ?? Number.NaN,
      reference_name: `PICT min of 100 seeds; ${context.slice(1).join('; ')}`,
      ratio: pictMin === undefined ? null : run.rows / pictMin,
      goal: '<= PICT min, VALID',
      met: beatsPict && isValid,
    };
  }
  return {
    name: `pairwise ${run.name}: rows`,
    measured: run.rows,
    unit: 'rows',
    reference: bestKnown,
    reference_name: `best known; ${context.join('; ')}`,
    ratio: run.rows / bestKnown,
    goal: `<= ${BEST_KNOWN_GOAL} x best known${pictMin === undefined ? '' : ', <= PICT min'}, VALID`,
    met: run.rows <= BEST_KNOWN_GOAL * bestKnown && beatsPict && isValid,
  };
}

function geometricMean(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  return Math.exp(values.reduce((sum, value) => sum + Math.log(value), 0) / values.length);
}
