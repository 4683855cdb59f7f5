import type { Dimensions, Run } from '../../../shared/domain';
import { aimProblems } from '../../../engine/index';
import { insertFill, pendingFill } from '../../store/runs/run-fills-repository';
import { updateRun } from '../../store/runs/runs-repository';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { cellText } from '../runs/run-fill';
import { leaseConflictMessage, liveLeaseOf } from '../runs/run-lease';
import { requireRun } from '../runs/runs-service';
import { requireSpec } from './coverage-service';

/**
 * "Fill this cell" in place: more rows for the same run, a continuation numbered on from its last row, with the cell's
 * values pinned in every situation it plans (the run's stored spec and settings otherwise), `budget` rows at most. The
 * fill is recorded first (run_fills), then the run is started as a resume is: its worker runs the fill, and a fill
 * stopped before its end is resumed like the run. The heatmap fills as the rows land, since they are the run's own.
 */
export function fillCell(context: AppContext, input: { run_id: string; aim: Partial<Dimensions>; budget: number }): Run {
  const run = requireRun(context, input.run_id);
  const spec = requireSpec(context, run);
  const problems = aimProblems(spec.axes, input.aim);
  if (problems.length > 0) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `This cell cannot be filled: ${problems.join('; ')}.`,
      problems.map((message) => ({ path: 'aim', message })),
    );
  }
  if (context.jobs.isActive(run.id)) {
    throw new ServiceError('CONFLICT', `Run ${run.id} is still running: let it finish (or cancel it), then fill the cell in place.`);
  }
  const elsewhere = liveLeaseOf(context.db, run.id);
  if (elsewhere) throw new ServiceError('CONFLICT', leaseConflictMessage(run.id, elsewhere, Date.now()));
  const waiting = pendingFill(context.db, run.id);
  if (waiting) {
    throw new ServiceError(
      'CONFLICT',
      `The fill of ${cellText(waiting.aim)} on run ${run.id} stopped before its end: resume the run to finish it, then fill another cell.`,
    );
  }
  const now = context.now().toISOString();
  context.db.transaction(() => {
    insertFill(context.db, { run_id: run.id, aim: input.aim, budget: input.budget, created_at: now });
    updateRun(context.db, run.id, { status: 'queued', error: null }, now);
  })();
  context.jobs.start(run.id);
  return requireRun(context, run.id);
}
