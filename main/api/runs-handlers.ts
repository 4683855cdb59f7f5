import { preflightRun } from '../services/runs/run-preflight';
import { cancelRun, listRuns, resumeRun, runDetail, startRun } from '../services/runs/runs-service';
import { watchRun } from '../services/runs/run-watch';
import { withActiveTime } from '../store/runs/run-active-time';
import { runsChangeToken } from '../store/runs/runs-repository';
import type { HandlersOf } from './handler';

export const runsHandlers: HandlersOf<'runs'> = {
  'runs.list': (context, input) => listRuns(context, input),
  'runs.changes': (context) => ({ changes: runsChangeToken(context.db) }),
  'runs.get': (context, input) => withActiveTime(context.db, runDetail(context, input.run_id)),
  'runs.watch': (context, input) => withActiveTime(context.db, watchRun(context, input.run_id)),
  'runs.start': (context, input) => startRun(context, input.config, { warnings: input.warnings ?? [] }),
  'runs.preflight': (context, input) => preflightRun(context, input.config),
  'runs.cancel': (context, input) => cancelRun(context, input.run_id),
  'runs.resume': (context, input) => resumeRun(context, input.run_id),
};
