import type { StopReason } from '../../shared/domain';
import { withTraceLeakage } from '../traces/leakage-summary';
import { completeYields, reallocateArmShares } from '../writers/arm-shares';
import { reallocateTemplateShares } from '../writers/template-shares';
import { stopAfterBatch, stopBeforeBatch } from './decide-stop';
import { orderedPool } from './ordered-pool';
import { planBatch } from './plan-batch';
import { landingOf, rollOut } from './roll-out';
import type { SimulateOptions } from './simulate-options';
import type { SimulationEvent, SimulationOutcome } from './simulation-outcome';
import { SimulationRun } from './simulation-run';
import { BatchTally, closeBatch, tallyLanding } from './tally-batch';

/**
 * `simulate`: plans the grid, lets the five writers compete for the budget batch by batch, plays each
 * situation between the agent and the simulated person against a seeded world, and yields rows in plan
 * order as they land. Each batch is chosen only after the previous one has landed, so a seed gives the
 * same rows at any concurrency; a resumed run replays its stored rows and rolls out only the rest.
 */
export async function* simulate(options: SimulateOptions): AsyncGenerator<SimulationEvent, SimulationOutcome> {
  const run = new SimulationRun(options);
  let stop: StopReason | undefined;
  for (let round = 0; stop === undefined; round++) {
    stop = stopBeforeBatch(run);
    if (stop) break;
    const plan = await planBatch(run, round);
    if (plan.kind === 'stop') {
      stop = plan.reason;
      break;
    }
    const tally = new BatchTally();
    const landings = orderedPool(
      plan.rollouts,
      options.concurrency,
      (planned) => rollOut(run, planned),
      () => run.isStopping(),
    );
    for await (const { index, result } of landings) {
      const event = tallyLanding(run, tally, plan.rollouts[index]!, landingOf(result));
      if (event) yield event;
    }
    const record = closeBatch(run, tally, round, plan.rollouts.length);
    yield { type: 'batch', record, rows: run.summary.landed(), budget: options.budget };
    const yields = completeYields(record.arm_yield);
    run.shares = run.modelWrites ? reallocateArmShares(run.shares, yields) : reallocateTemplateShares(run.shares, yields);
    stop = stopAfterBatch(run, record);
  }
  return finish(run, stop ?? 'budget');
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
