import Database from 'better-sqlite3';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { countRows } from './rows/rows-repository';

const WRITER = fileURLToPath(new URL('./__fixtures__/write-until-killed.ts', import.meta.url));
const BATCH = 500;

/** Starts the writer and SIGKILLs it once it has committed `commits` batches, mid-way through the next one. */
function killDuringWrites(path: string, commits: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path, String(BATCH)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let lastCommitted = 0;
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      for (const match of chunk.toString().matchAll(/committed (\d+)/g)) lastCommitted = Number(match[1]);
      if (lastCommitted >= commits * BATCH && !child.killed) setTimeout(() => child.kill('SIGKILL'), 3);
    });
    child.on('exit', (_code, signal) => {
      if (signal === 'SIGKILL') resolve(lastCommitted);
      else reject(new Error(`writer exited without being killed: ${stderr}`));
    });
  });
}

describe('the run store under SIGKILL', () => {
  it('keeps every committed row, none of the torn transaction, and passes integrity_check', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'while-crash-')), 'store.sqlite');
    const lastCommitted = await killDuringWrites(path, 3);

    const db = openDatabase(path);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const stored = countRows(db, 'crash-run');
    expect(stored % BATCH).toBe(0);
    expect(stored).toBeGreaterThanOrEqual(lastCommitted);
    const ordinals = db.prepare('SELECT MIN(ordinal) AS low, MAX(ordinal) AS high, COUNT(DISTINCT ordinal) AS n FROM rows').get() as {
      low: number;
      high: number;
      n: number;
    };
    expect(ordinals).toEqual({ low: 0, high: stored - 1, n: stored });
    db.close();

    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });
});
