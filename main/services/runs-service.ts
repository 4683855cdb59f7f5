import type { RunsListOutput } from '../../shared/api';
import { listRuns as listStoredRuns } from '../store/runs-repository';
import type { AppContext } from './app-context';

export function listRuns(context: AppContext, page: { limit: number; offset: number }): RunsListOutput {
  return listStoredRuns(context.db, page.limit, page.offset);
}
