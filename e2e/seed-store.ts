import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures';

/** Applies an SQL fixture from e2e/__fixtures__ to a store the app has already created. */
export function seedStore(dataDir: string, fixture: string): void {
  const db = new Database(join(dataDir, 'while-studio.sqlite'));
  try {
    db.exec(readFileSync(join(REPO_ROOT, 'e2e', '__fixtures__', fixture), 'utf8'));
  } finally {
    db.close();
  }
}

/**
 * Leaves a run as stores kept it before each row was stored with its conduct grade: ungraded, for the specs of what
 * the app shows of a run nothing has graded yet.
 */
export function forgetGrades(dataDir: string, runId: string): void {
  const db = new Database(join(dataDir, 'while-studio.sqlite'));
  try {
    db.prepare('DELETE FROM grades WHERE run_id = ?').run(runId);
  } finally {
    db.close();
  }
}
