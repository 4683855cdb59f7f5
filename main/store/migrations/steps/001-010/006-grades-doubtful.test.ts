import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../../../shared/domain';
import { LATEST_DOUBTS, latestGradeDoubts } from '../../../grades/agreement-reads-repository';
import { LATEST_GRADE_IDS } from '../../../grades/grades-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { sampleRow } from '../../../__fixtures__/sample-row';
import { insertRow } from '../../../rows/rows-repository';
import { insertRun } from '../../../runs/runs-repository';
import { gradesDoubtful } from './006-grades-doubtful';
import { MIGRATIONS } from '../../index';

const NOW = '2026-01-01T00:00:00.000Z';

function plan(db: Database.Database, sql: string): string {
  const parameters = { run_id: 'run_a', judge_name: 'line-judge', version: 'v2' };
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as Array<{ detail: string }>).map((step) => step.detail).join('\n');
}

/** A grade written as every schema since 001 takes it: reward null = the judge erred. */
function grade(db: Database.Database, rowId: string, reward: number | null, unsure: boolean, version = 'v2'): void {
  db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
     VALUES (?, 'run_a', ?, 'why', ?, 'custom', 'line-judge', ?, ?, ?)`,
  ).run(
    rowId,
    reward,
    reward === null ? 'error' : 'ok',
    unsure ? 1 : 0,
    JSON.stringify({ judge: 'line-judge', model: null, rubric_hash: null, settings: {}, version }),
    NOW,
  );
}

describe('migration 006 (grades-doubtful)', () => {
  it('is registered as version 6 and adds a partial index of grades without a reward or unsure', () => {
    expect(MIGRATIONS[5]).toBe(gradesDoubtful);
    const db = new Database(':memory:');
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(6);
    const indexes = db.prepare("SELECT name, partial FROM pragma_index_list('grades') WHERE name = 'grades_doubtful'").all();
    expect(indexes).toEqual([{ name: 'grades_doubtful', partial: 1 }]);
  });

  it('indexes the grades already stored when an older store opens, and counts each row by its latest grade only', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 5));
    insertRun(db, {
      id: 'run_a',
      name: 'a',
      status: 'completed',
      config: RunConfig.parse({ source: { kind: 'describe', sentence: 'an orders desk' } }),
      now: NOW,
    });
    for (let ordinal = 0; ordinal < 5; ordinal += 1)
      insertRow(db, sampleRow(ordinal), { run_id: 'run_a', duration_ms: 1, created_at: NOW });
    grade(db, 'run_a:0', null, false); // erred
    grade(db, 'run_a:1', 0.5, true); // unsure
    grade(db, 'run_a:2', null, true); // erred and unsure
    grade(db, 'run_a:3', null, false); // erred, then graded again: no longer counted
    grade(db, 'run_a:3', 1, false);
    grade(db, 'run_a:4', 0.2, false);
    grade(db, 'run_a:4', null, false, 'v3'); // another version is another judge
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(6);
    expect(latestGradeDoubts(db, 'run_a', { judge_name: 'line-judge', version: 'v2' })).toEqual({ n_unjudged: 2, n_unsure: 2 });
    expect(latestGradeDoubts(db, 'run_a', { judge_name: 'line-judge', version: 'v3' })).toEqual({ n_unjudged: 1, n_unsure: 0 });
    expect(latestGradeDoubts(db, 'run_a', { judge_name: 'nobody', version: null })).toEqual({ n_unjudged: 0, n_unsure: 0 });
  });

  it('serves the doubt count from the partial index alone, and leaves the latest-grade plan on grades_latest', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:');
    const doubts = plan(db, LATEST_DOUBTS);
    expect(doubts).toContain('SEARCH g USING COVERING INDEX grades_doubtful (run_id=? AND judge_name=? AND <expr>=?)');
    expect(doubts).toContain('SEARCH latest USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>=? AND row_id=?)');
    expect(doubts).not.toMatch(/SCAN (g|grades)\b/);
    const latest = plan(db, LATEST_GRADE_IDS);
    expect(latest).toContain('USING COVERING INDEX grades_latest (run_id=?)');
  });
});
