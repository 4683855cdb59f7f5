import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../store/database';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const FIXTURES = fileURLToPath(new URL('../../../engine/traces/__fixtures__/', import.meta.url));
const command = (dataDir: string, ...args: string[]) =>
  [process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args]] as const;

function wai(dataDir: string, ...args: string[]): string {
  const [node, argv] = command(dataDir, ...args);
  return execFileSync(node, argv, { cwd: ROOT, encoding: 'utf8' });
}

const lines = (records: [string, string, number][]) =>
  records.map(([task_id, category, pass]) => JSON.stringify({ task_id, category, pass })).join('\n');

describe('wai prove', () => {
  it("prints exactly the issue's --json shape, with the hand-computed paired delta", () => {
    const folder = mkdtempSync(join(tmpdir(), 'while-prove-cli-'));
    const tasks = Array.from({ length: 10 }, (_, index) => `t${index}`);
    // Before passes t0..t3, after passes t0..t7: eight per-task differences of 0 or 1, mean 4 / 10.
    writeFileSync(
      join(folder, 'B.jsonl'),
      lines(tasks.map((task, index) => [task, index % 2 === 0 ? 'refunds' : 'cancels', index < 4 ? 1 : 0])),
    );
    writeFileSync(
      join(folder, 'A.jsonl'),
      lines(tasks.map((task, index) => [task, index % 2 === 0 ? 'refunds' : 'cancels', index < 8 ? 1 : 0])),
    );
    const output = JSON.parse(wai(folder, 'prove', '--before', join(folder, 'B.jsonl'), '--after', join(folder, 'A.jsonl'), '--json'));
    expect(Object.keys(output)).toEqual(['categories', 'overall', 'warnings']);
    const keys = ['category', 'n_tasks', 'before', 'after', 'delta', 'ci_low', 'ci_high', 'p_value', 'headline'];
    for (const line of [...output.categories, output.overall]) expect(Object.keys(line)).toEqual(keys);
    expect(output.overall).toMatchObject({ category: 'overall', n_tasks: 10, before: 0.4, after: 0.8, delta: 0.4 });
    expect(output.overall.ci_low).toBeLessThanOrEqual(0.4);
    expect(output.overall.ci_high).toBeGreaterThanOrEqual(0.4);
    expect(output.categories.map((line: { category: string }) => line.category)).toEqual(['cancels', 'refunds']);
    expect(output.warnings.length).toBeGreaterThan(0);

    const [node, argv] = command(folder, 'prove', '--before', join(folder, 'B.jsonl'), '--after', join(FIXTURES, 'traces-malformed.jsonl'));
    const failed = spawnSync(node, argv, { cwd: ROOT, encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('traces-malformed.jsonl:2: not valid JSON');
  }, 180_000);
});

describe('wai traces import', () => {
  it('imports OTLP files into the store and prints warnings before the failure map', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-traces-cli-'));
    openDatabase(join(dataDir, DATABASE_FILE)).close();
    const output = wai(dataDir, 'traces', 'import', join(FIXTURES, 'otlp-openinference.json'));
    expect(output).toMatch(/^warning: The traces name one model version \(gpt-4o-mini-2024-07-18\)/);
    expect(output.indexOf('warning:')).toBeLessThan(output.indexOf('Imported 1 trace as'));
    expect(output).toContain('otlp-openinference.json (otlp_openinference, 1)');
    expect(output).toMatch(/status\s+tool\s+tool condition\s+world state\s+traces\s+failures/);
    expect(output).toMatch(/issue_refund\s+permission_denied\s+entity exists/);

    const again = wai(dataDir, 'traces', 'import', join(FIXTURES, 'otlp-openinference.json'));
    expect(again).toMatch(/^warning: 1 trace already imported, 0 new: it is in the import otlp-openinference\.json\./);
    expect(again).not.toContain('Imported');
    expect(again).toMatch(/^1 trace, 1 graded, 1 failing/m);
  }, 120_000);
});
