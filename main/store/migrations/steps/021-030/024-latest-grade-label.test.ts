import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generatedRow } from '../../../__fixtures__/generated-rows';
import { insertLabels, undoLabel } from '../../../labels/labels-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { insertRow } from '../../../rows/rows-repository';
import { MIGRATIONS } from '../../index';
import { COUNTS_GRADE_SQL, COUNTS_NOW, countsStoreAt, humanLabel } from '../../../__fixtures__/counts-store';
import { latestGradeLabel } from './024-latest-grade-label';

const NOW = COUNTS_NOW;
const COLUMNS = 'reward, reason, label_source, judge_name, judge_status, failure_class, label, label_kind';

/** The oracle: every row's latest grade and latest label, joined as the export joined them before migration 024. */
const JOINED = `SELECT r.id AS row_id, g.reward AS reward, g.reason AS reason, g.label_source AS label_source,
    g.judge_name AS judge_name, g.judge_status AS judge_status, g.failure_class AS failure_class, l.label AS label,
    l.kind AS label_kind
  FROM rows r
  LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)
  LEFT JOIN labels l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = r.id)
  ORDER BY r.id`;
/** Every row with its kept line, as the export's page reads it (no line reads as nulls). */
const KEPT = `SELECT r.id AS row_id, ${COLUMNS.split(', ')
  .map((column) => `k.${column} AS ${column}`)
  .join(', ')} FROM rows r LEFT JOIN latest_grade_label k ON k.row_id = r.id ORDER BY r.id`;

function expectKeptAsJoined(db: Database.Database): unknown[] {
  const joined = db.prepare(JOINED).all();
  expect(db.prepare(KEPT).all()).toEqual(joined);
  // No line for a row that is not stored, nor for a row without a grade or a label.
  expect(
    db
      .prepare(
        `SELECT COUNT(*) AS n FROM latest_grade_label k WHERE NOT EXISTS (SELECT 1 FROM rows WHERE id = k.row_id)
           OR (k.reward IS NULL AND k.reason IS NULL AND k.label IS NULL)`,
      )
      .get(),
  ).toEqual({ n: 0 });
  return joined;
}

describe('migration 024 (latest grade and label)', () => {
  it('is registered as version 24', () => {
    expect(MIGRATIONS[23]).toBe(latestGradeLabel);
    expect(latestGradeLabel.version).toBe(24);
  });

  it('keeps the latest grade and label of the rows an older store holds', () => {
    const db = countsStoreAt(23);
    insertLabels(db, [humanLabel('mixed:1', 'pass', 'ana'), humanLabel('mixed:1', 'fail', 'ben'), humanLabel('conduct:2', 'fail', 'ana')]);
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const joined = expectKeptAsJoined(db) as { reward: number | null; label: string | null }[];
    expect(joined.filter((row) => row.reward !== null).length).toBeGreaterThan(100);
    expect(joined).toContainEqual(expect.objectContaining({ row_id: 'mixed:1', label: 'fail', label_kind: 'human' }));
  });

  it('keeps every line as rows are stored, graded, regraded, labelled, taken back and deleted', () => {
    const db = countsStoreAt(23);
    migrate(db, ':memory:');
    const grade = db.prepare(COUNTS_GRADE_SQL);
    db.transaction(() => {
      for (let ordinal = 400; ordinal < 460; ordinal += 1)
        insertRow(db, generatedRow(ordinal), { run_id: 'mixed', duration_ms: 3, created_at: NOW });
      for (let ordinal = 0; ordinal < 60; ordinal += 3)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0, source: 'conduct', judge: 'conduct', meta: '{}' });
      for (let ordinal = 1; ordinal < 60; ordinal += 5)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0.9, source: 'judge', judge: 'rubric-judge', meta: '{}' });
      grade.run({ row_id: 'mixed:405', run_id: 'mixed', reward: null, source: 'judge', judge: 'rubric-judge', meta: '{}' });
    })();
    expectKeptAsJoined(db);

    insertLabels(db, [humanLabel('mixed:6', 'pass', 'ana'), humanLabel('mixed:9', 'pass', 'ana'), humanLabel('mixed:9', 'fail', 'ben')]);
    insertLabels(db, [humanLabel('mixed:410', 'fail', 'ana')]);
    expect(db.prepare("SELECT label FROM latest_grade_label WHERE row_id = 'mixed:9'").get()).toEqual({ label: 'fail' });
    expectKeptAsJoined(db);
    const taken = db.prepare("SELECT MAX(id) AS id FROM labels WHERE row_id = 'mixed:9'").get() as { id: number };
    undoLabel(db, taken.id, NOW);
    expectKeptAsJoined(db);

    // A grade stored under an id lower than the row's latest grade (an id a delete freed) leaves the row's line as it was.
    const freed = db.prepare("SELECT MIN(id) AS id FROM grades WHERE row_id <> 'mixed:1'").get() as { id: number };
    db.prepare('DELETE FROM grades WHERE id = ?').run(freed.id);
    db.prepare(
      `INSERT INTO grades (id, row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta, provenance,
         created_at) VALUES (?, 'mixed:1', 'mixed', 0.2, 'older', 'ok', 'judge', 'late-judge', 0, '{}', '{}', '${NOW}')`,
    ).run(freed.id);
    expect(db.prepare("SELECT reason FROM latest_grade_label WHERE row_id = 'mixed:1'").get()).not.toEqual({ reason: 'older' });
    expectKeptAsJoined(db);

    // A grade moved to another row, grades and a label deleted (the row left with none), a label changed, rows deleted.
    db.prepare("UPDATE grades SET row_id = 'mixed:20' WHERE id = (SELECT MAX(id) FROM grades WHERE run_id = 'mixed')").run();
    db.prepare("DELETE FROM grades WHERE id = (SELECT MIN(id) FROM grades WHERE run_id = 'mixed' AND label_source = 'judge')").run();
    db.prepare("DELETE FROM grades WHERE row_id = 'mixed:405'").run();
    db.prepare("DELETE FROM labels WHERE row_id = 'mixed:410'").run();
    db.prepare("UPDATE labels SET label = 'pass' WHERE row_id = 'mixed:1'").run();
    expectKeptAsJoined(db);
    expect(db.prepare("SELECT COUNT(*) AS n FROM latest_grade_label WHERE row_id IN ('mixed:405', 'mixed:410')").get()).toEqual({ n: 0 });
    db.prepare("DELETE FROM rows WHERE run_id = 'mixed' AND ordinal % 10 = 9").run();
    db.prepare("DELETE FROM runs WHERE id = 'conduct'").run();
    expectKeptAsJoined(db);
    expect(db.prepare("SELECT COUNT(*) AS n FROM latest_grade_label WHERE row_id LIKE 'conduct:%'").get()).toEqual({ n: 0 });

    // A row stored again under a deleted row's id starts with no grade and no label.
    insertRow(db, generatedRow(9), { run_id: 'mixed', duration_ms: 3, created_at: NOW });
    expectKeptAsJoined(db);
    expect(db.prepare("SELECT COUNT(*) AS n FROM latest_grade_label WHERE row_id = 'mixed:9'").get()).toEqual({ n: 0 });
  });

  it('reads a row’s line by its primary key', () => {
    const db = countsStoreAt(23);
    migrate(db, ':memory:');
    const plan = db.prepare('EXPLAIN QUERY PLAN SELECT reward FROM latest_grade_label WHERE row_id = ?').all('mixed:1');
    expect((plan as { detail: string }[])[0]!.detail).toMatch(/^SEARCH latest_grade_label USING PRIMARY KEY \(row_id=\?\)/);
  });
});
