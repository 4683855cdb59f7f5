import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AXES, PASS_THRESHOLD, type Axis } from '../../../../../shared/domain';
import { generatedRow, storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { SIMULATOR_ERROR_ROWS } from '../../../grades/grades-repository';
import { undoLabel } from '../../../labels/labels-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { axisCounts, cellCounts, coordinateCounts, gradeTotals } from '../../../rows/coverage-queries';
import { insertRow } from '../../../rows/rows-repository';
import { coverageCounts } from './017-coverage-counts';
import { MIGRATIONS } from '../../index';

const NOW = '2026-01-01T00:00:00.000Z';
const RUNS = ['mixed', 'conduct'];

/*
 * The oracle: the coverage view's figures counted straight from rows, grades and labels, as coverage-queries did
 * before 017 (each row's latest grade, simulator-error rows graded and failing in none).
 */
const LATEST_REWARD = `CASE WHEN rows.id IN (${SIMULATOR_ERROR_ROWS}) THEN NULL
  ELSE (SELECT reward FROM grades WHERE grades.row_id = rows.id ORDER BY grades.id DESC LIMIT 1) END`;

function countedCells(db: Database.Database, runId: string, x: Axis, y: Axis) {
  return db
    .prepare(
      `SELECT ${x} AS x, ${y} AS y, COUNT(*) AS rows, COALESCE(SUM(reward < @threshold), 0) AS failing, COUNT(reward) AS graded
       FROM (SELECT rows.${x}, rows.${y}, ${LATEST_REWARD} AS reward FROM rows WHERE rows.run_id = @run_id) GROUP BY ${x}, ${y}`,
    )
    .all({ run_id: runId, threshold: PASS_THRESHOLD });
}

function counted(db: Database.Database, runId: string) {
  const axisPairs = AXES.flatMap((x, index) => AXES.slice(index + 1).map((y) => [x, y] as const));
  return {
    cells: axisPairs.map(([x, y]) => countedCells(db, runId, x, y)),
    axes: AXES.map((axis) =>
      db.prepare(`SELECT ${axis} AS value, COUNT(*) AS rows FROM rows WHERE run_id = ? GROUP BY ${axis}`).all(runId),
    ),
    coordinates: db
      .prepare(`SELECT ${AXES.join(', ')}, COUNT(*) AS rows FROM rows WHERE run_id = ? GROUP BY ${AXES.join(', ')}`)
      .all(runId)
      .map((record) => {
        const { rows, ...dimensions } = record as Record<string, string> & { rows: number };
        return { dimensions, rows };
      }),
    totals: db
      .prepare(
        `SELECT COUNT(reward) AS graded, COALESCE(SUM(reward < @threshold), 0) AS failing
         FROM (SELECT row_id, reward, MAX(id) FROM grades WHERE run_id = @run_id GROUP BY row_id)
         WHERE row_id NOT IN (${SIMULATOR_ERROR_ROWS})`,
      )
      .get({ run_id: runId, threshold: PASS_THRESHOLD }),
  };
}

/** The same figures as the coverage queries read them from the kept counts. */
function kept(db: Database.Database, runId: string): ReturnType<typeof counted> {
  const axisPairs = AXES.flatMap((x, index) => AXES.slice(index + 1).map((y) => [x, y] as const));
  return {
    cells: axisPairs.map(([x, y]) => cellCounts(db, runId, x, y)),
    axes: AXES.map((axis) => axisCounts(db, runId, axis)),
    coordinates: coordinateCounts(db, runId),
    totals: gradeTotals(db, runId),
  };
}

/** A store file at schema 016 with a mixed run (conduct grades on 60% of rows, a judge's on 40%, labels) and a conduct-only run. */
function storeAt016(): Database.Database {
  const db = new Database(join(mkdtempSync(join(tmpdir(), 'while-017-')), 'store.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', MIGRATIONS.slice(0, 16));
  storeGeneratedRun(db, { runId: 'mixed', count: 400 });
  storeGeneratedRun(db, { runId: 'conduct', count: 150 });
  db.prepare("DELETE FROM grades WHERE run_id = 'conduct' AND label_source <> 'conduct'").run();
  return db;
}

const gradeSql = `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta, provenance,
  created_at) VALUES (@row_id, @run_id, @reward, 'why', 'ok', @source, @judge, 0, '{}', '{}', '${NOW}')`;
const labelSql = `INSERT INTO labels (row_id, run_id, label, kind, author, created_at) VALUES (?, ?, ?, 'human', ?, '${NOW}')`;

describe('migration 017 (coverage counts)', () => {
  it('is registered as version 17', () => {
    expect(MIGRATIONS[16]).toBe(coverageCounts);
    expect(coverageCounts.version).toBe(17);
  });

  it('counts the rows an older store holds as the coverage view counted them', () => {
    const db = storeAt016();
    // Simulator errors before the upgrade: an unsigned one, and one an author later took back with another label.
    const label = db.prepare(labelSql);
    const grade = db.prepare(gradeSql);
    for (const row_id of ['mixed:1', 'mixed:2', 'mixed:3'])
      grade.run({ row_id, run_id: 'mixed', reward: 0.1, source: 'judge', judge: 'rubric-judge' });
    label.run('mixed:1', 'mixed', 'simulator_error', null);
    label.run('mixed:2', 'mixed', 'simulator_error', 'ana');
    label.run('mixed:3', 'mixed', 'simulator_error', 'ana');
    label.run('mixed:3', 'mixed', 'pass', 'ana');
    const before = RUNS.map((runId) => counted(db, runId));
    expect(before[0]!.totals).toEqual({ graded: expect.any(Number), failing: expect.any(Number) });
    expect((before[0]!.totals as { failing: number }).failing).toBeGreaterThan(0);
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(RUNS.map((runId) => kept(db, runId))).toEqual(before);
  });

  it('keeps every count as rows are stored, graded, regraded, labelled, taken back and deleted', () => {
    const db = storeAt016();
    migrate(db, ':memory:');
    const grade = db.prepare(gradeSql);
    const label = db.prepare(labelSql);
    const check = () => {
      for (const runId of RUNS) expect(kept(db, runId), runId).toEqual(counted(db, runId));
    };
    db.transaction(() => {
      for (let ordinal = 400; ordinal < 460; ordinal += 1)
        insertRow(db, generatedRow(ordinal), { run_id: 'mixed', duration_ms: 3, created_at: NOW });
      // Regrades: a failing conduct grade after a passing one, a passing judge grade after a failing one, a grade without a reward.
      for (let ordinal = 0; ordinal < 60; ordinal += 3)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0, source: 'conduct', judge: 'conduct' });
      for (let ordinal = 1; ordinal < 60; ordinal += 5)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0.9, source: 'judge', judge: 'rubric-judge' });
      grade.run({ row_id: 'mixed:405', run_id: 'mixed', reward: null, source: 'judge', judge: 'rubric-judge' });
      grade.run({ row_id: 'mixed:406', run_id: 'mixed', reward: PASS_THRESHOLD, source: 'judge', judge: 'rubric-judge' });
      grade.run({ row_id: 'conduct:4', run_id: 'conduct', reward: 0.1, source: 'judge', judge: 'late-judge' });
    })();
    check();

    // Simulator errors: unsigned, signed, signed and then overruled by the same author, and one taken back (undo).
    label.run('mixed:6', 'mixed', 'simulator_error', null);
    label.run('mixed:9', 'mixed', 'simulator_error', 'ana');
    label.run('mixed:12', 'mixed', 'simulator_error', 'ana');
    label.run('mixed:12', 'mixed', 'fail', 'ana');
    const taken = label.run('mixed:15', 'mixed', 'simulator_error', 'ben').lastInsertRowid;
    check();
    undoLabel(db, Number(taken), NOW);
    db.prepare("UPDATE labels SET label = 'pass' WHERE row_id = 'mixed:9'").run();
    check();

    // A grade moved to another row, one's reward rewritten, one deleted, a row's axes changed, rows deleted with their lines.
    db.prepare("UPDATE grades SET row_id = 'mixed:20' WHERE id = (SELECT MAX(id) FROM grades WHERE run_id = 'mixed')").run();
    db.prepare("UPDATE grades SET reward = 0.2 WHERE id = (SELECT MIN(id) FROM grades WHERE run_id = 'mixed' AND reward >= 0.5)").run();
    db.prepare("UPDATE grades SET reason = 'reworded' WHERE run_id = 'mixed'").run();
    db.prepare("DELETE FROM grades WHERE id = (SELECT MIN(id) FROM grades WHERE run_id = 'mixed' AND label_source = 'judge')").run();
    db.prepare(
      "UPDATE rows SET stance = 'hurried', tool = 'get_order', writer = 'second-writer' WHERE run_id = 'mixed' AND ordinal IN (0, 1, 6)",
    ).run();
    check();
    db.prepare("DELETE FROM rows WHERE run_id = 'mixed' AND ordinal % 10 = 9").run();
    db.prepare("DELETE FROM runs WHERE id = 'conduct'").run();
    check();
    expect(db.prepare("SELECT SUM(rows) AS rows, SUM(graded) AS graded FROM row_filter_counts WHERE run_id = 'conduct'").get()).toEqual({
      rows: 0,
      graded: 0,
    });
  });

  it('reads one run’s counts by their primary key', () => {
    const db = storeAt016();
    migrate(db, ':memory:');
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT tool, SUM(rows) FROM row_filter_counts WHERE run_id = ? GROUP BY tool`).all('mixed');
    expect((plan as { detail: string }[])[0]!.detail).toMatch(/^SEARCH row_filter_counts USING PRIMARY KEY \(run_id=\?\)/);
  });
});
