import { statement, type Db } from '../database';
import { JUDGE_VERSION } from './grades-repository';

/*
 * Which judges graded a run, and where a judge's latest grades begin and end, by index seeks however many grades the
 * run holds: at 1,000,000 rows a walk of index grades_latest took 300 ms to list the judges and as long again per judge
 * for its span, on every first agreement.get (issue 25).
 */

/** A judge as its grades name it: name and version (null when its provenance has none). */
export interface JudgeKey {
  judge_name: string;
  version: string | null;
}

type Value = { value: string | null };

/** The next judge name after `after` (null: the first), from index grades_run. */
const NEXT_NAME = {
  first: 'SELECT judge_name AS value FROM grades WHERE run_id = ? ORDER BY judge_name LIMIT 1',
  after: 'SELECT judge_name AS value FROM grades WHERE run_id = ? AND judge_name > ? ORDER BY judge_name LIMIT 1',
};

/** The next version of one judge name, from index grades_latest; a version can be NULL, and NULL sorts first. */
const NEXT_VERSION = {
  first: `SELECT ${JUDGE_VERSION} AS value FROM grades WHERE run_id = ? AND judge_name = ? ORDER BY ${JUDGE_VERSION} LIMIT 1`,
  afterNull: `SELECT ${JUDGE_VERSION} AS value FROM grades WHERE run_id = ? AND judge_name = ? AND ${JUDGE_VERSION} IS NOT NULL
    ORDER BY ${JUDGE_VERSION} LIMIT 1`,
  after: `SELECT ${JUDGE_VERSION} AS value FROM grades WHERE run_id = ? AND judge_name = ? AND ${JUDGE_VERSION} > ?
    ORDER BY ${JUDGE_VERSION} LIMIT 1`,
};

/** Every judge (name + version) that graded a run, by name then version: one seek per judge. */
export function judgesOfRun(db: Db, runId: string): JudgeKey[] {
  const judges: JudgeKey[] = [];
  let name = statement<[string], Value>(db, NEXT_NAME.first).get(runId)?.value;
  while (typeof name === 'string') {
    let version = statement<[string, string], Value>(db, NEXT_VERSION.first).get(runId, name);
    while (version !== undefined) {
      judges.push({ judge_name: name, version: version.value });
      version =
        version.value === null
          ? statement<[string, string], Value>(db, NEXT_VERSION.afterNull).get(runId, name)
          : statement<[string, string, string], Value>(db, NEXT_VERSION.after).get(runId, name, version.value);
    }
    name = statement<[string, string], Value>(db, NEXT_NAME.after).get(runId, name)?.value;
  }
  return judges;
}

/** A judge's latest grades: how many rows hold one, and the smallest and largest of their ids. */
export interface GradeSpan {
  n_graded: number;
  first_id: number;
  last_id: number;
}

/** The kept counts of a judge name's grades (migration 015): a line per source, its rows and its grades. */
const NAME_COUNTS = `SELECT COUNT(*) AS lines, TOTAL(rows) AS rows, TOTAL(grades) AS grades FROM grade_source_counts
  WHERE run_id = ? AND judge_name = ?`;

/** The first and last grade of a judge name, from index grades_run (its ids follow the name). */
const NAME_ENDS = {
  first: 'SELECT id FROM grades WHERE run_id = ? AND judge_name = ? ORDER BY id LIMIT 1',
  last: 'SELECT id FROM grades WHERE run_id = ? AND judge_name = ? ORDER BY id DESC LIMIT 1',
};

type NameCounts = { lines: number; rows: number; grades: number };

const nameCounts = (db: Db, runId: string, judgeName: string): NameCounts =>
  statement<[string, string], NameCounts>(db, NAME_COUNTS).get(runId, judgeName)!;

/** Each row holds one grade of the name, all from one source: then each of its grades is its row's latest, whatever its version. */
const isOneGradePerRow = (counts: NameCounts): boolean => counts.lines === 1 && counts.rows === counts.grades && counts.grades > 0;

/** Whether every row a judge name graded on the run holds exactly one grade of that name, from one source. */
export function holdsOneGradePerRow(db: Db, runId: string, judgeName: string): boolean {
  return isOneGradePerRow(nameCounts(db, runId, judgeName));
}

/**
 * The span of a judge's latest grades when every row it graded holds exactly one grade of its name, from one source,
 * in its only version: then each grade is its row's latest, so the span is the kept count and the name's first and
 * last grade. Null otherwise (a re-grade, another version or source of the name): walk the grades then.
 */
export function singleGradeSpan(db: Db, runId: string, judge: JudgeKey, isOnlyVersion: boolean): GradeSpan | null {
  if (!isOnlyVersion) return null;
  const counts = nameCounts(db, runId, judge.judge_name);
  if (!isOneGradePerRow(counts)) return null;
  const end = (sql: string) => statement<[string, string], { id: number }>(db, sql).get(runId, judge.judge_name)!.id;
  return { n_graded: counts.grades, first_id: end(NAME_ENDS.first), last_id: end(NAME_ENDS.last) };
}

/** The SQL of this file's reads, for the query-plan test. */
export const JUDGE_KEY_READS = [NEXT_NAME.first, NEXT_NAME.after, NEXT_VERSION.first, NEXT_VERSION.after, NAME_ENDS.first, NAME_ENDS.last];
