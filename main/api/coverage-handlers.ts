import { coverageMatrix, coverageSummary } from '../services/coverage/coverage-service';
import { fillCell } from '../services/coverage/fill-in-place';
import type { HandlersOf } from './handler';

export const coverageHandlers: HandlersOf<'coverage'> = {
  'coverage.matrix': (context, input) => coverageMatrix(context, input),
  'coverage.summary': (context, input) => coverageSummary(context, input.run_id),
  'coverage.fill': (context, input) => fillCell(context, input),
};
