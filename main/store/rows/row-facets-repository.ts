import type { FacetValue, GradeSourceCount, RowFacets, RowFilterKey } from '../../../shared/api/rows';
import { statement, type Db } from '../database';
import { FILTER_COLUMN, shownJudgeSource, shownJudgeVerdictSql } from './rows-query';

/**
 * The filter menus counted straight from their column (FILTER_COLUMN): each has a (run_id, column, ordinal) index, so a
 * count reads the index only. Persona tags count rows, not tags, and the Judge menu follows the shown verdict.
 */
const COUNTED_FILTERS = (Object.entries(FILTER_COLUMN) as [RowFilterKey, [table: string, column: string]][]).filter(
  ([key]) => key !== 'persona_tags' && key !== 'judge',
);

/** The Judge column's values as it shows them: the judges' verdicts, else the conduct checks' (see ShownJudgeSource). */
function judgeFacet(db: Db, runId: string, columns: Record<RowFilterKey, FacetValue[]>): FacetValue[] {
  const source = shownJudgeSource(db, runId);
  if (source === 'conduct') return columns.conduct;
  const verdict = shownJudgeVerdictSql(source);
  return statement<[string], FacetValue>(
    db,
    `SELECT ${verdict} AS value, COUNT(*) AS count FROM row_verdicts AS v WHERE v.run_id = ? GROUP BY ${verdict} ORDER BY count DESC, ` +
      `value`,
  ).all(runId);
}

/** Every filterable column's values with counts over the whole run (most frequent first), for the filter menus. */
export function rowFacets(db: Db, runId: string): RowFacets {
  const total = statement<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM rows WHERE run_id = ?').get(runId)!.n;
  const columns = {} as Record<RowFilterKey, FacetValue[]>;
  for (const [key, [table, column]] of COUNTED_FILTERS) {
    columns[key] = statement<[string], FacetValue>(
      db,
      `SELECT ${column} AS value, COUNT(*) AS count FROM ${table} WHERE run_id = ? GROUP BY ${column} ORDER BY count DESC, value`,
    ).all(runId);
  }
  columns.judge = judgeFacet(db, runId, columns);
  columns.conduct_rule = columns.conduct_rule.filter((facet) => facet.value !== '');
  columns.persona_tags = statement<[string], FacetValue>(
    db,
    'SELECT tag AS value, COUNT(DISTINCT ordinal) AS count FROM row_tags WHERE run_id = ? GROUP BY tag ORDER BY count DESC, value',
  ).all(runId);
  const sources = statement<[string], GradeSourceCount>(
    db,
    `SELECT label_source, judge_name, COUNT(DISTINCT row_id) AS rows, COUNT(*) AS grades
     FROM grades WHERE run_id = ? GROUP BY label_source, judge_name ORDER BY label_source, judge_name`,
  ).all(runId);
  return { total, columns, sources };
}
