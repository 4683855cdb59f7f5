import type { Method, MethodOutput, MethodParsedInput } from '../../shared/api';
import type { AppContext } from '../services/app-context';
import { appInfo } from '../services/app-service';
import { cancelRun, listRuns, resumeRun, runDetail, startRun } from '../services/runs-service';

type Handler<M extends Method> = (context: AppContext, input: MethodParsedInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>>;

/** One thin handler per contract method: the input is already parsed; business rules live in services. */
export const handlers: { [M in Method]: Handler<M> } = {
  'app.info': (context) => appInfo(context),
  'runs.list': (context, input) => listRuns(context, input),
  'runs.get': (context, input) => runDetail(context, input.run_id),
  'runs.start': (context, input) => startRun(context, input.config),
  'runs.cancel': (context, input) => cancelRun(context, input.run_id),
  'runs.resume': (context, input) => resumeRun(context, input.run_id),
};
