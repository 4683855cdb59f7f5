import type { FacetValue, GradeSourceCount, RowFacets, RowFilterKey } from '../../../shared/api/rows';
import { statement, type Db } from '../database';
import { FILTER_COLUMN, shownJudgeSource, type ShownJudgeSource } from './rows-query';

/**
 * The filter menus read from the counts the store keeps as rows are written, graded and labelled (row_facet_counts and
 * grade_source_counts, migration 015): one run's lines of two small tables, however many rows it has.
 */

/** Which kept count the Judge menu shows: the column it shows (see ShownJudgeSource). */
const JUDGE_FACET: Record<ShownJudgeSource, string> = { judges: 'judge', conduct: 'conduct', either: 'shown_judge' };

/** The count that gives the run's total: every row has exactly one value in each column of `rows`. */
const TOTAL_FACET: RowFilterKey = 'tool';

/** The run's rows as the kept counts have them: a sum over one column's few values, not a count of every row. */
export function keptRowCount(db: Db, runId: string): number {
  return statement<[string, string], { total: number }>(
    db,
    'SELECT COALESCE(SUM(n), 0) AS total FROM row_facet_counts WHERE run_id = ? AND facet = ?',
  ).get(runId, TOTAL_FACET)!.total;
}

/** Every filterable column's values with counts over the whole run (most frequent first), for the filter menus. */
export function rowFacets(db: Db, runId: string): RowFacets {
  const lines = statement<[string], { facet: string; value: string; count: number }>(
    db,
    'SELECT facet, value, n AS count FROM row_facet_counts WHERE run_id = ? AND n > 0 ORDER BY facet, n DESC, value',
  ).all(runId);
  const byFacet = new Map<string, FacetValue[]>();
  for (const { facet, value, count } of lines) {
    const values = byFacet.get(facet) ?? [];
    values.push({ value, count });
    byFacet.set(facet, values);
  }
  const columns = {} as Record<RowFilterKey, FacetValue[]>;
  for (const key of Object.keys(FILTER_COLUMN) as RowFilterKey[]) columns[key] = byFacet.get(key) ?? [];
  columns.judge = byFacet.get(JUDGE_FACET[shownJudgeSource(db, runId)]) ?? [];
  columns.conduct_rule = columns.conduct_rule.filter((facet) => facet.value !== '');
  const total = columns[TOTAL_FACET].reduce((sum, facet) => sum + facet.count, 0);
  const sources = statement<[string], GradeSourceCount>(
    db,
    `SELECT label_source, judge_name, rows, grades FROM grade_source_counts WHERE run_id = ? AND grades > 0
     ORDER BY label_source, judge_name`,
  ).all(runId);
  return { total, columns, sources };
}
