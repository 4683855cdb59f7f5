import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../shared/domain';
import { DATABASE_FILE, openDatabase } from '../store/database';
import { insertRun } from '../store/runs/runs-repository';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function wai(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

describe('wai', { timeout: 120_000 }, () => {
  it('prints help naming its commands', () => {
    const help = wai(mkdtempSync(join(tmpdir(), 'while-cli-')), '--help');
    expect(help).toContain('Usage: wai');
    expect(help).toContain('runs');
  });

  it('lists the runs of the store it is pointed at', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-cli-'));
    expect(wai(dataDir, 'runs', 'list')).toBe(`No runs yet in ${dataDir}.\n`);
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a clinic scheduler that never double-books' } });
    insertRun(db, { id: 'run_a', name: 'Clinic', status: 'completed', config, now: '2026-11-01T00:00:00.000Z' });
    db.close();
    const table = wai(dataDir, 'runs', 'list');
    expect(table).toMatch(/^id\s+name\s+status/);
    expect(table).toContain('run_a');
    expect(table).toContain('1 of 1 runs');
    expect(JSON.parse(wai(dataDir, 'runs', 'list', '--json'))).toMatchObject({ total: 1, runs: [{ id: 'run_a', name: 'Clinic' }] });
  });

  it('reads and writes relative paths from the folder `npm run wai` was typed in', () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-cli-cwd-'));
    writeFileSync(
      join(folder, 'rows.jsonl'),
      `${JSON.stringify({ id: 'a', prompt: 'where is my parcel' })}\n${JSON.stringify({ id: 'b', prompt: 'cancel my order' })}\n`,
    );
    writeFileSync(join(folder, 'bench.jsonl'), `${JSON.stringify({ id: 'x', prompt: 'cancel my order' })}\n`);
    const npm = process.env.npm_execpath;
    const args = [
      '--prefix',
      ROOT,
      'run',
      '-s',
      'wai',
      '--',
      'decontaminate',
      'rows.jsonl',
      '--against',
      'bench.jsonl',
      '--out',
      'kept.jsonl',
    ];
    const output = npm
      ? execFileSync(process.execPath, [npm, ...args], { cwd: folder, encoding: 'utf8' })
      : execFileSync('npm', args, { cwd: folder, encoding: 'utf8' });
    expect(output).toContain('Kept 1 of 2 rows');
    expect(readFileSync(join(folder, 'kept.jsonl'), 'utf8')).toBe(`${JSON.stringify({ id: 'a', prompt: 'where is my parcel' })}\n`);
  });
});
