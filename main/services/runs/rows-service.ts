import { RowsQuery, type RowDetail, type RowFacets, type RowsPageOutput } from '../../../shared/api/rows';
import type { MethodParsedInput } from '../../../shared/api';
import { getRun } from '../../store/runs/runs-repository';
import { specOfRun } from '../../store/runs/specs-repository';
import { keptRowCount } from '../../store/rows/row-facets-repository';
import { rowAdjudications } from '../../store/labels/adjudications-repository';
import { getStoredRow, rowGrades, rowLabels } from '../../store/rows/row-detail-repository';
import { filteredRowFacets } from '../../store/rows/row-facets-filtered';
import { pageRows, rowNeighbours } from '../../store/rows/rows-page-repository';
import type { AppContext } from '../app/app-context';
import { requireRun } from './runs-service';
import { ServiceError } from '../app/service-error';

/** One page of the conversations table: filters, search and sort run in SQL; `total` counts every match. */
export function pageOfRows(context: AppContext, input: MethodParsedInput<'rows.page'>): RowsPageOutput {
  requireRun(context, input.run_id);
  const { run_id, offset, limit, ...query } = input;
  const { rows, total } = pageRows(context.db, run_id, query, offset, limit);
  return { rows, total, offset };
}

/**
 * How many rows the run has stored, from the counts the store keeps (a COUNT(*) of a 1,000,000-row run read its index
 * whole: 0.2 s of `wai export`).
 */
export function countRunRows(context: AppContext, runId: string): number {
  return keptRowCount(context.db, requireRun(context, runId).id);
}

/**
 * The filter menus' counts: over the run, or with filters and search, each menu under the other filters. What the kept
 * counts cannot give is counted off the main thread (context.reads), so no other request waits behind it.
 */
export function facetsOfRun(context: AppContext, input: MethodParsedInput<'rows.facets'>): Promise<RowFacets> {
  requireRun(context, input.run_id);
  return filteredRowFacets(context.db, input.run_id, { filters: input.filters ?? {}, search: input.search ?? '' }, context.reads.all);
}

/** A conversation with everything the conversation view shows, and its neighbours in the table's query. */
export function rowDetail(context: AppContext, input: MethodParsedInput<'rows.get'>): RowDetail {
  const stored = getStoredRow(context.db, input.row_id);
  if (!stored) throw new ServiceError('NOT_FOUND', `There is no conversation ${input.row_id}; it may belong to a run that was deleted.`);
  const run = getRun(context.db, stored.run_id);
  const spec = run && specOfRun(context.db, run);
  return {
    row_id: input.row_id,
    run_id: stored.run_id,
    row: stored.row,
    grades: rowGrades(context.db, input.row_id),
    labels: rowLabels(context.db, input.row_id),
    adjudications: rowAdjudications(context.db, input.row_id).map(({ id: _id, run_id: _runId, ...adjudication }) => adjudication),
    system_prompt: spec?.system_prompt ?? null,
    tools: spec?.tools ?? [],
    neighbours: rowNeighbours(context.db, stored.run_id, input.row_id, input.query ?? RowsQuery.parse({})),
  };
}
