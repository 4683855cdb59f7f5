import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { LATEST_GRADE_IDS, SIMULATOR_ERROR_ROWS } from '../../../grades/grades-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { grading } from './003-grading';
import { MIGRATIONS } from '../../index';
import type { Migration } from '../../migration';

/** The steps up to 003, with empty stand-ins for any earlier step not registered in this build yet. */
function stepsThroughGrading(): Migration[] {
  const steps: Migration[] = [];
  for (let version = 1; version < grading.version; version += 1) {
    steps.push(MIGRATIONS.find((migration) => migration.version === version) ?? { version, name: `stand-in-${version}`, sql: '' });
  }
  return [...steps, grading];
}

function plan(db: Database.Database, sql: string): string {
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all({ run_id: 'run_a' }) as Array<{ detail: string }>)
    .map((step) => step.detail)
    .join('\n');
}

describe('migration 003 (grading)', () => {
  it('adds the latest-grade and latest-label indexes', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', stepsThroughGrading());
    expect(schemaVersion(db)).toBe(3);
    const indexes = (
      db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name IN ('grades_latest', 'labels_latest') ORDER BY name")
        .all() as Array<{ name: string }>
    ).map((index) => index.name);
    expect(indexes).toEqual(['grades_latest', 'labels_latest']);
  });

  it("reads each row's latest grade per judge, and the simulator-error rows, from the indexes alone", () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', stepsThroughGrading());
    const latest = plan(db, LATEST_GRADE_IDS);
    expect(latest).toContain('USING COVERING INDEX grades_latest (run_id=?)');
    expect(latest).not.toContain('TEMP B-TREE');
    const excluded = plan(db, SIMULATOR_ERROR_ROWS);
    expect(excluded).toContain('USING INDEX labels_latest (run_id=?)');
    expect(excluded).toContain('USING COVERING INDEX labels_latest (run_id=? AND row_id=? AND author=?)');
  });
});
