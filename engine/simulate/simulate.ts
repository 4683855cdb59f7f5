import type { StopReason } from '../../shared/domain';
import { withTraceLeakage } from '../traces/leakage-summary';
import { completeYields, reallocateArmShares } from '../writers/arm-shares';
import { reallocateTemplateShares } from '../writers/template-shares';
import { stopAfterBatch, stopBeforeBatch } from './decide-stop';
import { OrderedPool } from './ordered-pool';
import { planBatch, type PlannedRollout } from './plan-batch';
import { landingOf, rollOut, type Landing } from './roll-out';
import type { SimulateOptions } from './simulate-options';
import type { SimulationEvent, SimulationOutcome } from './simulation-outcome';
import { PLAN_AHEAD, SimulationRun } from './simulation-run';
import { BatchTally, closeBatch, tallyLanding } from './tally-batch';

/** A planned batch whose rollouts are in the pool and not yet all read. */
interface OpenBatch {
  round: number;
  rollouts: PlannedRollout[];
}

/**
 * `simulate`: plans the grid, lets the five writers compete for the budget batch by batch, plays each
 * situation between the agent and the simulated person against a seeded world, and yields rows in plan
 * order as they land. Batch k+1 is planned from the committed batches through k - PLAN_AHEAD, read in plan order,
 * so the rollouts of PLAN_AHEAD + 1 batches share the pool and a seed still gives the same rows at any concurrency;
 * a resumed run replays its stored rows and rolls out only the rest.
 */
export async function* simulate(options: SimulateOptions): AsyncGenerator<SimulationEvent, SimulationOutcome> {
  const run = new SimulationRun(options);
  const pool = new OrderedPool<PlannedRollout, Landing>(
    options.concurrency,
    (planned) => rollOut(run, planned),
    () => run.isStopping(),
  );
  const open: OpenBatch[] = [];
  let stop: StopReason | undefined;
  let round = 0;
  for (;;) {
    while (stop === undefined && open.length <= PLAN_AHEAD) {
      const next = await nextBatch(run, round, open.length > 0);
      if (next === 'wait') break;
      if (typeof next === 'string') stop = next;
      else {
        open.push({ round: round++, rollouts: next });
        run.rowsInFlight += next.length;
        pool.add(next);
      }
    }
    const batch = open.shift();
    if (!batch) break;
    const tally = new BatchTally();
    let read = 0;
    for (const planned of batch.rollouts) {
      const result = await pool.next();
      if (!result) break;
      read++;
      const event = tallyLanding(run, tally, planned, landingOf(result));
      if (event) yield event;
    }
    run.rowsInFlight -= batch.rollouts.length;
    // A batch the pool never started (the run was stopped first) leaves no record.
    if (read === 0 && batch.rollouts.length > 0) continue;
    const record = closeBatch(run, tally, batch.round, batch.rollouts.length);
    yield { type: 'batch', record, rows: run.summary.landed(), budget: options.budget };
    const yields = completeYields(record.arm_yield);
    run.shares = run.modelWrites ? reallocateArmShares(run.shares, yields) : reallocateTemplateShares(run.shares, yields);
    stop ??= stopAfterBatch(run, record);
  }
  return finish(run, stop ?? 'budget');
}

/**
 * The next batch's rollouts, a reason to stop, or 'wait': nothing to plan until an open batch commits (its lost
 * rollouts may free budget, its prompts may need top-ups, its rows may give the writers more to propose).
 */
async function nextBatch(run: SimulationRun, round: number, batchesOpen: boolean): Promise<PlannedRollout[] | StopReason | 'wait'> {
  const before = stopBeforeBatch(run, batchesOpen);
  if (before) return before;
  const plan = await planBatch(run, round);
  if (plan.kind === 'batch') return plan.rollouts;
  return batchesOpen && !run.stopRequest ? 'wait' : plan.reason;
}

function finish(run: SimulationRun, stoppedBecause: StopReason): SimulationOutcome {
  const { saturation, summary, sizes, traced } = run;
  const budgetLeft = Math.max(0, run.options.budget - summary.landed());
  const predicted = saturation.predictedToSaturation(sizes.situationsPerBatch * sizes.rowsPerSituation, budgetLeft);
  const finished = summary.finish(stoppedBecause, run.state, run.shares, {
    until: run.until,
    saturation,
    predicted,
    groups: run.groups?.stats(),
  });
  if (!traced) return finished;
  const { degraded, warnings } = withTraceLeakage(finished, traced.leakage.report());
  return { ...finished, degraded, warnings };
}
