import { preflightRun } from '../services/run-preflight';
import { cancelRun, listRuns, resumeRun, runDetail, startRun } from '../services/runs-service';
import { watchRun } from '../services/run-watch';
import type { HandlersOf } from './handler';

export const runsHandlers: HandlersOf<'runs'> = {
  'runs.list': (context, input) => listRuns(context, input),
  'runs.get': (context, input) => runDetail(context, input.run_id),
  'runs.watch': (context, input) => watchRun(context, input.run_id),
  'runs.start': (context, input) => startRun(context, input.config, { warnings: input.warnings ?? [] }),
  'runs.preflight': (context, input) => preflightRun(context, input.config),
  'runs.cancel': (context, input) => cancelRun(context, input.run_id),
  'runs.resume': (context, input) => resumeRun(context, input.run_id),
};
