import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isGradedFailure, type Row } from '../../../shared/domain';
import { DATABASE_FILE } from '../../store/database';
// @ts-expect-error: a plain .mjs fixture, the grader the command runs; its answers are what every row must carry.
import { gradeRow } from './__fixtures__/my-grader.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SPEC = join(ROOT, 'resources/examples/refund-desk.spec.yaml');
/** tsx's loader by its path: wai runs from the grader's folder, where `tsx` alone would not resolve. */
const TSX = import.meta.resolve('tsx');

/** `wai` as a person types it, in `folder` (where the grader's relative path is read from). */
function wai(folder: string, args: string[]) {
  const result = spawnSync(
    process.execPath,
    ['--import', TSX, join(ROOT, 'main/cli/wai.ts'), '--data-dir', join(folder, 'data'), ...args],
    {
      cwd: folder,
      encoding: 'utf8',
    },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function folderWith(fixtures: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'while-grader-'));
  for (const [name, text] of Object.entries(fixtures)) writeFileSync(join(folder, name), text);
  return folder;
}

type GradedLine = Row & {
  reward: number | null;
  reason: string;
  judge_name: string;
  judge_status: string;
  judge_meta: Record<string, unknown>;
};

describe('wai simulate --grader', { timeout: 600_000 }, () => {
  it('grades every row in the loop with the command, and mutates its graded failures', () => {
    const folder = folderWith({});
    copyFileSync(fileURLToPath(new URL('./__fixtures__/my-grader.mjs', import.meta.url)), join(folder, 'my-grader.mjs'));
    const simulated = wai(folder, [
      'simulate',
      '--spec',
      SPEC,
      '--rows',
      '200',
      '--seed',
      '4',
      '--grader',
      'command:"node my-grader.mjs"',
      '--out',
      'rows.jsonl',
    ]);
    expect(simulated.stderr).not.toMatch(/error/i);
    expect(simulated.status).toBe(0);
    const rows = readFileSync(join(folder, 'rows.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as GradedLine);
    expect(rows).toHaveLength(200);
    for (const row of rows) {
      const answer = gradeRow(row) as { reward: number; reason: string; markers: Record<string, number> };
      expect(row).toMatchObject({ reward: answer.reward, reason: answer.reason, judge_name: 'my-grader', judge_status: 'ok' });
      expect(row.judge_meta).toMatchObject({ markers: answer.markers });
    }
    const byOrdinal = new Map(rows.map((row) => [row.ordinal, row]));
    const aimed = rows.filter((row) => row.writer === 'failure_mutation' && row.lineage.aim === 'graded_failure');
    expect(aimed.length).toBeGreaterThan(0);
    for (const mutation of aimed) {
      const parent = byOrdinal.get(mutation.lineage.mutated_from!)!;
      expect(isGradedFailure(parent.reward, parent.judge_meta['markers'] as Record<string, number>)).toBe(true);
    }
    expect(simulated.stdout).toMatch(/^Grader: my-grader@sha-[0-9a-f]{12} graded 200 rows in the loop: \d+ graded failures, 0 unjudged/m);

    const runId = /Run (run_\S+) \(completed\)/.exec(simulated.stdout)![1]!;
    const shown = JSON.parse(wai(folder, ['runs', 'show', runId, '--json']).stdout) as {
      run: { config: { grader: { judge: string; version: string; cwd: string } } };
      summary: { search: { mutation_aims: { graded_failure: number }; grader: { rows: number } } };
    };
    expect(shown.summary.search.mutation_aims.graded_failure).toBeGreaterThan(0);
    expect(shown.summary.search.grader.rows).toBe(200);
    expect(shown.run.config.grader).toMatchObject({ judge: 'command:"node my-grader.mjs"', cwd: folder });
    expect(shown.run.config.grader.version).toMatch(/^sha-[0-9a-f]{12}$/);

    // Every row is stored with its conduct grade and then the grader's, which is its latest.
    const db = new Database(join(folder, 'data', DATABASE_FILE), { readonly: true });
    const perRow = db.prepare('SELECT row_id, group_concat(judge_name) AS judges FROM grades GROUP BY row_id ORDER BY row_id').all() as {
      judges: string;
    }[];
    db.close();
    expect(perRow).toHaveLength(200);
    expect(new Set(perRow.map((row) => row.judges))).toEqual(new Set(['conduct,my-grader']));
  });

  it('stops the run, failed, with the reason when the grader errs on every row', () => {
    const folder = folderWith({ 'strict-grader.mjs': "export default () => { throw new Error('rubric.yaml not found'); };\n" });
    const simulated = wai(folder, ['simulate', '--spec', SPEC, '--rows', '200', '--seed', '4', '--grader', 'module:strict-grader.mjs']);
    expect(simulated.status).toBe(1);
    expect(simulated.stdout).toMatch(/stopped because grader_failed/);
    expect(simulated.stdout).toContain(
      'The run stopped early: The judge failed on each of the first 8 rows with the same error, so the run stopped: rubric.yaml not found',
    );
    const db = new Database(join(folder, 'data', DATABASE_FILE), { readonly: true });
    const graded = db.prepare("SELECT reward, judge_status FROM grades WHERE judge_name = 'strict-grader'").all();
    db.close();
    expect(graded.length).toBeGreaterThanOrEqual(8);
    expect(new Set(graded.map((grade) => JSON.stringify(grade)))).toEqual(
      new Set([JSON.stringify({ reward: null, judge_status: 'error' })]),
    );
  });

  it('refuses a grader it cannot load before anything is stored', () => {
    const folder = folderWith({});
    const simulated = wai(folder, ['simulate', '--spec', SPEC, '--rows', '20', '--grader', 'module:missing.mjs']);
    expect(simulated.status).not.toBe(0);
    expect(simulated.stderr).toContain(`The grader: There is no judge module at ${join(folder, 'missing.mjs')}.`);
    const db = new Database(join(folder, 'data', DATABASE_FILE), { readonly: true });
    expect(db.prepare('SELECT COUNT(*) AS n FROM runs').get()).toEqual({ n: 0 });
    db.close();
  });
});
