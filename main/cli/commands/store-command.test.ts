import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../store/database';
import { storeGeneratedRun } from '../../store/__fixtures__/generated-rows';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const wai = (dataDir: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, 'store', 'optimize'], {
    cwd: ROOT,
    encoding: 'utf8',
  });

/** A store made with 4 KiB pages, holding a generated run whose rows have no prepared lines. */
function oldStore(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'while-store-command-'));
  const made = new Database(join(dataDir, DATABASE_FILE));
  made.pragma('page_size = 4096');
  // Writes the file's header, and with it the page size.
  made.pragma('journal_mode = WAL');
  made.close();
  const db = openDatabase(join(dataDir, DATABASE_FILE));
  storeGeneratedRun(db, { runId: 'run_old', count: 200 });
  db.close();
  return dataDir;
}

describe('wai store optimize', { timeout: 120_000 }, () => {
  it('refuses while the app has the store open, naming what to close', () => {
    const dataDir = oldStore();
    const app = openDatabase(join(dataDir, DATABASE_FILE));
    const refused = wai(dataDir);
    app.close();
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('wai: Another process has the run store open (the app, browser mode or a wai command): close it');
  });

  it('says what it did: the lines it prepared and the pages it rewrote', () => {
    const dataDir = oldStore();
    const done = wai(dataDir);
    expect(done.status).toBe(0);
    expect(done.stdout).toMatch(
      /^Prepared export lines for [\d,]+ rows( \([\d,]+ cannot be prepared and are read whole, as before\))?\.\n/,
    );
    expect(done.stdout).toMatch(
      /\nRewrote the store in 8 KiB pages \(it had 4 KiB, [\d,]+ of them free\): [\d,]+ MB -> [\d,]+ MB in [\d.]+ s\.\n$/,
    );
    expect(wai(dataDir).stdout).toMatch(/\nThe store already uses 8 KiB pages with few free: not rewritten\.\n$/);
  });
});
