import type { StopReason } from '../../shared/domain';
import type { SimulationRun } from './simulation-run';
import type { SimulationBatch } from './simulation-outcome';
import { untilStopReason } from './stop-rule';

/** Why the run stops before planning its next batch, or undefined to go on; judged between batches only. */
export function stopBeforeBatch(run: SimulationRun): StopReason | undefined {
  const { options, summary } = run;
  const landed = summary.landed();
  const pendingTopUps = run.groups?.pending ?? 0;
  if (landed >= options.budget) return 'budget';
  if (options.situations !== undefined && run.situationsPlanned >= options.situations && pendingTopUps === 0) return 'situations_exhausted';
  if (run.isCancelled()) return 'cancelled';
  if (run.stopRequest) return run.stopRequest.stopped_because;
  if (summary.agentFailed(options.budget)) return 'agent_failed';
  // Judged between batches only, so every batch that started is whole.
  if (run.timeBudgetMs !== undefined && run.clock() - run.startedAt >= run.timeBudgetMs) return 'time_budget';
  return undefined;
}

/**
 * Whether the run's `until` is reached, judged on the committed batch only; a batch cut short by a cancel or a
 * model stop ends the run for that reason at the next `stopBeforeBatch`.
 */
export function stopAfterBatch(run: SimulationRun, record: SimulationBatch): StopReason | undefined {
  if (run.isStopping()) return undefined;
  return untilStopReason(run.until, run.saturation, record.pairwise);
}
