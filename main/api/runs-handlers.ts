import { preflightRun } from '../services/runs/run-preflight';
import { cancelRun, listRuns, resumeRun, runDetailWithActiveTime, runsChanges, startRun } from '../services/runs/runs-service';
import { watchRunWithActiveTime } from '../services/runs/run-watch';
import type { HandlersOf } from './handler';

export const runsHandlers: HandlersOf<'runs'> = {
  'runs.list': (context, input) => listRuns(context, input),
  'runs.changes': (context) => runsChanges(context),
  'runs.get': (context, input) => runDetailWithActiveTime(context, input.run_id),
  'runs.watch': (context, input) => watchRunWithActiveTime(context, input.run_id),
  'runs.start': (context, input) => startRun(context, input.config, { warnings: input.warnings ?? [] }),
  'runs.preflight': (context, input) => preflightRun(context, input.config),
  'runs.cancel': (context, input) => cancelRun(context, input.run_id),
  'runs.resume': (context, input) => resumeRun(context, input.run_id),
};
