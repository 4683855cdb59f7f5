import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../engine/index';
import { dispatch } from '../../api/dispatch';
import { callMethod as call, serviceTestContexts } from '../../test-support/service-test-context';
import type { AppContext } from '../app/app-context';
import { storeCraftedRun } from '../../test-support/grading-run';

const newContext = serviceTestContexts('while-labels-');

function labelCount(app: AppContext): number {
  return (app.db.prepare('SELECT COUNT(*) AS n FROM labels').get() as { n: number }).n;
}

describe('labels given one at a time', () => {
  it('are stamped with the annotator, written at once, and the latest per person is the one that counts', async () => {
    const app = newContext();
    const [first, second] = storeCraftedRun(app.db, 'run_l', 3) as [string, string, string];
    const unsigned = await call(app, 'labels.set', { row_id: first, label: 'pass' });
    expect(unsigned.label).toMatchObject({ row_id: first, run_id: 'run_l', label: 'pass', kind: 'human', author: null });
    expect(unsigned.warnings[0]).toContain('No annotator name is set');

    expect(await call(app, 'labels.annotator.set', { name: '  Ann ' })).toEqual({ name: 'Ann' });
    expect(await call(app, 'labels.annotator.get', {})).toEqual({ name: 'Ann' });
    const signed = await call(app, 'labels.set', { row_id: first, label: 'pass', note: 'looks right' });
    expect(signed).toMatchObject({ label: { author: 'Ann', note: 'looks right', created_at: '2026-11-01T09:00:01.000Z' }, warnings: [] });
    await call(app, 'labels.set', { row_id: first, label: 'fail' });
    await call(app, 'labels.set', { row_id: second, label: 'simulator_error' });

    const all = await call(app, 'labels.list', { run_id: 'run_l' });
    expect(all.labels.map((label) => label.label)).toEqual(['pass', 'pass', 'fail', 'simulator_error']);
    const current = await call(app, 'labels.list', { row_id: first, latest_only: true });
    expect(current.labels.map((label) => [label.author, label.label])).toEqual([
      [null, 'pass'],
      ['Ann', 'fail'],
    ]);
    expect(await dispatch(app, 'labels.set', { row_id: 'run_l:99', label: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await dispatch(app, 'labels.set', { row_id: first, label: 'great' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await dispatch(app, 'labels.list', { run_id: 'run_l', row_id: first })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
  });

  it('bulk-label a selection in one transaction: an unknown row stores none of them', async () => {
    const app = newContext();
    const ids = storeCraftedRun(app.db, 'run_bulk', 4);
    await call(app, 'labels.annotator.set', { name: 'Bo' });
    expect(await call(app, 'labels.set_many', { row_ids: ids.slice(0, 3), label: 'fail', note: 'whole cell' })).toEqual({
      n: 3,
      warnings: [],
    });
    expect(await dispatch(app, 'labels.set_many', { row_ids: [ids[3], 'run_bulk:40'], label: 'pass' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND', message: expect.stringContaining('run_bulk:40') },
    });
    expect(labelCount(app)).toBe(3);
  });
});

describe('labels files', () => {
  it('import JSONL and CSV by row id or rollout id, with authors from the file or --author', async () => {
    const app = newContext();
    storeCraftedRun(app.db, 'run_import', 4);
    const jsonl = [
      '{"row_id": "run_import:0", "label": "pass", "author": "ann", "note": "ok"}',
      '',
      '{"rollout_id": "run_import-ro-1", "label": 0, "kind": "model"}',
      '{"id": "run_import-ro-2", "gold": "fail", "annotator": "bob"}',
    ].join('\n');
    const imported = await call(app, 'labels.import', { run_id: 'run_import', format: 'jsonl', text: jsonl, author: 'cy' });
    expect(imported).toMatchObject({
      stored: 3,
      report: { labels: 3, matched: 3, unmatched: 0, rows_labeled: 3, authors: ['ann', 'bob', 'cy'] },
    });
    const stored = (await call(app, 'labels.list', { run_id: 'run_import' })).labels;
    expect(stored.map((label) => [label.row_id, label.label, label.kind, label.author])).toEqual([
      ['run_import:0', 'pass', 'human', 'ann'],
      ['run_import:1', 'fail', 'model', 'cy'],
      ['run_import:2', 'fail', 'human', 'bob'],
    ]);

    const csv = 'rollout_id,label,author,note\r\nrun_import-ro-3,unsure,"Doe, Jan","said ""maybe"""\r\nrun_import-ro-9,pass,ann,\r\n';
    const fromCsv = await call(app, 'labels.import', { run_id: 'run_import', format: 'csv', text: csv });
    expect(fromCsv).toMatchObject({
      stored: 1,
      report: { unmatched: 1, unmatched_keys: ['run_import-ro-9'], warnings: [expect.stringContaining('1 of 2 labels name no row')] },
    });
    expect((await call(app, 'labels.list', { row_id: 'run_import:3' })).labels[0]).toMatchObject({
      author: 'Doe, Jan',
      note: 'said "maybe"',
      label: 'unsure',
    });
  });

  it('refuse a file with bad lines, naming each line, and store nothing', async () => {
    const app = newContext();
    storeCraftedRun(app.db, 'run_bad', 3);
    const text = [
      '{"row_id": "run_bad:0", "label": "pass"}',
      '{"row_id": "run_bad:1", "label": "great"}',
      '',
      'not json',
      '{"label": "fail"}',
      '{"row_id": "run_bad:2", "label": "fail", "kind": "robot"}',
    ].join('\n');
    const result = await dispatch(app, 'labels.import', { run_id: 'run_bad', format: 'jsonl', text });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
    const error = (result as { error: { message: string; issues: Array<{ path: string; message: string }> } }).error;
    expect(error.message).toMatch(/^No labels stored: the JSONL file has errors: line 2 \(label\): unknown label "great"/);
    expect(error.issues.map((issue) => issue.path)).toEqual(['line 2.label', 'line 4', 'line 5.row_id', 'line 6.kind']);
    expect(labelCount(app)).toBe(0);

    const csv = 'row_id,label\nrun_bad:0,pass\nrun_bad:1,pass,extra\n"run_bad:2,fail\n';
    const fromCsv = await dispatch(app, 'labels.import', { run_id: 'run_bad', format: 'csv', text: csv });
    expect((fromCsv as { error: { issues: Array<{ path: string }> } }).error.issues.map((issue) => issue.path)).toEqual([
      'line 3',
      'line 4',
    ]);
    expect(labelCount(app)).toBe(0);

    const ambiguous = await dispatch(app, 'labels.import', {
      run_id: 'run_bad',
      format: 'jsonl',
      text: '{"row_id": "nowhere", "label": "pass"}',
    });
    expect(ambiguous).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('no label matches any row') },
    });
    expect(labelCount(app)).toBe(0);
  });

  it('export every label with row id, rollout id, label, author, kind, note and time, as CSV or JSONL', async () => {
    const app = newContext();
    const [first, second] = storeCraftedRun(app.db, 'run_export', 2) as [string, string];
    await call(app, 'labels.annotator.set', { name: 'Ann' });
    await call(app, 'labels.set', { row_id: first, label: 'pass', note: 'fine, "really"' });
    await call(app, 'labels.set', { row_id: second, label: 'fail', kind: 'program' });

    const csv = await call(app, 'labels.export', { run_id: 'run_export', format: 'csv' });
    expect(csv).toMatchObject({ filename: 'run_export-labels.csv', n: 2 });
    expect(parseCsv(csv.text).records.map((record) => record.fields)).toEqual([
      ['row_id', 'rollout_id', 'label', 'author', 'kind', 'note', 'created_at'],
      ['run_export:0', 'run_export-ro-0', 'pass', 'Ann', 'human', 'fine, "really"', '2026-11-01T09:00:00.000Z'],
      ['run_export:1', 'run_export-ro-1', 'fail', 'Ann', 'program', '', '2026-11-01T09:00:01.000Z'],
    ]);
    const jsonl = await call(app, 'labels.export', { run_id: 'run_export', format: 'jsonl' });
    expect(
      jsonl.text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown)[1],
    ).toEqual({
      row_id: 'run_export:1',
      rollout_id: 'run_export-ro-1',
      label: 'fail',
      author: 'Ann',
      kind: 'program',
      note: null,
      created_at: '2026-11-01T09:00:01.000Z',
    });
    // What goes out comes back in, unchanged.
    expect(await call(app, 'labels.import', { run_id: 'run_export', format: 'csv', text: csv.text })).toMatchObject({ stored: 2 });
    const labels = (await call(app, 'labels.list', { run_id: 'run_export' })).labels;
    expect(labels.slice(2).map(({ id: _id, ...label }) => label)).toEqual(labels.slice(0, 2).map(({ id: _id, ...label }) => label));
  });
});
