import type { Result } from '../../../shared/api';
import type { RowFilters } from '../../../shared/api/rows';
import { AXES, type Axis } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';

/** The most rows one labels.set_many takes (the contract's limit): more would not be one all-or-nothing write. */
export const MAX_BULK_LABELS = 10_000;
/** Rows read per page while listing a cell's rows. */
const PAGE = 500;

/** The table filters that select one coverage cell: each of its axis values. */
export function cellFilters(cell: Partial<Record<Axis, string>>): RowFilters {
  const filters: RowFilters = {};
  for (const axis of AXES) {
    const value = cell[axis];
    if (value !== undefined) filters[axis] = [value];
  }
  return filters;
}

/** The row ids of a coverage cell, a page at a time; refuses more than MAX_BULK_LABELS. `isCurrent` stops a stale read. */
export async function resolveCellRowIds(
  client: ApiClient,
  runId: string,
  cell: Partial<Record<Axis, string>>,
  isCurrent: () => boolean,
): Promise<Result<string[]>> {
  const filters = cellFilters(cell);
  const ids: string[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const page = await client.call('rows.page', { run_id: runId, filters, offset, limit: PAGE });
    if (!page.ok) return page;
    if (!isCurrent()) return { ok: false, error: { code: 'CONFLICT', message: 'The cell changed while its rows were read.' } };
    if (page.value.total > MAX_BULK_LABELS) {
      return {
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message:
            `This cell holds ${page.value.total.toLocaleString('en-US')} rows; one bulk label takes at most ` +
            `${MAX_BULK_LABELS.toLocaleString('en-US')}. Label a narrower selection from the conversations table.`,
        },
      };
    }
    ids.push(...page.value.rows.map((row) => row.row_id));
    if (page.value.rows.length === 0 || ids.length >= page.value.total) return { ok: true, value: ids };
  }
}
