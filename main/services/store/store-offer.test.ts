import Database from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { storeGeneratedRun } from '../../store/__fixtures__/generated-rows';
import { DATABASE_FILE, openDatabase } from '../../store/database';
import { migrate, schemaVersion } from '../../store/migrate';
import { MIGRATIONS } from '../../store/migrations/index';
import { appInfo } from '../app/app-service';
import { closeAppContext, createAppContext } from '../app/app-context';
import { optimizeStore } from './store-optimize-service';
import { SAMPLE_READS } from '../../store/upkeep/missing-lines-repository';

/** A store as While Studio left it at schema 11, before prepared export lines: 8 KiB pages, a run of `rows` rows. */
function storeBeforeLines(rows: number): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'while-offer-'));
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('page_size = 8192');
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(db, DATABASE_FILE, MIGRATIONS.slice(0, 11));
  storeGeneratedRun(db, { runId: 'run_old', count: rows });
  expect(schemaVersion(db)).toBe(11);
  db.close();
  return dataDir;
}

async function offerOf(dataDir: string) {
  const context = createAppContext({ dataDir, mode: 'browser' });
  try {
    return appInfo(context).store_optimize;
  } finally {
    await closeAppContext(context);
  }
}

/** The offer counts from a sample: within 15% of what optimize then prepares. */
function expectNear(count: number | undefined, exact: number): void {
  expect(exact).toBeGreaterThan(0);
  expect(Math.abs(count! - exact), `${count} rows offered, ${exact} prepared`).toBeLessThanOrEqual(exact * 0.15);
}

describe('the store offer', () => {
  it('offers wai store optimize for a store made before prepared lines, with about the rows it prepares, and not after', async () => {
    const dataDir = storeBeforeLines(1_500);
    const offer = await offerOf(dataDir);
    const report = await optimizeStore(dataDir);
    // Rows that cannot be prepared (if any) are counted by neither the offer nor optimize.
    expect(report).toMatchObject({ lines_added: expect.any(Number), lines_unprepared: expect.any(Number), rewrite: null });
    expect(offer).toEqual({
      page_bytes: 8192,
      free_share: expect.any(Number),
      rewrites_pages: false,
      unprepared_rows: { count: expect.any(Number), is_estimate: true },
    });
    expectNear(offer?.unprepared_rows?.count, report.lines_added);
    expect(await offerOf(dataDir)).toBeNull();
  }, 120_000);

  it('counts a large run from a sample spread over it, close to what optimize then prepares', async () => {
    const dataDir = storeBeforeLines(3_000);
    await optimizeStore(dataDir);
    // Lines lost in one stretch of the run, as a migration or a new exporter leaves them, and here and there.
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    db.exec(`DELETE FROM export_lines WHERE row_id IN (SELECT id FROM rows WHERE ordinal < 900 OR ordinal % 10 = 3)`);
    db.close();
    const offer = await offerOf(dataDir);
    const report = await optimizeStore(dataDir);
    expect(offer?.unprepared_rows?.is_estimate).toBe(true);
    expectNear(offer?.unprepared_rows?.count, report.lines_added);
  }, 120_000);

  it('samples by index seeks: the run’s rows by ordinal, each line by its row', () => {
    const db = openDatabase(join(storeBeforeLines(1), DATABASE_FILE));
    const plans = SAMPLE_READS.map((sql) =>
      (
        db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all(...(sql.includes('@') ? [{ run_id: 'r', recipe: 'x', from: 0, limit: 16 }] : ['r'])) as {
          detail: string;
        }[]
      )
        .map((step) => step.detail)
        .join('\n'),
    );
    db.close();
    expect(plans[0]).toMatch(/SEARCH rows USING (COVERING )?INDEX (rows_queue|sqlite_autoindex_rows_2) \(run_id=\? AND ordinal>\?\)/);
    expect(plans[0]).toContain('SEARCH p USING INDEX sqlite_autoindex_export_lines_1 (row_id=?)');
    expect(plans[0]).toContain('SEARCH t USING COVERING INDEX sqlite_autoindex_trl_lines_1 (row_id=?)');
    expect(plans[1]).toBe('SEARCH rows USING COVERING INDEX sqlite_autoindex_rows_2 (run_id=?)');
    expect(plans[2]).toBe('SEARCH rows USING COVERING INDEX sqlite_autoindex_rows_2 (run_id=?)');
  });

  it('says nothing for rows without lines under 1% of the store', async () => {
    const dataDir = storeBeforeLines(1_000);
    await optimizeStore(dataDir);
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    db.exec(`DELETE FROM export_lines WHERE row_id IN (SELECT row_id FROM export_lines LIMIT 5)`);
    db.close();
    expect(await offerOf(dataDir)).toBeNull();
  }, 120_000);
});
