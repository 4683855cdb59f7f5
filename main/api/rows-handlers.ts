import { facetsOfRun, pageOfRows, rowDetail } from '../services/runs/rows-service';
import type { HandlersOf } from './handler';

export const rowsHandlers: HandlersOf<'rows'> = {
  'rows.page': (context, input) => pageOfRows(context, input),
  'rows.facets': (context, input) => facetsOfRun(context, input),
  'rows.get': (context, input) => rowDetail(context, input),
};
