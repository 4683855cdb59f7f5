import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { RowFacets, RowFilterKey } from '../../../../../shared/api/rows';
import { generatedRow, storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { migrate, schemaVersion } from '../../../migrate';
import { insertRow } from '../../../rows/rows-repository';
import { rowFacets } from '../../../rows/row-facets-repository';
import { FILTER_COLUMN, shownJudgeSource, shownJudgeVerdictSql } from '../../../rows/rows-query';
import { facetCounts } from './015-facet-counts';
import { MIGRATIONS } from '../../index';

const NOW = '2026-01-01T00:00:00.000Z';

/** The menus counted straight from the rows, as rows.facets did before 015: the oracle the kept counts must equal. */
function countedFacets(db: Database.Database, runId: string): RowFacets {
  const all = <T>(sql: string) => db.prepare(sql).all(runId) as T[];
  const columns = {} as RowFacets['columns'];
  for (const [key, [table, column]] of Object.entries(FILTER_COLUMN) as [RowFilterKey, [string, string]][]) {
    columns[key] = all(
      key === 'persona_tags'
        ? 'SELECT tag AS value, COUNT(DISTINCT ordinal) AS count FROM row_tags WHERE run_id = ? GROUP BY tag ORDER BY count DESC, value'
        : `SELECT ${column} AS value, COUNT(*) AS count FROM ${table} WHERE run_id = ? GROUP BY ${column} ORDER BY count DESC, value`,
    );
  }
  const verdict = shownJudgeVerdictSql(shownJudgeSource(db, runId));
  columns.judge = all(
    `SELECT ${verdict} AS value, COUNT(*) AS count FROM row_verdicts AS v WHERE v.run_id = ? GROUP BY ${verdict} ORDER BY count DESC, value`,
  );
  columns.conduct_rule = columns.conduct_rule.filter((facet) => facet.value !== '');
  return {
    total: all<{ n: number }>('SELECT COUNT(*) AS n FROM rows WHERE run_id = ?')[0]!.n,
    columns,
    sources: all(
      `SELECT label_source, judge_name, COUNT(DISTINCT row_id) AS rows, COUNT(*) AS grades FROM grades WHERE run_id = ?
       GROUP BY label_source, judge_name ORDER BY label_source, judge_name`,
    ),
  };
}

/** A store at schema 014 with a mixed run (conduct grades on 60% of rows, a judge's on 40%, labels) and a conduct-only run. */
function storeAt014(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', MIGRATIONS.slice(0, 14));
  storeGeneratedRun(db, { runId: 'mixed', count: 400 });
  storeGeneratedRun(db, { runId: 'conduct', count: 150 });
  db.prepare("DELETE FROM grades WHERE run_id = 'conduct' AND label_source <> 'conduct'").run();
  return db;
}

const gradeSql = `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta, provenance,
  created_at) VALUES (@row_id, @run_id, @reward, 'why', 'ok', @source, @judge, 0, @meta, '{}', '${NOW}')`;

describe('migration 015 (facet counts)', () => {
  it('is registered as version 15', () => {
    expect(MIGRATIONS[14]).toBe(facetCounts);
    expect(facetCounts.version).toBe(15);
  });

  it('counts the rows an older store holds as the menus counted them', () => {
    const db = storeAt014();
    const before = ['mixed', 'conduct'].map((runId) => countedFacets(db, runId));
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(['mixed', 'conduct'].map((runId) => rowFacets(db, runId))).toEqual(before);
    expect(shownJudgeSource(db, 'mixed')).toBe('either');
    expect(shownJudgeSource(db, 'conduct')).toBe('conduct');
  });

  it('keeps every count as rows are stored, graded, regraded, labelled and deleted', () => {
    const db = storeAt014();
    migrate(db, ':memory:');
    const grade = db.prepare(gradeSql);
    db.transaction(() => {
      for (let ordinal = 400; ordinal < 460; ordinal += 1)
        insertRow(db, generatedRow(ordinal), { run_id: 'mixed', duration_ms: 3, created_at: NOW });
      // A judge on the conduct-only run turns its Judge menu from the conduct verdicts to the shown ones.
      grade.run({ row_id: 'conduct:4', run_id: 'conduct', reward: 1, source: 'judge', judge: 'late-judge', meta: '{}' });
      // Regrades: a second conduct grade on a row and a judge grade over a conduct one.
      for (let ordinal = 0; ordinal < 60; ordinal += 3)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0, source: 'conduct', judge: 'conduct', meta: '{"rule":"x"}' });
      for (let ordinal = 1; ordinal < 60; ordinal += 5)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0.2, source: 'judge', judge: 'rubric-judge', meta: '{}' });
      db.prepare(
        "INSERT INTO labels (row_id, run_id, label, kind, author, created_at) VALUES ('mixed:7', 'mixed', 'fail', 'human', 'ana', ?)",
      ).run(NOW);
    })();
    expect(rowFacets(db, 'mixed')).toEqual(countedFacets(db, 'mixed'));
    expect(rowFacets(db, 'conduct')).toEqual(countedFacets(db, 'conduct'));

    // A grade moved to another judge, one deleted, a tag rewritten and a repeated tag, rows deleted with their lines.
    db.prepare("UPDATE grades SET judge_name = 'second-judge' WHERE id = (SELECT MAX(id) FROM grades WHERE run_id = 'mixed')").run();
    db.prepare("UPDATE grades SET reason = 'reworded' WHERE run_id = 'mixed'").run();
    db.prepare("DELETE FROM grades WHERE id = (SELECT MIN(id) FROM grades WHERE run_id = 'mixed' AND label_source = 'judge')").run();
    db.prepare("UPDATE row_tags SET tag = 'texture:formal' WHERE run_id = 'mixed' AND ordinal = 2 AND position = 0").run();
    db.prepare(
      "INSERT INTO row_tags (run_id, ordinal, position, tag) VALUES ('mixed', 3, 9, (SELECT tag FROM row_tags WHERE run_id = 'mixed' AND ordinal = 3 AND position = 0))",
    ).run();
    db.prepare("DELETE FROM rows WHERE run_id = 'mixed' AND ordinal % 10 = 9").run();
    db.prepare("DELETE FROM rows WHERE run_id = 'conduct'").run();
    expect(rowFacets(db, 'mixed')).toEqual(countedFacets(db, 'mixed'));
    expect(rowFacets(db, 'conduct')).toEqual({ total: 0, columns: countedFacets(db, 'conduct').columns, sources: [] });
  });

  it('reads one run’s counts by their primary key', () => {
    const db = storeAt014();
    migrate(db, ':memory:');
    const plan = (sql: string) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('mixed') as { detail: string }[]).map((step) => step.detail);
    expect(
      plan('SELECT facet, value, n AS count FROM row_facet_counts WHERE run_id = ? AND n > 0 ORDER BY facet, n DESC, value')[0],
    ).toMatch(/^SEARCH row_facet_counts USING PRIMARY KEY \(run_id=\?\)/);
    expect(plan('SELECT label_source, judge_name, rows, grades FROM grade_source_counts WHERE run_id = ? AND grades > 0')[0]).toMatch(
      /^SEARCH grade_source_counts USING PRIMARY KEY \(run_id=\?\)/,
    );
  });
});
