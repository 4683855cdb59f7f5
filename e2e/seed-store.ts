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
