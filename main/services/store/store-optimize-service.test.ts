import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExportRequest } from '../../../shared/api/exports';
import { DATABASE_FILE, openDatabase } from '../../store/database';
import { seedExportRun } from '../../test-support/export-run';
import { appInfo } from '../app/app-service';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { runExport } from '../exports/export-service';
import { optimizeStore } from './store-optimize-service';

/** A store as an older While Studio left it: 4 KiB pages, and rows stored before prepared lines (or of an old recipe). */
async function oldStore(): Promise<{ dataDir: string; runId: string; rows: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'while-optimize-'));
  mkdirSync(dataDir, { recursive: true });
  const made = new Database(join(dataDir, DATABASE_FILE));
  made.pragma('page_size = 4096');
  made.pragma('journal_mode = WAL');
  made.close();
  const context = createAppContext({ dataDir, mode: 'cli' });
  try {
    const seeded = await seedExportRun(context, { budget: 60 });
    context.db.exec("DELETE FROM export_lines WHERE rowid % 3 <> 0; UPDATE export_lines SET recipe = '0:old'");
    context.db.exec('DELETE FROM pair_facts WHERE rowid % 2 = 0; UPDATE pair_facts SET version = 0 WHERE rowid % 5 = 0');
    return { dataDir, runId: seeded.run_id, rows: seeded.rows };
  } finally {
    await closeAppContext(context);
  }
}

async function withContext<T>(dataDir: string, work: (context: AppContext) => Promise<T> | T): Promise<T> {
  const context = createAppContext({ dataDir, mode: 'cli' });
  try {
    return await work(context);
  } finally {
    await closeAppContext(context);
  }
}

/** The files of the run's default SFT export (OpenAI's, or TRL's), or of a DPO export. */
function exported(dataDir: string, runId: string, format: 'openai' | 'trl' | 'dpo-openai' = 'openai'): Promise<string[]> {
  return withContext(dataDir, async (context) => {
    const folder = mkdtempSync(join(tmpdir(), 'while-optimize-out-'));
    const request = ExportRequest.parse({ format, selection: { run_id: runId }, destination: { kind: 'folder', folder } });
    await runExport(context, request);
    return ['data/train.jsonl', 'data/holdout.jsonl', 'README.md'].map((file) => readFileSync(join(folder, file), 'utf8'));
  });
}

describe('wai store optimize', () => {
  it('gives old rows their prepared lines and pairing facts and rewrites the store in 8 KiB pages, exporting the same files after', async () => {
    const { dataDir, runId, rows } = await oldStore();
    const before = await exported(dataDir, runId);
    const dpoBefore = await exported(dataDir, runId, 'dpo-openai');
    expect(await withContext(dataDir, (context) => appInfo(context).store_optimize)).toMatchObject({ page_bytes: 4096 });

    const progress: number[] = [];
    const report = await optimizeStore(dataDir, { onLines: ({ done }) => progress.push(done) });
    expect(report.lines_added + report.lines_unprepared).toBe(rows);
    expect(report.lines_added).toBeGreaterThan(rows / 2);
    expect(progress.at(-1)).toBe(rows);
    expect(report.pair_facts_added).toBeGreaterThan(rows / 2);
    expect(report.before.page_bytes).toBe(4096);
    expect(report.rewrite).toMatchObject({ after: { page_bytes: 8192, free_pages: 0 } });
    // Only the store is left in its folder: no rewritten copy beside it, no WAL of the old file.
    expect(readdirSync(dataDir).filter((name) => name.startsWith(DATABASE_FILE))).toEqual([DATABASE_FILE]);

    const db = openDatabase(join(dataDir, DATABASE_FILE));
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect((db.prepare('SELECT COUNT(*) AS n FROM export_lines').get() as { n: number }).n).toBe(report.lines_added);
    expect((db.prepare('SELECT COUNT(*) AS n FROM pair_facts WHERE version > 0').get() as { n: number }).n).toBe(rows);
    db.close();
    expect(await exported(dataDir, runId)).toEqual(before);
    expect(await exported(dataDir, runId, 'dpo-openai')).toEqual(dpoBefore);
    expect(await withContext(dataDir, (context) => appInfo(context).store_optimize)).toBeNull();

    const again = await optimizeStore(dataDir);
    expect(again).toMatchObject({ lines_added: 0, lines_unprepared: report.lines_unprepared, pair_facts_added: 0, rewrite: null });
  }, 120_000);

  it('gives lines made before migration 016 their TRL messages, and the TRL export writes the same files', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-optimize-trl-'));
    const { runId, rows } = await withContext(dataDir, async (context) => {
      const seeded = await seedExportRun(context, { budget: 60 });
      // As a line stored before migration 016 was: no TRL messages, and (before migration 020) no texts of its own.
      context.db.exec('DELETE FROM trl_lines; UPDATE export_lines SET trl_messages = NULL');
      return { runId: seeded.run_id, rows: seeded.rows };
    });
    const before = await exported(dataDir, runId, 'trl');
    const report = await optimizeStore(dataDir);
    expect(report).toMatchObject({ lines_added: rows, lines_unprepared: 0 });
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    const made = db.prepare(`SELECT COUNT(*) AS n FROM trl_lines WHERE messages LIKE '{"role":%'`).get() as { n: number };
    db.close();
    expect(made.n).toBe(rows);
    expect(await exported(dataDir, runId, 'trl')).toEqual(before);
  }, 120_000);

  it('refuses while another process has the store open, and leaves it as it was', async () => {
    const { dataDir } = await oldStore();
    const other = openDatabase(join(dataDir, DATABASE_FILE));
    await expect(optimizeStore(dataDir)).rejects.toThrow('Another process has the run store open');
    expect(other.pragma('page_size', { simple: true })).toBe(4096);
    expect((other.prepare('SELECT COUNT(*) AS n FROM rows').get() as { n: number }).n).toBeGreaterThan(0);
    other.close();
    await expect(optimizeStore(join(dataDir, 'nowhere'))).rejects.toThrow('There is no run store in');
  }, 120_000);
});
