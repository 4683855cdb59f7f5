import { judgeKey } from '../../../shared/api/grades';
import type { StoredLabel } from '../../../shared/api/labels';
import type { Label } from '../../../shared/domain';
import type { Db } from '../../store/database';
import {
  countIncludedRows,
  labelledRowGrades,
  latestGradeCounts,
  latestGradeDoubts,
  type LabelledRowGrade,
  type LatestGradeCounts,
} from '../../store/grades/agreement-reads-repository';
import { simulatorErrorRowIds } from '../../store/grades/grades-repository';
import { rowGrades, rowIdentitiesOf } from '../../store/grades/agreement-reads-repository';
import { countLabelsAfter, newestLabelId, runLabelsAfter } from '../../store/labels/labels-repository';
import { keptLabelledRows, runLabelsUpTo, type LabelledRow } from '../../store/labels/labels-repository';
import { memoOnTables, tablesVersion, type KeyReadAt } from '../../store/store-memo';
import type { AppContext } from '../app/app-context';
import { gradedJudges } from './grading-service';

/*
 * What agreement.get reads over the whole run, kept per version of the tables it reads (store-memo memoOnTables,
 * migration 010's counters): the judges' totals and doubts (grades, less the simulator-error rows), the rows counted
 * (rows, less them), and each labelled row's identity and grades; the labels themselves and each row's gold grow
 * with each label (keptRunLabels). A label changes none of the grades: after one, only the new label is read, its
 * row's gold computed again, and the identity and grades of a row labelled for the first time.
 */

type RunJudges = ReturnType<typeof gradedJudges>;

/** The simulator-error rows (from labels) as the key of values that leave them out. */
export interface Excluded {
  ids: ReadonlySet<string>;
  /** The labels' version when `ids` was read: a value is kept under `ids` only if no label landed meanwhile. */
  readAt: KeyReadAt;
}

export function excludedRows(context: AppContext, runId: string): Excluded {
  const readAt: KeyReadAt = { tables: ['labels'], version: tablesVersion(context.db, ['labels']) };
  return { ids: simulatorErrorRowIds(context.db, runId), readAt };
}

const excludedKey = (excluded: Excluded) => [...excluded.ids].sort().join('\u0001');

/** gradedJudges (its totals leave simulator-error rows out), kept while the grades and those rows stay. */
export function keptGradedJudges(context: AppContext, runId: string, excluded: Excluded): RunJudges {
  return memoOnTables(
    context.db,
    ['grades'],
    JSON.stringify(['graded-judges', runId, excludedKey(excluded)]),
    () => gradedJudges(context, runId),
    { keyReadAt: excluded.readAt },
  );
}

/**
 * Counts over a judge key's latest grades on the whole run, simulator-error rows left out (none for no judge): the key
 * of one judge is counted in indexes; a key two judges spell alike (`a` version `v` and `a` version `a@v`) reads their
 * latest grades. Kept while the grades and the simulator-error rows stay.
 */
export function keptKeyCounts(
  context: AppContext,
  runId: string,
  judges: readonly RunJudges[number][],
  key: string | null,
  excluded: Excluded,
): LatestGradeCounts {
  const spelled = judges.filter((judge) => judge.judge_key === key);
  const [only, ...others] = spelled;
  if (only === undefined) return { n_graded: 0, n_unjudged: 0, n_unsure: 0 };
  const compute = (): LatestGradeCounts =>
    others.length === 0
      ? { n_graded: only.n_graded, ...latestGradeDoubts(context.db, runId, { judge_name: only.judge_name, version: only.version }) }
      : latestGradeCounts(context.db, runId, spelled);
  const judgesKey = spelled.map((judge) => [judge.judge_name, judge.version, judge.n_graded]);
  return memoOnTables(context.db, ['grades'], JSON.stringify(['key-counts', runId, judgesKey, excludedKey(excluded)]), compute, {
    keyReadAt: excluded.readAt,
  });
}

/** countIncludedRows, kept while the rows and the simulator-error rows stay. */
export function keptIncludedRows(context: AppContext, runId: string, excluded: Excluded): number {
  return memoOnTables(
    context.db,
    ['rows'],
    JSON.stringify(['included-rows', runId, excludedKey(excluded)]),
    () => countIncludedRows(context.db, runId),
    { keyReadAt: excluded.readAt },
  );
}

/** More new rows than this are read in one pass (a first read), fewer one by one. */
const READ_ONE_BY_ONE = 64;

/**
 * The run's rows among `rowIds` (the labelled ones), in row order, as listLabelledRows gives them. A row's identity
 * is read once per version of the rows table: on a first read, every labelled row's from the kept lines (migration
 * 021), any other asked for by key.
 */
export function labelledRowsOf(context: AppContext, runId: string, rowIds: Iterable<string>): LabelledRow[] {
  const known = memoOnTables(context.db, ['rows'], JSON.stringify(['row-identities', runId]), () => new Map<string, LabelledRow | null>());
  const wanted = [...new Set(rowIds)];
  let missing = wanted.filter((rowId) => !known.has(rowId));
  if (missing.length > READ_ONE_BY_ONE) {
    for (const row of keptLabelledRows(context.db, runId)) known.set(row.id, row);
    missing = missing.filter((rowId) => !known.has(rowId));
  }
  const found = new Map(rowIdentitiesOf(context.db, runId, missing).map((row) => [row.id, row]));
  for (const rowId of missing) known.set(rowId, found.get(rowId) ?? null);
  return wanted
    .map((rowId) => known.get(rowId) ?? null)
    .filter((row): row is LabelledRow => row !== null)
    .sort((left, right) => left.ordinal - right.ordinal);
}

/**
 * Every grade of each of `rows`, oldest first per row, as labelledRowGrades reads them: kept per row while the grades
 * stay, so a label on a new row reads that row's grades alone.
 */
export function gradesOfRows(context: AppContext, runId: string, rows: readonly LabelledRow[]): Map<string, readonly LabelledRowGrade[]> {
  const known = memoOnTables(
    context.db,
    ['grades'],
    JSON.stringify(['row-grades', runId]),
    () => new Map<string, readonly LabelledRowGrade[]>(),
  );
  const missing = rows.filter((row) => !known.has(row.id));
  if (missing.length > READ_ONE_BY_ONE) {
    // Every labelled row's grades in one pass; a row with none has none.
    const byRow = new Map<string, LabelledRowGrade[]>();
    for (const grade of labelledRowGrades(context.db, runId)) {
      const list = byRow.get(grade.row_id);
      if (list) list.push(grade);
      else byRow.set(grade.row_id, [grade]);
    }
    for (const row of missing) known.set(row.id, byRow.get(row.id) ?? []);
  } else {
    for (const row of missing) known.set(row.id, rowGrades(context.db, runId, row.id));
  }
  return new Map(rows.map((row) => [row.id, known.get(row.id)!]));
}

/** Per judge key, its newest grade on each of the rows (as latestVerdicts merged by key). */
export function verdictsByKey(grades: ReadonlyMap<string, readonly LabelledRowGrade[]>): Map<string, Map<string, LabelledRowGrade>> {
  const verdicts = new Map<string, Map<string, LabelledRowGrade>>();
  for (const [rowId, list] of grades) {
    for (const grade of list) {
      const key = judgeKey(grade.judge_name, grade.version);
      let judged = verdicts.get(key);
      if (!judged) verdicts.set(key, (judged = new Map()));
      judged.set(rowId, grade);
    }
  }
  return verdicts;
}

/** A run's labels (oldest first, without id and run_id) and each labelled row's gold, as of one labels version. */
export interface RunLabels<G> {
  labels: readonly Label[];
  gold: ReadonlyMap<string, G>;
}

interface LabelsKept {
  /** The labels' change counter when read. */
  counter: string;
  /** The newest label id of the store then: later inserts have greater ids. */
  newestId: number;
  labels: Label[];
  byRow: Map<string, Label[]>;
  gold: Map<string, unknown>;
  goldOf: unknown;
}

const labelsKept = new WeakMap<Db, Map<string, LabelsKept>>();
/** Runs whose labels are kept per connection (the most recently asked). */
const MAX_RUNS_KEPT = 8;

const toLabel = ({ id: _id, run_id: _runId, ...label }: StoredLabel): Label => label;

/**
 * The run's labels and each row's gold (`goldOf` over the row's labels, oldest first), read once and then grown:
 * when every change to the labels since is an insert (the counter moved by exactly the number of newer ids), only
 * the new labels are read and only their rows' gold computed again; any update or delete reads them all again.
 */
export function keptRunLabels<G>(context: AppContext, runId: string, goldOf: (labels: readonly Label[]) => G): RunLabels<G> {
  const { db } = context;
  const counter = tablesVersion(db, ['labels']);
  const readAll = (): LabelsKept => {
    const newestId = newestLabelId(db);
    // Labels that land after newestId was read wait for the next call (their ids are over it).
    const labels = runLabelsUpTo(db, runId, newestId);
    const byRow = new Map<string, Label[]>();
    for (const label of labels) {
      const list = byRow.get(label.row_id);
      if (list) list.push(label);
      else byRow.set(label.row_id, [label]);
    }
    return {
      counter: counter ?? '',
      newestId,
      labels,
      byRow,
      gold: new Map([...byRow].map(([rowId, list]) => [rowId, goldOf(list)])),
      goldOf,
    };
  };
  if (counter === null) {
    const fresh = readAll();
    return { labels: fresh.labels, gold: fresh.gold as Map<string, G> };
  }
  let byRun = labelsKept.get(db);
  if (!byRun) labelsKept.set(db, (byRun = new Map()));
  const before = byRun.get(runId);
  let kept: LabelsKept;
  if (before && before.goldOf === goldOf && before.counter === counter) kept = before;
  else if (before && before.goldOf === goldOf && Number(counter) - Number(before.counter) === countLabelsAfter(db, before.newestId)) {
    // Inserts only: the new labels of this run, appended; their rows' gold again. Nothing kept is changed in place.
    const newestId = newestLabelId(db);
    const added = runLabelsAfter(db, runId, before.newestId)
      .filter((label) => label.id <= newestId)
      .map(toLabel);
    const byRow = new Map(before.byRow);
    const gold = new Map(before.gold);
    for (const label of added) byRow.set(label.row_id, [...(byRow.get(label.row_id) ?? []), label]);
    for (const rowId of new Set(added.map((label) => label.row_id))) gold.set(rowId, goldOf(byRow.get(rowId)!));
    kept = { counter, newestId, labels: [...before.labels, ...added], byRow, gold, goldOf };
  } else kept = readAll();
  byRun.delete(runId);
  if (byRun.size >= MAX_RUNS_KEPT) byRun.delete(byRun.keys().next().value!);
  byRun.set(runId, kept);
  return { labels: kept.labels, gold: kept.gold as Map<string, G> };
}

/** Drops the labels kept for a connection (tests compare with a first read). */
export function forgetRunLabels(db: Db): void {
  labelsKept.delete(db);
}
