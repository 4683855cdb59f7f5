import { z } from 'zod';
import { RowMatch, RowSummary, type RowNeighbours, type RowsQuery } from '../../../shared/api/rows';
import type { Dimensions } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { parseJsonColumn } from '../json-column';
import { MATCH_SQL, snippetWord } from './row-match-snippet';
import { keptRowCount } from './row-facets-repository';
import { keptMatchingRows } from './row-filter-counts';
import {
  activeFilters,
  ftsQuery,
  keysetCondition,
  orderClause,
  queryClauses,
  shownJudgeSource,
  shownJudgeVerdictSql,
  sortSql,
  verdictCountClauses,
  VERDICTS_JOIN,
  type ShownJudgeSource,
} from './rows-query';

/** How much of the opening prompt a table line carries. */
export const PROMPT_PREVIEW_CHARS = 160;

/** The axis columns (Dimensions) with the rest of a table line. */
interface SummaryRecord extends Dimensions {
  row_id: string;
  ordinal: number;
  rollout_id: string;
  scenario_id: string;
  writer: string;
  turns: number;
  ended_by: string;
  prompt: string | null;
  persona_tags: string;
  conduct: string | null;
  /** The latest judge grade, else the latest conduct grade (its `name` is then the conduct checks' judge_name). */
  judge: string | null;
  label: string | null;
  annotators: string;
  settled: string | null;
  /** Only with a search. */
  match?: string | null;
}

const summaryColumns = `
  rows.id AS row_id, rows.ordinal, rows.rollout_id, rows.scenario_id,
  rows.tool, rows.rule, rows.stance, rows.world_state, rows.tool_condition, rows.history,
  rows.writer, rows.turns, rows.ended_by,
  substr(json_extract(rows.body, '$.prompt'), 1, ${PROMPT_PREVIEW_CHARS}) AS prompt,
  (SELECT json_group_array(t.tag) FROM (SELECT tag FROM row_tags WHERE run_id = rows.run_id AND ordinal = rows.ordinal ORDER BY position)
    AS t)
    AS persona_tags,
  (SELECT json_object('verdict', v.conduct_verdict, 'reward', g.reward, 'rule', NULLIF(v.conduct_rule, ''))
     FROM grades AS g WHERE g.row_id = rows.id AND g.label_source = 'conduct' ORDER BY g.id DESC LIMIT 1) AS conduct,
  (SELECT json_object('verdict', ${shownJudgeVerdictSql('either')}, 'reward', g.reward, 'name', g.judge_name, 'status', g.judge_status,
                      'unsure', json(CASE g.unsure WHEN 1 THEN 'true' ELSE 'false' END))
     FROM grades AS g WHERE g.row_id = rows.id ORDER BY g.label_source = 'conduct', g.id DESC LIMIT 1) AS judge,
  NULLIF(v.human_label, 'unlabelled') AS label,
  (SELECT json_group_array(json_object('author', l.author, 'label', l.label, 'kind', l.kind)) FROM (
     SELECT l.author AS author, l.label AS label, l.kind AS kind FROM labels AS l WHERE l.row_id = rows.id
       AND (l.author IS NULL OR l.id = (SELECT MAX(l2.id) FROM labels AS l2 WHERE l2.row_id = rows.id AND l2.author = l.author))
     ORDER BY (SELECT MIN(l3.id) FROM labels AS l3 WHERE l3.row_id = rows.id AND l3.author IS l.author), l.id) AS l)
    AS annotators,
  (SELECT json_object('label', a.label, 'author', a.author) FROM adjudications AS a WHERE a.row_id = rows.id ORDER BY a.id DESC LIMIT 1)
    AS settled`;

const conductCell = RowSummary.shape.conduct;
const judgeCell = RowSummary.shape.judge;
const annotatorsCell = RowSummary.shape.annotators.unwrap();
const settledCell = RowSummary.shape.settled.unwrap().unwrap();
const tagList = z.array(z.string());

function toSummary(record: SummaryRecord): RowSummary {
  const { match, ...rest } = record;
  return RowSummary.parse({
    ...rest,
    prompt: record.prompt ?? '',
    persona_tags: parseJsonColumn(tagList, record.persona_tags, 'row_tags.tag'),
    conduct: record.conduct === null ? null : parseJsonColumn(conductCell, record.conduct, 'grades (conduct)'),
    judge: record.judge === null ? null : parseJsonColumn(judgeCell, record.judge, 'grades (judge)'),
    annotators: parseJsonColumn(annotatorsCell, record.annotators, 'labels (annotators)'),
    settled: record.settled === null ? null : parseJsonColumn(settledCell, record.settled, 'adjudications'),
    ...(match === undefined ? {} : { match: match === null ? null : parseJsonColumn(RowMatch, match, 'rows.body (search match)') }),
  });
}

export function countMatchingRows(
  db: Db,
  runId: string,
  query: Pick<RowsQuery, 'filters' | 'search'>,
  source = shownJudgeSource(db, runId),
): number {
  if (activeFilters(query).length === 0 && ftsQuery(query.search) === null) return keptRowCount(db, runId);
  const kept = keptMatchingRows(db, runId, query, source);
  if (kept !== null) return kept;
  const count = matchingRowsCountSql(runId, query, source);
  return statement<[Record<string, unknown>], { total: number }>(db, count.sql).get(count.parameters)!.total;
}

/** The statement that counts a query's rows when no kept count can say (`total`); the caller runs it where it likes. */
export function matchingRowsCountSql(
  runId: string,
  query: Pick<RowsQuery, 'filters' | 'search'>,
  source: ShownJudgeSource,
): { sql: string; parameters: Record<string, string | number> } {
  const clauses =
    verdictCountClauses(runId, query, source) ?? queryClauses(runId, { filters: query.filters, search: query.search }, source);
  return { sql: `SELECT COUNT(*) AS total ${clauses.from} ${clauses.where}`, parameters: clauses.parameters };
}

/** The SQL that picks one page's rows (their rowids, in order); exported so tests can read its query plan. */
export function pageIdsSql(
  runId: string,
  query: RowsQuery,
  source: ShownJudgeSource,
): { sql: string; parameters: Record<string, string | number> } {
  const clauses = queryClauses(runId, query, source);
  return {
    sql:
      `SELECT rows.rowid AS rowid ${clauses.from} ${clauses.where} ${orderClause(query.sort, source, false, clauses.ordinal)} LIMIT ` +
      `@limit OFFSET @offset`,
    parameters: clauses.parameters,
  };
}

/**
 * One page in two steps: the ordered rowids first (so a sort never drags whole bodies through its sorter), then the
 * table columns of just those rows.
 */
export function pageRows(db: Db, runId: string, query: RowsQuery, offset: number, limit: number): { rows: RowSummary[]; total: number } {
  const source = shownJudgeSource(db, runId);
  const ids = seekPageIds(db, runId, query, offset, limit) ?? offsetPageIds(db, pageIdsSql(runId, query, source), offset, limit);
  // With a search, each line also says where it matched (for this page's rows only).
  const word = snippetWord(query.search);
  const records =
    ids.length === 0
      ? []
      : statement<[Record<string, string>], SummaryRecord & { rowid: number }>(
          db,
          `SELECT rows.rowid AS rowid, ${summaryColumns}${word === null ? '' : `, ${MATCH_SQL} AS match`}
             FROM rows ${VERDICTS_JOIN} WHERE rows.rowid IN (SELECT value FROM json_each(@ids))`,
        ).all({ ids: JSON.stringify(ids), ...(word === null ? {} : { word }) });
  const byRowid = new Map(records.map((record) => [record.rowid, record]));
  const rows = ids.flatMap((id) => {
    const record = byRowid.get(id);
    return record ? [toSummary(record)] : [];
  });
  return { rows, total: countMatchingRows(db, runId, query, source) };
}

function offsetPageIds(db: Db, page: ReturnType<typeof pageIdsSql>, offset: number, limit: number): number[] {
  return statement<[Record<string, unknown>], { rowid: number }>(db, page.sql)
    .all({ ...page.parameters, limit, offset })
    .map((record) => record.rowid);
}

/**
 * The page's rowids by a seek on the ordinal, where the whole run is read in ordinal order and its ordinals have no
 * gap (their span equals the kept row count; (run_id, ordinal) is unique): the row at `offset` is the lowest ordinal
 * plus `offset`. `OFFSET` walks the index up to the page instead: 190 ms for the middle of a 1,000,000-row run. Null
 * for any other query. Exported for its test.
 */
export function seekPageIds(db: Db, runId: string, query: RowsQuery, offset: number, limit: number): number[] | null {
  if (query.sort.column !== 'ordinal' || activeFilters(query).length > 0 || ftsQuery(query.search) !== null) return null;
  const span = statement<[Record<string, string>], { low: number | null; high: number | null }>(
    db,
    `SELECT (SELECT MIN(ordinal) FROM rows WHERE run_id = @run_id) AS low,
       (SELECT MAX(ordinal) FROM rows WHERE run_id = @run_id) AS high`,
  ).get({ run_id: runId })!;
  if (span.low === null || span.high === null || span.high - span.low + 1 !== keptRowCount(db, runId)) return null;
  const ascending = query.sort.direction === 'asc';
  const from = ascending ? span.low + offset : span.high - offset;
  const [comparison, order] = ascending ? ['>=', 'ASC'] : ['<=', 'DESC'];
  return statement<[Record<string, string | number>], number>(
    db,
    `SELECT rowid FROM rows WHERE run_id = @run_id AND ordinal ${comparison} @from ORDER BY ordinal ${order} LIMIT @limit`,
  )
    .pluck()
    .all({ run_id: runId, from, limit });
}

/**
 * Where a row sits in a query's order and which rows come before and after it (keyset lookups, so stepping
 * through 100,000 rows costs the same at either end). Null when the row is not in the run.
 */
export function rowNeighbours(db: Db, runId: string, rowId: string, query: RowsQuery): RowNeighbours | null {
  const source = shownJudgeSource(db, runId);
  const current = statement<[string, string], { key: string | number; ordinal: number }>(
    db,
    `SELECT ${sortSql(query.sort.column, source)} AS key, rows.ordinal AS ordinal FROM rows ${VERDICTS_JOIN} WHERE rows.id = ? AND ` +
      `rows.run_id = ?`,
  ).get(rowId, runId);
  if (!current) return null;
  const clauses = queryClauses(runId, query, source);
  const parameters = { ...clauses.parameters, key: current.key, ordinal: current.ordinal, row_id: rowId };
  const ascending = query.sort.direction === 'asc';
  const before = ascending ? '<' : '>';
  const after = ascending ? '>' : '<';
  const base = `${clauses.from} ${clauses.where}`;
  const neighbour = (comparison: '<' | '>', reverse: boolean) =>
    statement<[Record<string, unknown>], { id: string }>(
      db,
      `SELECT rows.id AS id ${base} AND ${keysetCondition(query.sort, source, comparison, clauses.ordinal)} ` +
        `${orderClause(query.sort, source, reverse, clauses.ordinal)} LIMIT 1`,
    ).get(parameters)?.id ?? null;
  const isIn = statement<[Record<string, unknown>], { found: number }>(db, `SELECT 1 AS found ${base} AND rows.id = @row_id`).get(
    parameters,
  );
  const position = isIn
    ? statement<[Record<string, unknown>], { n: number }>(
        db,
        `SELECT COUNT(*) AS n ${base} AND ${keysetCondition(query.sort, source, before, clauses.ordinal)}`,
      ).get(parameters)!.n
    : null;
  return {
    previous: neighbour(before, true),
    next: neighbour(after, false),
    position,
    total: countMatchingRows(db, runId, query, source),
  };
}
