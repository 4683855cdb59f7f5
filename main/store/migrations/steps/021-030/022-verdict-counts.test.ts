import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generatedRow } from '../../../__fixtures__/generated-rows';
import { insertAdjudication } from '../../../labels/adjudications-repository';
import { insertLabels, undoLabel } from '../../../labels/labels-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { insertRow } from '../../../rows/rows-repository';
import { MIGRATIONS } from '../../index';
import { COUNTS_GRADE_SQL, COUNTS_NOW, countsStoreAt, humanLabel } from '../../../__fixtures__/counts-store';
import { verdictCounts } from './022-verdict-counts';

const NOW = COUNTS_NOW;
const COLUMNS =
  'tool, rule, stance, world_state, tool_condition, history, writer, ended_by, conduct_verdict, conduct_rule, judge_verdict, human_label';

/** The oracle: each run's rows per combination of the twelve columns, counted straight from rows and their verdicts. */
const COUNTED = `SELECT r.run_id AS run_id, ${COLUMNS.split(', ')
  .map((column) => `${column.endsWith('_verdict') || column === 'conduct_rule' || column === 'human_label' ? 'v' : 'r'}.${column}`)
  .join(', ')}, COUNT(*) AS rows
  FROM rows AS r JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13
  ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13`;
const KEPT = `SELECT run_id, ${COLUMNS}, rows FROM row_verdict_counts WHERE rows <> 0 ORDER BY run_id, ${COLUMNS}`;

function expectKeptAsCounted(db: Database.Database): unknown[] {
  const counted = db.prepare(COUNTED).all();
  expect(db.prepare(KEPT).all()).toEqual(counted);
  expect(db.prepare('SELECT COUNT(*) AS n FROM row_verdict_counts WHERE rows < 0').get()).toEqual({ n: 0 });
  return counted;
}

describe('migration 022 (verdict counts)', () => {
  it('is registered as version 22', () => {
    expect(MIGRATIONS[21]).toBe(verdictCounts);
    expect(verdictCounts.version).toBe(22);
  });

  it('counts the rows an older store holds, with their verdicts, labels and settlements', () => {
    const db = countsStoreAt(21);
    insertLabels(db, [humanLabel('mixed:1', 'pass', 'ana'), humanLabel('mixed:1', 'fail', 'ben'), humanLabel('mixed:2', 'fail', 'ana')]);
    insertAdjudication(db, { row_id: 'mixed:3', label: 'fail', author: 'lead', note: null, created_at: NOW });
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const counted = expectKeptAsCounted(db);
    expect(counted.length).toBeGreaterThan(100);
    expect(counted).toContainEqual(expect.objectContaining({ run_id: 'mixed', human_label: 'conflict' }));
  });

  it('keeps every count as rows are stored, graded, regraded, labelled, settled, taken back and deleted', () => {
    const db = countsStoreAt(21);
    migrate(db, ':memory:');
    const grade = db.prepare(COUNTS_GRADE_SQL);
    db.transaction(() => {
      for (let ordinal = 400; ordinal < 460; ordinal += 1)
        insertRow(db, generatedRow(ordinal), { run_id: 'mixed', duration_ms: 3, created_at: NOW });
      // Regrades: a failing conduct grade (with a rule) after a passing one, a passing judge grade after a failing one, an error.
      for (let ordinal = 0; ordinal < 60; ordinal += 3)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0, source: 'conduct', judge: 'conduct', meta: '{"rule":"R7"}' });
      for (let ordinal = 1; ordinal < 60; ordinal += 5)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0.9, source: 'judge', judge: 'rubric-judge', meta: '{}' });
      grade.run({ row_id: 'mixed:405', run_id: 'mixed', reward: null, source: 'judge', judge: 'rubric-judge', meta: '{}' });
      grade.run({ row_id: 'conduct:4', run_id: 'conduct', reward: 0.1, source: 'judge', judge: 'late-judge', meta: '{}' });
    })();
    expectKeptAsCounted(db);

    // Labels that agree, labels that conflict, a settlement over a conflict, and one label taken back (undo).
    insertLabels(db, [humanLabel('mixed:6', 'pass', 'ana'), humanLabel('mixed:9', 'pass', 'ana'), humanLabel('mixed:9', 'fail', 'ben')]);
    insertLabels(db, [
      humanLabel('mixed:12', 'fail', 'ana'),
      humanLabel('mixed:12', 'pass', 'ben'),
      humanLabel('conduct:5', 'fail', 'ana'),
    ]);
    insertAdjudication(db, { row_id: 'mixed:12', label: 'pass', author: 'lead', note: null, created_at: NOW });
    expectKeptAsCounted(db);
    const taken = db.prepare("SELECT MAX(id) AS id FROM labels WHERE row_id = 'mixed:9'").get() as { id: number };
    undoLabel(db, taken.id, NOW);
    expectKeptAsCounted(db);

    // A grade moved to another row, one deleted, a row's columns changed, rows deleted with their lines, a run deleted.
    db.prepare("UPDATE grades SET row_id = 'mixed:20' WHERE id = (SELECT MAX(id) FROM grades WHERE run_id = 'mixed')").run();
    db.prepare("DELETE FROM grades WHERE id = (SELECT MIN(id) FROM grades WHERE run_id = 'mixed' AND label_source = 'judge')").run();
    db.prepare(
      "UPDATE rows SET stance = 'hurried', tool = 'get_order', writer = 'second-writer' WHERE run_id = 'mixed' AND ordinal IN (0, 1, 6)",
    ).run();
    db.prepare("UPDATE rows SET stance = stance WHERE run_id = 'mixed'").run();
    expectKeptAsCounted(db);
    db.prepare("DELETE FROM rows WHERE run_id = 'mixed' AND ordinal % 10 = 9").run();
    db.prepare("DELETE FROM runs WHERE id = 'conduct'").run();
    expectKeptAsCounted(db);
    expect(db.prepare("SELECT COALESCE(SUM(rows), 0) AS rows FROM row_verdict_counts WHERE run_id = 'conduct'").get()).toEqual({ rows: 0 });
  });

  it('reads one run’s counts by their primary key', () => {
    const db = countsStoreAt(21);
    migrate(db, ':memory:');
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT judge_verdict, SUM(rows) FROM row_verdict_counts WHERE run_id = ? GROUP BY judge_verdict`)
      .all('mixed');
    expect((plan as { detail: string }[])[0]!.detail).toMatch(/^SEARCH row_verdict_counts USING PRIMARY KEY \(run_id=\?\)/);
  });
});
