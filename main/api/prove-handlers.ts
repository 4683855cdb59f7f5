import { proveReportFor } from '../services/prove/prove-service';
import type { HandlersOf } from './handler';

export const proveHandlers: HandlersOf<'prove'> = {
  'prove.report': (context, input) => proveReportFor(context, input),
};
