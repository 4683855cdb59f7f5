import type { StopReason } from '../../shared/domain';
import type { SimulationRun } from './simulation-run';
import type { SimulationBatch } from './simulation-outcome';
import { untilStopReason } from './stop-rule';

/**
 * Why the run stops before planning its next batch, undefined to plan it, or 'wait' while batches are open and the
 * budget or the situations asked for are all planned: an open batch's lost rollouts may free budget and its prompts may
 * need top-ups, so the run stops for these only once every batch has committed. Judged between batches only.
 */
export function stopBeforeBatch(run: SimulationRun, batchesOpen: boolean): StopReason | 'wait' | undefined {
  const { options, summary } = run;
  const settled = (reason: StopReason) => (batchesOpen ? 'wait' : reason);
  const pendingTopUps = run.groups?.pending ?? 0;
  if (run.rowsLeft() <= 0) return settled('budget');
  if (options.situations !== undefined && run.situationsPlanned >= options.situations && pendingTopUps === 0)
    return settled('situations_exhausted');
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
