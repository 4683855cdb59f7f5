import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE, openDatabase } from '../../store/database';
import { acquireRunLease, releaseRunLease } from '../../store/runs/run-leases-repository';
import { judgeCommand, storeCraftedRun } from '../../test-support/grading-run';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const fixture = (name: string) => fileURLToPath(new URL(`../__fixtures__/${name}`, import.meta.url));

function wai(...args: string[]): { stdout: string; stderr: string; status: number | null } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
  return { stdout: result.stdout, stderr: result.stderr, status: result.status };
}

describe('wai agreement FILE', () => {
  // r1-r4 tp (0.5 is a pass), r5 fp, r6-r8 tn, r9-r10 fn (0.49 is a fail), r11 has no gold: skipped.
  // po = 0.7; pj = 0.5, pg = 0.6, pe = 0.5; kappa = 0.2 / 0.5 = 0.4; leak = 1 / 4; miss = 2 / 6.
  it('prints warnings first, then the numbers', { timeout: 60_000 }, () => {
    const { stdout, status } = wai('agreement', fixture('agreement.jsonl'));
    expect(status).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toBe(
      'warning: Agreement and kappa are coarse on only 10 labelled pairs (MIN_GOLD is 50): label 40 more rows by hand.',
    );
    expect(lines[1]).toBe(
      'warning: The judge passed 1 of 4 gold failures (pass_when_gold_fail 0.25 >= 0.1): read the rows it passed and tighten its rubric ' +
        'before trusting its passes.',
    );
    expect(stdout).toContain('pairs        10 counted, 1 skipped\n');
    expect(stdout).toContain('agreement    0.7000\n');
    expect(stdout).toContain('kappa        0.4000\n');
    expect(stdout).toContain('confusion    tp 4  fp 1  tn 3  fn 2  (pass = positive)\n');
    expect(stdout).toContain('leak         0.2500  pass_when_gold_fail: judge passed 1 of 4 gold failures\n');
    expect(stdout).toContain('gold kind    human\n');
    expect(stdout).toContain(
      'trusted      no: agreement 95% lower bound 0.3968 (floor 0.8), kappa 0.4000 (floor 0.6); label 40 more rows\n',
    );
  });

  it('prints one JSON object with --json', { timeout: 60_000 }, () => {
    const { stdout, status } = wai('agreement', fixture('agreement.jsonl'), '--json');
    expect(status).toBe(0);
    expect(JSON.parse(stdout)).toEqual({
      n: 10,
      n_skipped: 1,
      n_unmeasured: 0,
      agreement: 0.7,
      kappa: 0.4,
      kappa_defined: true,
      kappa_undefined_reason: null,
      confusion: { tp: 4, fp: 1, tn: 3, fn: 2 },
      pass_when_gold_fail: 0.25,
      fail_when_gold_pass: 0.3333,
      judge_pass_rate: 0.5,
      gold_pass_rate: 0.6,
      gold_kind: 'human',
      ok: true,
      warnings: [
        'Agreement and kappa are coarse on only 10 labelled pairs (MIN_GOLD is 50): label 40 more rows by hand.',
        'The judge passed 1 of 4 gold failures (pass_when_gold_fail 0.25 >= 0.1): read the rows it passed and tighten its rubric before ' +
          'trusting its passes.',
      ],
      judge_trust: expect.objectContaining({
        ok: false,
        agreement: {
          agreement: 0.7,
          ci95: { lo: 0.3968, hi: 0.8922 },
          kappa: 0.4,
          kappa_defined: true,
          kappa_undefined_reason: null,
          n: 10,
        },
        floors: { min_agreement: 0.8, min_kappa: 0.6, max_skipped_share: 0.1 },
        labels_needed: 40,
      }),
      // Lines without labels keep their gold: no conflicts, no people to compare, labels made unknown.
      n_gold: 10,
      n_conflicts: 0,
      blind_only: false,
      labels_made: { blind: 0, sighted: 0, unrecorded: 0 },
      human_agreement: [],
      fleiss: null,
      series: expect.arrayContaining([{ n: 10, agreement: 0.7, lo: 0.3968, hi: 0.8922, kappa: 0.4, kappa_defined: true }]),
      disagreements: [
        { row_id: 'r5', judge: 'pass', gold: 'fail' },
        { row_id: 'r9', judge: 'fail', gold: 'pass' },
        { row_id: 'r10', judge: 'fail', gold: 'pass' },
      ],
      report_warnings: [],
    });
  });

  it('reports every bad line with its number, as a sentence that says what to write, and gives no numbers', { timeout: 60_000 }, () => {
    const file = fixture('agreement-bad-lines.jsonl');
    const { stdout, stderr, status } = wai('agreement', file);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    const reported = stderr.trim().split('\n');
    const bad = reported.slice(0, -1).map((line) => line.slice(file.length + 1));
    expect(bad[0]).toMatch(/^2: Not valid JSON: .*\.$/);
    expect(bad.slice(1)).toEqual([
      '4: Unknown label "maybe" in judge: use pass or fail.',
      '5: The id is missing: give every line the "id" of its row.',
      '6: The judge reward 1.5 is outside [0, 1]: give a reward in [0, 1], "pass" or "fail".',
      '6: The gold_kind must be one of human, program, model or null.',
    ]);
    expect(reported.at(-1)).toBe(`wai: ${file} has 5 bad lines: fix them to get numbers.`);
  });
});

describe('wai grade and wai labels', () => {
  it('grade a stored run, import labels, and export the pairs `wai agreement` reads', { timeout: 240_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-cli-grade-'));
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    storeCraftedRun(db, 'run_cli', 6);
    db.close();

    const graded = wai('--data-dir', dataDir, 'grade', 'run_cli', '--judge', judgeCommand(), '--version', 'v7', '--mode', 'server');
    expect(graded.status, graded.stderr).toBe(0);
    expect(graded.stdout).toMatch(/^Graded with the conduct checks, then ordinal-judge@v7: 12 gradings\.\nRun run_cli: 6 rows\n/);
    expect(graded.stdout).toContain(
      [
        '\nordinal-judge@v7  (custom, version v7)',
        '  graded     6 of 6 rows',
        '  passes     4',
        '  failures   2',
        '  unjudged   0',
        '  mean       0.6667',
        '  by rule    third_row 2\n',
      ].join('\n'),
    );
    expect(graded.stdout).toMatch(/\nconduct@\d+ {2}\(conduct, rubric [0-9a-f]+, version conduct@\d+\)\n/);

    const labels = join(dataDir, 'labels.csv');
    writeFileSync(labels, 'row_id,label\nrun_cli:0,fail\nrun_cli:1,pass\nrun_cli:2,fail\nrun_cli:3,nope\n');
    const refused = wai('--data-dir', dataDir, 'labels', 'import', 'run_cli', labels, '--author', 'ann');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(
      `${labels}: line 5.label: Unknown label "nope": use pass, fail, unsure, skip, simulator_error, 1 or 0.\n`,
    );
    writeFileSync(labels, 'row_id,label\nrun_cli:0,fail\nrun_cli:1,pass\nrun_cli:2,fail\nrun_cli:3,fail\n');
    const imported = wai('--data-dir', dataDir, 'labels', 'import', 'run_cli', labels, '--author', 'ann');
    expect(imported.stdout).toBe('Stored 4 of 4 labels on 4 rows of run run_cli (authors: ann).\n');

    const pairs = join(dataDir, 'pairs.jsonl');
    expect(wai('--data-dir', dataDir, 'labels', 'export', 'run_cli', '--out', pairs, '--agreement', 'ordinal-judge').stdout).toBe(
      `Wrote 6 rows to ${pairs}\n`,
    );
    const measured = JSON.parse(wai('agreement', pairs, '--json').stdout);
    // Judge fails rows 0 and 3, passes 1 and 2; gold fail, pass, fail, fail: tp 1, fp 1, tn 2, fn 0.
    expect(measured).toMatchObject({
      n: 4,
      n_skipped: 2,
      confusion: { tp: 1, fp: 1, tn: 2, fn: 0 },
      agreement: 0.75,
      kappa: 0.5,
      gold_kind: 'human',
      ok: true,
    });

    // A second person fails row 1, which ann passed: no gold there until someone settles it.
    writeFileSync(labels, 'row_id,label\nrun_cli:1,fail\n');
    expect(wai('--data-dir', dataDir, 'labels', 'import', 'run_cli', labels, '--author', 'bo').status).toBe(0);
    wai('--data-dir', dataDir, 'labels', 'export', 'run_cli', '--out', pairs, '--agreement', 'ordinal-judge');
    expect(JSON.parse(wai('agreement', pairs, '--json').stdout)).toMatchObject({ n: 3, n_gold: 3, n_conflicts: 1 });
    expect(wai('--data-dir', dataDir, 'labels', 'annotator', 'cy').status).toBe(0);
    const settled = wai('--data-dir', dataDir, 'labels', 'adjudicate', 'run_cli:1', 'fail', '--note', 'it never looked the order up');
    expect(settled.stdout).toBe('Settled run_cli:1 as fail, signed cy.\n');
    wai('--data-dir', dataDir, 'labels', 'export', 'run_cli', '--out', pairs, '--agreement', 'ordinal-judge');
    // Row 1: judge pass, settled fail.
    expect(JSON.parse(wai('agreement', pairs, '--json').stdout)).toMatchObject({
      n: 4,
      n_conflicts: 0,
      confusion: { tp: 0, fp: 2, tn: 2 },
    });
  });
});

describe('wai grade on a run still simulating', () => {
  it('refuses, as the app does, instead of grading a partial snapshot of the rows', { timeout: 120_000 }, () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'while-cli-grade-live-'));
    const db = openDatabase(join(dataDir, DATABASE_FILE));
    storeCraftedRun(db, 'run_live', 6);
    db.prepare("UPDATE runs SET status = 'running' WHERE id = ?").run('run_live');
    // Written by another process: this test's own (alive), its heartbeat a minute ahead so it stays live while the CLI starts.
    const holder = { token: 'writer', pid: process.pid, host: hostname(), program: 'wai simulate' };
    acquireRunLease(db, 'run_live', holder, Date.now() + 60_000, { isLive: () => true });

    const refused = wai('--data-dir', dataDir, 'grade', 'run_live');
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain(
      `Run run_live is still simulating: grade it when it ends, or cancel it first. It is written by wai simulate, pid ${process.pid} ` +
        `on this machine`,
    );

    // Its writer gone, the run is still marked running: refused too, saying how to finish it.
    releaseRunLease(db, 'run_live', 'writer');
    const stranded = wai('--data-dir', dataDir, 'grade', 'run_live', '--json');
    expect(stranded.status).toBe(1);
    expect(stranded.stdout).toBe('');
    expect(stranded.stderr).toContain(
      '(It is marked running but no process writes it: finish it with `wai runs resume run_live`, or cancel it in the app.)',
    );
    expect(db.prepare('SELECT COUNT(*) AS n FROM grades').get()).toEqual({ n: 0 });
    db.close();
  });
});
