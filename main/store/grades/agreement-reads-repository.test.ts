import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RunConfig, type Grade, type LabelValue } from '../../../shared/domain';
import { migrate } from '../migrate';
import {
  countIncludedRows,
  EXCLUDED_LATEST,
  EXCLUDED_ROWS_OF_RUN,
  iterateRowRewards,
  LABELLED_ROW_GRADES,
  labelledRowGrades,
  LATEST_DOUBTS,
  LATEST_GRADE_SPAN,
  LATEST_GRADE_SPAN_INCLUDED,
  ONLY_GRADE_DOUBTS,
  latestGradeCounts,
  latestGradeCountsSql,
  latestGradeDoubts,
  latestGradeSpans,
  rowRewardsSql,
} from './agreement-reads-repository';
import { insertGrades } from './grades-repository';
import { JUDGE_KEY_READS, judgesOfRun } from './judge-keys-repository';
import { insertLabels, KEPT_LABELLED_ROWS, keptLabelledRows, LABELLED_ROWS, listLabelledRows } from '../labels/labels-repository';
import { insertRow } from '../rows/rows-repository';
import { insertRun } from '../runs/runs-repository';
import { sampleRow } from '../__fixtures__/sample-row';

/*
 * The reads agreement.get makes after every burst of labels: whole-run figures from indexes, rows read one by one
 * only where they carry a label. Plans are read on a store without table statistics, as the app's stores are.
 */

const NOW = '2026-01-01T00:00:00.000Z';

function newStore(rows: number): Database.Database {
  const db = new Database(':memory:');
  migrate(db, ':memory:');
  insertRun(db, {
    id: 'run_a',
    name: 'a',
    status: 'completed',
    config: RunConfig.parse({ source: { kind: 'describe', sentence: 'an orders desk' } }),
    now: NOW,
  });
  for (let ordinal = 0; ordinal < rows; ordinal += 1)
    insertRow(db, sampleRow(ordinal), { run_id: 'run_a', duration_ms: 1, created_at: NOW });
  return db;
}

function grade(ordinal: number, judge: string, version: string | null, reward: number | null, unsure = false): Grade {
  return {
    row_id: `run_a:${ordinal}`,
    reward,
    reason: 'why',
    judge_status: reward === null ? 'error' : 'ok',
    label_source: 'custom',
    failure_class: null,
    unsure,
    span: null,
    judge_meta: {},
    provenance: { judge, model: null, rubric_hash: null, settings: {}, version },
    created_at: NOW,
  };
}

function label(db: Database.Database, ordinal: number, value: LabelValue, author: string | null = 'ann'): void {
  insertLabels(db, [{ row_id: `run_a:${ordinal}`, label: value, kind: 'human', author, note: null, created_at: NOW }]);
}

function plan(db: Database.Database, sql: string): string {
  const parameters = {
    run_id: 'run_a',
    judge_name: 'j',
    version: 'v',
    judge_name_0: 'j',
    version_0: 'v',
    judge_name_1: 'k',
    version_1: null,
  };
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as Array<{ detail: string }>).map((step) => step.detail).join('\n');
}

/** The plan of a statement of `?` parameters, each bound to a name as a judge's would be. */
function positionalPlan(db: Database.Database, sql: string): string {
  const values = Array.from(sql.matchAll(/\?/g), () => 'j');
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>).map((step) => step.detail).join('\n');
}

/** A walk of a whole table (not of a materialized subquery). */
const TABLE_SCAN = /\bSCAN (rows|grades|labels|r|g|l)\b/;

describe('agreement reads', () => {
  it('walk indexes, never a table: the whole run from index counts, labelled rows by key', () => {
    const db = newStore(0);
    const plans = {
      judges: JUDGE_KEY_READS.map((sql) => positionalPlan(db, sql)).join('\n'),
      span: plan(db, LATEST_GRADE_SPAN),
      spanIncluded: plan(db, LATEST_GRADE_SPAN_INCLUDED),
      excluded: plan(db, EXCLUDED_LATEST),
      doubts: plan(db, LATEST_DOUBTS),
      onlyGradeDoubts: plan(db, ONLY_GRADE_DOUBTS),
      keptLabelledRows: positionalPlan(db, KEPT_LABELLED_ROWS),
      labelledGrades: plan(db, LABELLED_ROW_GRADES),
      labelledRows: plan(db, LABELLED_ROWS),
      included: plan(db, EXCLUDED_ROWS_OF_RUN),
      rewards: plan(db, rowRewardsSql(1)),
      counts: plan(db, latestGradeCountsSql(2)),
    };
    for (const [name, text] of Object.entries(plans)) expect(text, name).not.toMatch(TABLE_SCAN);
    expect(plans.judges).toContain('SEARCH grades USING COVERING INDEX grades_run (run_id=? AND judge_name>?)');
    expect(plans.judges).toContain('SEARCH grades USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>>?)');
    expect(plans.judges).not.toContain('TEMP B-TREE');
    expect(plans.span).toContain('SEARCH grades USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>=?)');
    expect(plans.span).not.toContain('TEMP B-TREE');
    expect(plans.spanIncluded).toContain('SEARCH grades USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>=?)');
    expect(plans.excluded).toContain('SEARCH g USING INDEX grades_row (row_id=?)');
    expect(plans.doubts).toContain('SEARCH g USING COVERING INDEX grades_doubtful (run_id=? AND judge_name=? AND <expr>=?)');
    expect(plans.onlyGradeDoubts).toContain('SEARCH g USING COVERING INDEX grades_doubtful (run_id=? AND judge_name=? AND <expr>=?)');
    expect(plans.keptLabelledRows).toBe('SEARCH labelled_rows USING PRIMARY KEY (run_id=?)');
    expect(plans.labelledGrades).toContain('SEARCH labelled USING PRIMARY KEY (run_id=?)');
    expect(plans.labelledGrades).toContain('SEARCH g USING INDEX grades_row (row_id=?)');
    expect(plans.labelledRows).toContain('SEARCH r USING INDEX sqlite_autoindex_rows_1 (id=?)');
    expect(plans.rewards).toContain(
      'SEARCH latest USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>=? AND row_id=?)',
    );
  });

  it('count each judge by its latest grade on each row, leaving simulator-error rows out', () => {
    const db = newStore(6);
    insertGrades(db, [
      grade(0, 'first', 'v1', 1),
      grade(1, 'first', 'v1', null),
      grade(2, 'first', 'v1', 0.4, true),
      grade(1, 'first', 'v1', 0.9), // a re-grade: now judged
      grade(3, 'second', null, 0),
      grade(5, 'gone', 'v1', 1), // only on a simulator-error row
      grade(4, 'first', 'v1', null),
    ]);
    label(db, 5, 'simulator_error');
    label(db, 4, 'simulator_error', null);
    label(db, 2, 'pass');
    label(db, 0, 'fail', 'bob');
    const spans = latestGradeSpans(db, 'run_a');
    // first: rows 0, 1, 2 (row 4 is a simulator error); its first latest grade is row 0's (id 1), its last row 1's re-grade (id 4).
    expect(spans).toEqual([
      { judge_name: 'first', version: 'v1', n_graded: 3, first_id: 1, last_id: 4 },
      { judge_name: 'second', version: null, n_graded: 1, first_id: 5, last_id: 5 },
    ]);
    expect(latestGradeDoubts(db, 'run_a', { judge_name: 'first', version: 'v1' })).toEqual({ n_unjudged: 0, n_unsure: 1 });
    expect(latestGradeCounts(db, 'run_a', [{ judge_name: 'first', version: 'v1' }])).toEqual({ n_graded: 3, n_unjudged: 0, n_unsure: 1 });
    expect(
      latestGradeCounts(db, 'run_a', [
        { judge_name: 'first', version: 'v1' },
        { judge_name: 'second', version: null },
      ]),
    ).toEqual({ n_graded: 4, n_unjudged: 0, n_unsure: 1 });
    expect(countIncludedRows(db, 'run_a')).toBe(4);
    expect(listLabelledRows(db, 'run_a')).toEqual(
      [0, 2, 4, 5].map((ordinal) => ({ id: `run_a:${ordinal}`, scenario_id: sampleRow(ordinal).situation.scenario_id, ordinal })),
    );
    expect(keptLabelledRows(db, 'run_a')).toEqual(listLabelledRows(db, 'run_a'));
    expect(labelledRowGrades(db, 'run_a').map((entry) => [entry.row_id, entry.judge_name, entry.reward, entry.unsure])).toEqual([
      ['run_a:0', 'first', 1, false],
      ['run_a:2', 'first', 0.4, true],
      ['run_a:5', 'gone', 1, false],
      ['run_a:4', 'first', null, false],
    ]);
    expect([...iterateRowRewards(db, 'run_a', [{ judge_name: 'first', version: 'v1' }])].map((row) => row.reward)).toEqual([
      1,
      0.9,
      0.4,
      null,
      null,
      null,
    ]);
    expect([...iterateRowRewards(db, 'run_a', [])].map((row) => [row.id, row.rollout_id, row.reward])).toEqual(
      Array.from({ length: 6 }, (_, ordinal) => [`run_a:${ordinal}`, sampleRow(ordinal).rollout_id, null]),
    );
  });

  it('list every version of each judge, the unversioned first, and walk the grades of a name with several versions', () => {
    const db = newStore(4);
    insertGrades(db, [
      grade(0, 'second', 'v2', 1),
      grade(1, 'first', null, 0),
      grade(2, 'second', 'v1', 1),
      grade(3, 'second', 'v2', 0),
      grade(0, 'first', 'v1', 1),
    ]);
    expect(judgesOfRun(db, 'run_a')).toEqual([
      { judge_name: 'first', version: null },
      { judge_name: 'first', version: 'v1' },
      { judge_name: 'second', version: 'v1' },
      { judge_name: 'second', version: 'v2' },
    ]);
    expect(latestGradeSpans(db, 'run_a')).toEqual([
      { judge_name: 'second', version: 'v2', n_graded: 2, first_id: 1, last_id: 4 },
      { judge_name: 'first', version: null, n_graded: 1, first_id: 2, last_id: 2 },
      { judge_name: 'second', version: 'v1', n_graded: 1, first_id: 3, last_id: 3 },
      { judge_name: 'first', version: 'v1', n_graded: 1, first_id: 5, last_id: 5 },
    ]);
  });

  it('count a judge again without simulator-error rows when one of them holds its first or last grade', () => {
    const db = newStore(4);
    insertGrades(db, [grade(0, 'first', 'v1', 1), grade(1, 'first', 'v1', 0), grade(2, 'first', 'v1', 1), grade(3, 'first', 'v1', 1)]);
    label(db, 0, 'simulator_error');
    label(db, 3, 'simulator_error');
    expect(latestGradeSpans(db, 'run_a')).toEqual([{ judge_name: 'first', version: 'v1', n_graded: 2, first_id: 2, last_id: 3 }]);
  });

  it("count a judge's doubts from its grades alone while each row holds one, and by each row's newest after a re-grade", () => {
    const db = newStore(5);
    const doubts = (sql: string) => db.prepare(sql).get({ run_id: 'run_a', judge_name: 'solo', version: 'v1' });
    insertGrades(db, [
      grade(0, 'solo', 'v1', null),
      grade(1, 'solo', 'v1', 0.45, true),
      grade(2, 'solo', 'v1', 1),
      grade(3, 'solo', 'v1', null),
    ]);
    label(db, 3, 'simulator_error');
    expect(latestGradeDoubts(db, 'run_a', { judge_name: 'solo', version: 'v1' })).toEqual({ n_unjudged: 1, n_unsure: 1 });
    expect(doubts(ONLY_GRADE_DOUBTS)).toEqual(doubts(LATEST_DOUBTS));
    // A re-grade of row 1, judged and sure: the newest grade counts, the unsure one before it no longer.
    insertGrades(db, [grade(1, 'solo', 'v1', 0.9)]);
    expect(latestGradeDoubts(db, 'run_a', { judge_name: 'solo', version: 'v1' })).toEqual({ n_unjudged: 1, n_unsure: 0 });
    expect(doubts(ONLY_GRADE_DOUBTS)).not.toEqual(doubts(LATEST_DOUBTS));
  });
});
