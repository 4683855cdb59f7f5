import {
  aimRun,
  compareVersions,
  deleteImport,
  importTraces,
  listImports,
  pageTraces,
  traceFailureMap,
} from '../services/traces/traces-service';
import type { HandlersOf } from './handler';

export const tracesHandlers: HandlersOf<'traces'> = {
  'traces.import': (context, input) => importTraces(context, input),
  'traces.list': (context) => listImports(context),
  'traces.delete': (context, input) => deleteImport(context, input.import_id),
  'traces.map': (context, input) => traceFailureMap(context, input.import_ids),
  'traces.compare': (context, input) => compareVersions(context, input),
  'traces.rows': (context, input) => pageTraces(context, input),
  'traces.aim': (context, input) => aimRun(context, input),
};
