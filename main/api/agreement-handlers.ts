import { agreementExport, agreementReport } from '../services/grading/agreement-service';
import type { HandlersOf } from './handler';

export const agreementHandlers: HandlersOf<'agreement'> = {
  'agreement.get': (context, input) => agreementReport(context, input.run_id, input),
  'agreement.export': (context, input) => agreementExport(context, input.run_id, input),
};
