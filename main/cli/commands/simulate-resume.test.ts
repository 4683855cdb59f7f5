import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SENTENCE = 'a personal finance assistant that confirms before it moves money';
const ROWS = 300;

function wai(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

function storedRows(databasePath: string): number {
  if (!existsSync(databasePath)) return 0;
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM rows').get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db.close();
  }
}

/** Starts `wai simulate` and SIGKILLs it once some rows (but not all) are stored. */
async function killMidRun(dataDir: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'main/cli/wai.ts',
      '--data-dir',
      dataDir,
      'simulate',
      '--describe',
      SENTENCE,
      '--rows',
      String(ROWS),
      '--seed',
      '3',
    ],
    {
      cwd: ROOT,
      stdio: 'ignore',
    },
  );
  const databasePath = join(dataDir, 'while-studio.sqlite');
  const exited = new Promise((resolve) => child.on('exit', resolve));
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const stored = storedRows(databasePath);
    if (stored >= 40) {
      child.kill('SIGKILL');
      await exited;
      return storedRows(databasePath);
    }
    if (child.exitCode !== null) throw new Error('the run finished before it could be killed');
  }
}

describe('a simulation killed with SIGKILL', () => {
  it(
    'resumes from its stored rows with nothing lost or duplicated, giving the same rows as an uninterrupted run',
    { timeout: 180_000 },
    async () => {
      const reference = mkdtempSync(join(tmpdir(), 'while-resume-ref-'));
      wai(reference, 'simulate', '--describe', SENTENCE, '--rows', String(ROWS), '--seed', '3', '--out', join(reference, 'rows.jsonl'));

      const dataDir = mkdtempSync(join(tmpdir(), 'while-resume-'));
      const storedAtKill = await killMidRun(dataDir);
      expect(storedAtKill).toBeGreaterThan(0);
      expect(storedAtKill).toBeLessThan(ROWS);

      const db = new Database(join(dataDir, 'while-studio.sqlite'));
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const run = db.prepare('SELECT id, status, rows_done FROM runs').get() as { id: string; status: string; rows_done: number };
      expect(run.status).toBe('running');
      expect(run.rows_done).toBe(storedAtKill);
      db.close();

      const output = wai(dataDir, 'runs', 'resume', run.id, '--out', join(dataDir, 'rows.jsonl'));
      expect(output).toContain(`${ROWS} rows`);
      expect(output).toContain(`(${storedAtKill} resumed)`);

      const after = new Database(join(dataDir, 'while-studio.sqlite'), { readonly: true });
      expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(after.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT ordinal) AS distinct_ordinals FROM rows').get()).toEqual({
        n: ROWS,
        distinct_ordinals: ROWS,
      });
      expect(after.prepare('SELECT status, rows_done FROM runs').get()).toEqual({ status: 'completed', rows_done: ROWS });
      after.close();

      expect(readFileSync(join(dataDir, 'rows.jsonl'), 'utf8')).toBe(readFileSync(join(reference, 'rows.jsonl'), 'utf8'));
    },
  );
});
