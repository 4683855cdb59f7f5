import { describe, expect, it } from 'vitest';
import { subscribeStores } from '../../api/subscriptions';
import type { JobProgress } from '../../../shared/api';
import type { ExportPreview, ExportRecord, ExportRequestInput } from '../../../shared/api/exports';
import type { RowsPageInput, RowSummary } from '../../../shared/api/rows';
import { fakeClient, ok } from '../../api/__fixtures__/fake-client';
import { applyFormPatch, initialForm, requestOf } from './form';
import { initialExportState } from './initial-state';
import { datasetFiles, formatBytes, joinPath, resultOf } from './result';
import { formatCountsIn } from './words';
import {
  describeProgress,
  selectFolderProblem,
  selectFolderReplacement,
  selectHubTokenProblem,
  selectPreviewWarnings,
  selectStartBlocker,
  selectStartPrompt,
  selectVisibleIssues,
  NEW_RUN_REPEATS,
  selectDpoUnavailable,
} from './selectors';
import { describeSource, directSelection, type ExportSource } from './source';
import { createExportStore } from './store';

const RUN = 'run_a1';
const QUERY = { filters: {}, search: '', sort: { column: 'ordinal', direction: 'asc' } } as const;

const preview = (lines: number): ExportPreview => ({
  warnings: ['12 rows are evaluation rows (holdout or eval split): they are never in train.'],
  n_selected: 60,
  simulator_errors_excluded: 0,
  evaluation_rows: 12,
  tool_rows_without_schemas: 0,
  splits: [
    { split: 'train', rows: 48, lines },
    { split: 'holdout', rows: 12, lines: 12 },
  ],
  dropped: [{ gate: 'no_assistant', n: 2, reason: 'no assistant turn to learn from' }],
  n_lines: lines + 12,
});

const record = (overrides: Partial<ExportRecord>): ExportRecord => ({
  id: 1,
  run_id: RUN,
  destination: 'folder',
  format: 'openai',
  location: '/tmp/out',
  n_rows: 58,
  commit: null,
  warnings: [],
  created_at: '2026-11-01T00:00:00.000Z',
  ...overrides,
});

const progress = (overrides: Partial<JobProgress>): JobProgress => ({
  job_id: 'export_1',
  kind: 'export',
  run_id: RUN,
  done: 0,
  total: 60,
  status: 'running',
  message: null,
  ...overrides,
});

function summary(index: number): RowSummary {
  return { row_id: `${RUN}:${index}`, ordinal: index } as RowSummary;
}

/** Lets queued answers and the zero-delay preview timer run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function harness(
  options: {
    records?: ExportRecord[];
    rows?: number;
    disk?: Record<string, string[]>;
    answers?: Parameters<typeof fakeClient>[0];
    /** The exported run's rollouts per situation. */
    repeats?: number;
  } = {},
) {
  const starts: ExportRequestInput[] = [];
  const client = fakeClient({
    'exports.formats': () =>
      ok([
        { format: 'openai', kind: 'sft', label: 'OpenAI-compatible (Together/Fireworks/Azure)', description: '' },
        { format: 'trl', kind: 'sft', label: 'TRL conversational (Hugging Face)', description: '' },
        { format: 'grpo', kind: 'grpo', label: 'GRPO / RL prompts (TRL prompt-only)', description: '' },
      ]),
    'runs.list': () =>
      ok({
        runs: [
          { id: RUN, name: 'Refunds', rows_done: 60, config: { repeats: options.repeats ?? 4 } },
          { id: 'run_b2', name: 'Held-out run', rows_done: 40, config: { repeats: 1 } },
        ],
        total: 2,
      } as never),
    'settings.hubToken': () => ok({ source: 'stored' as const, storage: 'memory' as const, warnings: [] }),
    'exports.preview': () => ok(preview(46)),
    'rows.page': (input) => {
      const page = input as RowsPageInput;
      const total = options.rows ?? 0;
      const offset = page.offset ?? 0;
      const rows = Array.from({ length: Math.max(0, Math.min(page.limit ?? 100, total - offset)) }, (_, index) => summary(offset + index));
      return ok({ rows, total, offset });
    },
    'exports.start': (input) => {
      starts.push(input as ExportRequestInput);
      // The job's first event can arrive before the answer that names it.
      client.emit('job-progress', progress({ done: 0 }));
      return ok({ job_id: 'export_1', run_id: RUN });
    },
    'exports.cancel': () => ok({ cancelled: true }),
    'exports.list': () => ok(options.records ?? [record({ location: '/tmp/out' })]),
    // The disk: export files per folder (a folder not named holds none).
    'exports.folderFiles': (input) =>
      ok({ folder: input.folder, exists: input.folder in (options.disk ?? {}), files: options.disk?.[input.folder] ?? [] }),
    ...options.answers,
  });
  const store = createExportStore(() => client, { previewDelayMs: 0 });
  subscribeStores(client, { exports: store });
  return { store, client, starts };
}

const tableSource = (overrides: Partial<Extract<ExportSource, { kind: 'table' }>> = {}): ExportSource => ({
  kind: 'table',
  run_id: RUN,
  run_name: 'Refunds',
  query: { ...QUERY, filters: { stance: ['hurried'] } },
  row_ids: [],
  ...overrides,
});

describe('export store', () => {
  it('exports a table filter on an axis as that filter: preview first, then progress, then the files written', async () => {
    const { store, client, starts } = harness();
    store.getState().open(tableSource(), { dataDir: '/data' });
    expect(store.getState().form.folder).toBe('/data/exports/run_a1-openai');
    await settle();
    expect(store.getState().selection.value).toEqual({ run_id: RUN, filter: { stance: ['hurried'] } });
    expect(store.getState().otherRuns).toEqual([{ id: 'run_b2', name: 'Held-out run', rows: 40 }]);
    expect(client.callsOf('exports.preview')).toHaveLength(1);
    expect(selectStartBlocker(store.getState())).toBeNull();

    store.getState().setForm({ folder: '/tmp/out' });
    expect(selectStartBlocker(store.getState())).toBeNull();
    await settle();
    // Only the folder changed: the counts do not depend on it, so no second preview.
    expect(client.callsOf('exports.preview')).toHaveLength(1);

    await store.getState().start();
    expect(starts[0]).toMatchObject({
      selection: { run_id: RUN, filter: { stance: ['hurried'] }, passes_only: true },
      format: 'openai',
      destination: { kind: 'folder', folder: '/tmp/out' },
    });
    expect(store.getState().job).toMatchObject({ id: 'export_1', status: 'running', done: 0 });
    client.emit('job-progress', progress({ done: 30, bytes: 2_500_000 }));
    expect(describeProgress(store.getState().job!)).toBe('30 / 60 rows · 2.5 MB written');
    client.emit('job-progress', progress({ done: 60, bytes: 5_000_000, status: 'completed', message: 'Wrote 58 lines to /tmp/out.' }));
    await settle();
    expect(store.getState().result).toMatchObject({
      summary: 'Wrote 58 lines to /tmp/out.',
      // A record stored before export records named their files: the files this export may write, metadata beside each split.
      files: [
        '/tmp/out/data/train.jsonl',
        '/tmp/out/data/train.meta.jsonl',
        '/tmp/out/data/holdout.jsonl',
        '/tmp/out/data/holdout.meta.jsonl',
        '/tmp/out/README.md',
      ],
      n_lines: 58,
    });
  });

  it('reads the row ids of a filter the export cannot express (a search), a page at a time', async () => {
    const { store, client } = harness({ rows: 1203 });
    store.getState().open(tableSource({ query: { ...QUERY, search: 'refund' } }));
    await settle();
    const selection = store.getState().selection.value!;
    expect(selection.row_ids).toHaveLength(1203);
    expect(client.callsOf('rows.page')).toHaveLength(3);
    expect(client.callsOf('exports.preview')[0]).toMatchObject({ selection: { run_id: RUN, row_ids: expect.any(Array) } });
  });

  it('says so when a filter matches nothing', async () => {
    const { store } = harness({ rows: 0 });
    store.getState().open(tableSource({ query: { ...QUERY, filters: { judge: ['unsure'] } } }));
    await settle();
    expect(store.getState().selection).toMatchObject({ status: 'error', error: expect.stringContaining('matches no conversation') });
    expect(selectStartBlocker(store.getState())).toContain('matches no conversation');
  });

  it('cancels a running job and keeps its last word', async () => {
    const { store, client } = harness();
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    await store.getState().start();
    await store.getState().cancel();
    expect(client.callsOf('exports.cancel')).toEqual([{ job_id: 'export_1' }]);
    expect(store.getState().job?.isCancelling).toBe(true);
    client.emit('job-progress', progress({ done: 12, status: 'cancelled', message: 'Cancelled: nothing was left half written.' }));
    expect(store.getState().job).toMatchObject({
      status: 'cancelled',
      message: 'Cancelled: nothing was left half written.',
      isCancelling: false,
    });
    // Reopening from elsewhere starts fresh once the job has ended.
    store.getState().again();
    expect(store.getState().job).toBeNull();
  });

  it('sends a cancel asked for before the start answers as soon as the job has its id', async () => {
    let answerStart: () => void = () => undefined;
    const { store, client } = harness({
      answers: {
        'exports.start': () =>
          new Promise((resolve) => {
            answerStart = () => resolve(ok({ job_id: 'export_1', run_id: RUN }));
          }),
      },
    });
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    store.getState().setForm({ destination: 'hub', repo_id: 'ana/refunds' });
    const starting = store.getState().start();
    // The job is already pushing, but the answer naming it is still on its way when the person cancels.
    client.emit('job-progress', progress({ kind: 'push', done: 0, total: null, message: 'Pushing to ana/refunds' }));
    await store.getState().cancel();
    expect(store.getState().job).toMatchObject({ id: null, status: 'starting', isCancelling: true });
    answerStart();
    await starting;
    expect(client.callsOf('exports.cancel')).toEqual([{ job_id: 'export_1' }]);
    expect(store.getState().job).toMatchObject({ id: 'export_1', status: 'running', phase: 'push', isCancelling: true });
    client.emit(
      'job-progress',
      progress({ kind: 'push', status: 'cancelled', message: 'Cancelled during the push: nothing was committed to the Hub.' }),
    );
    expect(store.getState().job).toMatchObject({
      status: 'cancelled',
      phase: 'push',
      message: 'Cancelled during the push: nothing was committed to the Hub.',
      isCancelling: false,
    });
  });

  it('ends on the job’s last event even when it outruns the start’s answer and the cancel finds no job', async () => {
    let answerStart: () => void = () => undefined;
    const { store, client } = harness({
      answers: {
        'exports.start': () =>
          new Promise((resolve) => {
            answerStart = () => resolve(ok({ job_id: 'export_1', run_id: RUN }));
          }),
        'exports.cancel': () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'There is no running export job export_1.' } }),
      },
    });
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    store.getState().setForm({ destination: 'hub', repo_id: 'ana/refunds' });
    const starting = store.getState().start();
    await store.getState().cancel();
    // Another job's events, then this one's, all before the answer naming it.
    client.emit('job-progress', progress({ job_id: 'export_0', status: 'completed', message: 'Wrote 3 lines to /elsewhere.' }));
    client.emit('job-progress', progress({ kind: 'push', done: 0, total: null, message: 'Pushing to ana/refunds' }));
    client.emit(
      'job-progress',
      progress({ kind: 'push', status: 'cancelled', message: 'Cancelled during the push: nothing was committed to the Hub.' }),
    );
    answerStart();
    await starting;
    await settle();
    // It ended before the id was known: nothing is left to cancel, and a late event changes nothing.
    expect(client.callsOf('exports.cancel')).toEqual([]);
    client.emit('job-progress', progress({ kind: 'push', done: 1, total: 4, message: 'Pushing to ana/refunds' }));
    expect(store.getState().job).toMatchObject({ id: 'export_1', status: 'cancelled', phase: 'push', isCancelling: false });
    expect(store.getState().error).toBeNull();
  });

  it('names the Hub commit and its address after a push', async () => {
    const records = [
      record({ id: 2, destination: 'hub', location: 'ana/refunds', commit: 'c0ffee1234', n_rows: 58 }),
      record({ id: 1, destination: 'folder', location: '/data/exports/hub-1' }),
    ];
    const { store, client } = harness({ records });
    store.getState().open({ kind: 'cell', run_id: RUN, run_name: 'Refunds', cell: { tool: 'get_order', stance: 'hurried' } });
    await settle();
    store.getState().setForm({ destination: 'hub', repo_id: 'ana/refunds', endpoint: 'http://127.0.0.1:9' });
    await store.getState().start();
    client.emit('job-progress', progress({ kind: 'push', done: 2, total: 4, message: 'Pushing to ana/refunds' }));
    expect(describeProgress(store.getState().job!)).toBe('Pushing to ana/refunds: 2 / 4 files uploaded');
    client.emit(
      'job-progress',
      progress({ kind: 'push', done: 4, total: 4, status: 'completed', message: 'Pushed 58 lines to ana/refunds at commit c0ffee1234.' }),
    );
    await settle();
    expect(store.getState().result?.hub).toEqual({
      repo_id: 'ana/refunds',
      commit: 'c0ffee1234',
      url: 'http://127.0.0.1:9/datasets/ana/refunds',
      visibility: 'private',
    });
    expect(store.getState().result?.files[0]).toBe('/data/exports/hub-1/data/train.jsonl');
  });

  it('asks for new counts when a choice changes them, and refuses to start with a field to fix', async () => {
    const { store, client } = harness();
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    store.getState().setForm({ passes_only: false });
    expect(selectStartBlocker(store.getState())).toBe('Counting the rows…');
    await settle();
    expect(client.callsOf('exports.preview')).toHaveLength(2);
    expect(client.callsOf('exports.preview')[1]).toMatchObject({ selection: { run_id: RUN, passes_only: false } });
    store.getState().setForm({ holdout: '70', eval: '40' });
    expect(selectStartBlocker(store.getState())).toBe('Holdout and eval together cannot exceed 100%.');
    await store.getState().start();
    expect(store.getState().job).toBeNull();
    expect(store.getState().error).toBe('Fix the fields marked below first.');
  });

  it('never sends a relative decontamination file, and counts again once the field is fixed', async () => {
    const { store, client, starts } = harness();
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    expect(client.callsOf('exports.preview')).toHaveLength(1);
    store.getState().setForm({ against_files: 'bench/prompts.jsonl' });
    await settle();
    expect(selectStartBlocker(store.getState())).toMatch(/^“bench\/prompts.jsonl” is a relative path/);
    await store.getState().start();
    expect(starts).toEqual([]);
    expect(client.callsOf('exports.preview')).toHaveLength(1);
    // Back to the request counted before: counted again, not left waiting on "Counting the rows…".
    store.getState().setForm({ against_files: '' });
    await settle();
    expect(client.callsOf('exports.preview')).toHaveLength(2);
    expect(selectStartBlocker(store.getState())).toBeNull();
    store.getState().setForm({ against_files: '/bench/prompts.jsonl' });
    await settle();
    expect(client.callsOf('exports.preview').at(-1)).toMatchObject({ decontaminate: { files: ['/bench/prompts.jsonl'] } });
  });
});

describe('export form', () => {
  const selection = { run_id: RUN };

  it('keeps the format one of the chosen kind and the splits in order', () => {
    const form = applyFormPatch(initialForm('/out'), { training: 'grpo', splits: ['eval', 'train'] });
    expect(form.format).toBe('grpo');
    expect(form.splits).toEqual(['train', 'eval']);
  });

  it('turns percentages into shares, and lists the problems at their fields', () => {
    const built = requestOf(
      { ...initialForm('/out'), holdout: '15', eval: '5', against_files: ' /bench/prompts.jsonl \n\n', against_runs: ['run_b2'] },
      selection,
    );
    expect(built).toMatchObject({
      ok: true,
      request: {
        fractions: { holdout: 0.15, eval: 0.05 },
        decontaminate: { runs: ['run_b2'], files: ['/bench/prompts.jsonl'] },
        validate: true,
      },
    });
    const bad = requestOf({ ...initialForm(''), destination: 'hub', repo_id: 'no-slash', holdout: 'x', splits: [] }, selection);
    expect(bad.ok ? [] : bad.issues.map((issue) => issue.path)).toEqual(['holdout', 'splits', 'repo_id']);
  });

  it('refuses a relative decontamination file, for the preview too, instead of sending it to be read where the server started', () => {
    const form = { ...initialForm('/out'), against_files: '/bench/ok.jsonl\n bench/prompts.jsonl ' };
    const message =
      '“bench/prompts.jsonl” is a relative path: type the full path of the file to decontaminate against, starting with / (e.g. ' +
      '/home/ana/benchmarks/prompts.jsonl), or it would be read wherever the server was started.';
    expect(requestOf(form, selection)).toEqual({ ok: false, issues: [{ path: 'against_files', message }] });
    expect(requestOf(form, selection, { forPreview: true })).toEqual({ ok: false, issues: [{ path: 'against_files', message }] });
    expect(
      selectStartPrompt({ ...initialExportState, isOpen: true, form, selection: { status: 'ready', value: selection, error: null } }),
    ).toEqual({ message, canPress: false });
  });

  it('pushes private unless the person says public', () => {
    const built = requestOf({ ...initialForm(''), destination: 'hub', repo_id: 'ana/refunds' }, selection);
    expect(built.ok && built.request.destination).toEqual({ kind: 'hub', repo_id: 'ana/refunds', visibility: 'private' });
  });
});

describe('export sources and results', () => {
  it('expresses axis and writer filters directly, and checked rows as ids', () => {
    expect(directSelection(tableSource({ query: { ...QUERY, filters: { tool: ['get_order'], writer: ['structured'] } } }))).toEqual({
      run_id: RUN,
      filter: { tool: ['get_order'], writer: ['structured'] },
    });
    expect(directSelection(tableSource({ query: { ...QUERY, filters: { conduct: ['fail'] } } }))).toBeNull();
    expect(directSelection(tableSource({ row_ids: ['run_a1:3'] }))).toEqual({ run_id: RUN, row_ids: ['run_a1:3'] });
    expect(describeSource(tableSource())).toBe('The conversations table’s filter — Stance: hurried.');
    expect(describeSource({ kind: 'cell', run_id: RUN, run_name: 'Refunds', cell: { tool: 'get_order', stance: 'hurried' } })).toBe(
      'The coverage cell Tool get_order × Stance hurried of “Refunds”.',
    );
  });

  it('names files with the folder’s own separator and sizes in kB or MB', () => {
    expect(joinPath('C:\\exports\\', 'data/train.jsonl')).toBe('C:\\exports\\data\\train.jsonl');
    expect(datasetFiles('/out', ['train'])).toEqual(['/out/data/train.jsonl', '/out/README.md']);
    expect(formatBytes(52_300)).toBe('52.3 kB');
    expect(formatBytes(18_897_444)).toBe('18.9 MB');
    const environmentRequest = requestOf(
      { ...initialForm('/env'), destination: 'environment', format: 'trl', splits: ['eval'] },
      { run_id: RUN },
    );
    expect(environmentRequest.ok && environmentRequest.request).toMatchObject({
      format: 'grpo',
      splits: ['train', 'holdout'],
      destination: { kind: 'environment', folder: '/env' },
    });
    const environment = resultOf(
      { selection: { run_id: RUN }, destination: { kind: 'environment', folder: '/env' } },
      [record({ destination: 'environment', location: '/env', n_rows: 31 })],
      'done',
    );
    expect(environment).toMatchObject({ environment: '/env', n_lines: 31, files: [] });
  });
});

describe('passes only and the warnings made from the preview’s counts', () => {
  const graded = (grades: NonNullable<ExportPreview['grades']>, overrides: Partial<ExportPreview> = {}): ExportPreview => ({
    ...preview(46),
    grades,
    ...overrides,
  });

  async function opened(answer: (input: ExportRequestInput) => ExportPreview, records: ExportRecord[] = []) {
    const { store, client } = harness({ records, answers: { 'exports.preview': (input) => ok(answer(input as ExportRequestInput)) } });
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    return { store, client };
  }

  it('keeps SFT to passes by default, and never narrows DPO, GRPO or an environment to them', () => {
    const form = initialForm('/out');
    expect(form.passes_only).toBe(true);
    const sft = requestOf(form, { run_id: RUN });
    expect(sft.ok && sft.request.selection.passes_only).toBe(true);
    for (const patch of [{ training: 'dpo' }, { training: 'grpo' }, { destination: 'environment' }] as const) {
      const built = requestOf(applyFormPatch(form, patch), { run_id: RUN });
      expect(built.ok && built.request.selection.passes_only).toBe(false);
    }
  });

  it('says, above main’s warnings, how many failing and ungraded rows SFT would train on once passes only is off', async () => {
    const { store, client } = await opened((input) =>
      input.selection.passes_only
        ? graded({ failing: 0, ungraded: 0, train: { failing: 0, ungraded: 0 } })
        : graded({ failing: 194, ungraded: 3, train: input.splits?.includes('train') ? { failing: 161, ungraded: 1 } : null }),
    );
    expect(client.callsOf('exports.preview')[0]).toMatchObject({ selection: { passes_only: true } });
    expect(selectPreviewWarnings(store.getState())).toEqual([
      '12 rows are evaluation rows (holdout or eval split): they are never in train.',
    ]);
    store.getState().setForm({ passes_only: false });
    await settle();
    expect(selectPreviewWarnings(store.getState())).toEqual([
      '161 rows fail their grade and will be trained on.',
      '1 row is ungraded: grade the run first or it is trained on as it is.',
      '12 rows are evaluation rows (holdout or eval split): they are never in train.',
    ]);
    // Without a train split nothing is trained on: no warning.
    store.getState().setForm({ splits: ['holdout'] });
    await settle();
    expect(selectPreviewWarnings(store.getState())[0]).toBe(
      '12 rows are evaluation rows (holdout or eval split): they are never in train.',
    );
  });

  it('names ungraded rows first for DPO and GRPO, in the words of the kind chosen', async () => {
    const { store } = await opened((input) =>
      graded(
        { failing: 0, ungraded: 12, train: { failing: 0, ungraded: 11 } },
        {
          warnings: [
            `train: 11 rows are ungraded: grade the run before a ${input.format === 'grpo' ? 'GRPO' : 'DPO'} export ` +
              '(no ask survived the gates)',
            '12 rows are evaluation rows (holdout or eval split): they are never in train.',
          ],
          n_lines: 0,
        },
      ),
    );
    store.getState().setForm({ training: 'grpo' });
    await settle();
    // The total stands for the engine's per-split warnings.
    expect(selectPreviewWarnings(store.getState())).toEqual([
      '12 rows are ungraded: grade the run before a GRPO export.',
      '12 rows are evaluation rows (holdout or eval split): they are never in train.',
    ]);
    expect(selectStartBlocker(store.getState())).toBe('Nothing would be written: change the selection or the format.');
    store.getState().setForm({ training: 'dpo' });
    await settle();
    expect(selectPreviewWarnings(store.getState())[0]).toBe('12 rows are ungraded: grade the run before a DPO export.');
    expect(selectPreviewWarnings(store.getState())).toHaveLength(2);
  });

  it('says when passes only leaves nothing to train on', async () => {
    const { store } = await opened(() =>
      graded({ failing: 0, ungraded: 0, train: { failing: 0, ungraded: 0 } }, { n_selected: 0, n_lines: 0, warnings: [] }),
    );
    expect(selectPreviewWarnings(store.getState())).toEqual([
      'No selected row has a full pass (reward 1): grade the run first, or turn off “Passes only”.',
    ]);
  });

  it('says which files in the chosen folder this export replaces, as the disk says, with the stored export’s run and time', async () => {
    const records = [record({ location: '/data/exports/run_a1-openai/', n_rows: 1499, created_at: '2026-11-30T12:18:04.000Z' })];
    const disk = { '/data/exports/run_a1-openai': ['data/train.jsonl', 'data/holdout.jsonl', 'README.md'] };
    const { store, client } = harness({ records, disk, answers: { 'exports.preview': () => ok(preview(46)) } });
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    expect(client.callsOf('exports.folderFiles')).toEqual([{ folder: '/data/exports/run_a1-openai', kind: 'dataset' }]);
    expect(selectFolderReplacement(store.getState())).toBe(
      'This folder already holds an export of “Refunds” (1,499 lines, 2026-11-30 12:18 UTC): this export replaces data/train.jsonl, ' +
        'data/holdout.jsonl and README.md.',
    );
    expect(selectPreviewWarnings(store.getState())[0]).toContain('This folder already holds an export');
    // Another folder: nothing is said until the disk answers for it, and it holds nothing.
    store.getState().setForm({ folder: '/data/exports/elsewhere' });
    expect(selectFolderReplacement(store.getState())).toBeNull();
    await settle();
    expect(selectFolderReplacement(store.getState())).toBeNull();
  });

  it('believes the disk over the stored records: an emptied folder says nothing, one the CLI filled says what it replaces', async () => {
    const records = [record({ location: '/out/emptied', n_rows: 12 })];
    const disk: Record<string, string[]> = {
      '/out/emptied': [],
      '/out/by-cli': ['data/train.jsonl', 'data/eval.jsonl', 'README.md', 'whileai.json'],
    };
    const { store } = harness({ records, disk });
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' });
    store.getState().setForm({ folder: '/out/emptied' });
    await settle();
    expect(selectFolderReplacement(store.getState())).toBeNull();
    store.getState().setForm({ folder: '/out/by-cli' });
    await settle();
    // The eval file this export does not write stays, beside a card that no longer names it.
    expect(selectFolderReplacement(store.getState())).toBe(
      'This folder already holds export files: this export replaces data/train.jsonl and README.md. data/eval.jsonl stays from before, ' +
        'though the new dataset card does not name it.',
    );
    store.getState().setForm({ splits: ['train', 'holdout', 'eval'] });
    expect(selectFolderReplacement(store.getState())).toBe(
      'This folder already holds export files: this export replaces data/train.jsonl, data/eval.jsonl and README.md.',
    );
  });

  it('names an environment package’s files under the module the export would name', async () => {
    const disk = { '/out/refund_env': ['pyproject.toml', 'README.md', 'refund_env/__init__.py', 'refund_env/spec.json'] };
    const { store, client } = harness({ records: [], disk });
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' });
    store.getState().setForm({ destination: 'environment', folder: '/out/refund_env' });
    await settle();
    expect(client.callsOf('exports.folderFiles').at(-1)).toEqual({ folder: '/out/refund_env', kind: 'environment' });
    expect(selectFolderReplacement(store.getState())).toBe(
      'This folder already holds an RL environment package: this export replaces pyproject.toml, README.md and 2 files in refund_env/.',
    );
    store.getState().setForm({ environment_name: 'other' });
    await settle();
    expect(client.callsOf('exports.folderFiles').at(-1)).toEqual({ folder: '/out/refund_env', kind: 'environment', name: 'other' });
  });

  it('asks the disk once typing pauses, keeps only the latest answer, and refuses a folder that is a file', async () => {
    const pending = new Map<string, (files: string[]) => void>();
    const { store, client } = harness({
      answers: {
        'exports.folderFiles': (input) =>
          input.folder === '/out/file.jsonl'
            ? {
                ok: false,
                error: { code: 'VALIDATION_FAILED', message: '/out/file.jsonl is a file, not a folder: choose a folder for the export.' },
              }
            : new Promise((resolve) => pending.set(input.folder, (files) => resolve(ok({ folder: input.folder, exists: true, files })))),
      },
    });
    const typed = createExportStore(() => client, { previewDelayMs: 0, folderDelayMs: 20 });
    subscribeStores(client, { exports: typed });
    typed.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' });
    for (const folder of ['/o', '/ou', '/out/a']) typed.getState().setForm({ folder });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(client.callsOf('exports.folderFiles')).toEqual([{ folder: '/out/a', kind: 'dataset' }]);
    typed.getState().setForm({ folder: '/out/b' });
    await new Promise((resolve) => setTimeout(resolve, 40));
    // The older question answers last: its answer is dropped.
    pending.get('/out/b')!(['README.md']);
    pending.get('/out/a')!(['data/train.jsonl']);
    await settle();
    expect(typed.getState().folderFiles).toMatchObject({
      key: JSON.stringify({ folder: '/out/b', kind: 'dataset' }),
      status: 'ready',
      value: { files: ['README.md'] },
    });
    expect(selectFolderReplacement(typed.getState())).toBe('This folder already holds export files: this export replaces README.md.');

    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' });
    store.getState().setForm({ folder: '/out/file.jsonl' });
    await settle();
    expect(selectFolderProblem(store.getState())).toBe('/out/file.jsonl is a file, not a folder: choose a folder for the export.');
    expect(selectStartBlocker(store.getState())).toBe('/out/file.jsonl is a file, not a folder: choose a folder for the export.');
  });
});

describe('the Hub repository field', () => {
  it('is a hint until the person types in it or presses Export', async () => {
    const { store, starts } = harness();
    store.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    store.getState().setForm({ destination: 'hub' });
    await settle();
    expect(selectVisibleIssues(store.getState())).toEqual([]);
    expect(selectStartPrompt(store.getState())).toEqual({ message: 'Type the Hub repository to push to (owner/name).', canPress: true });
    await store.getState().start();
    expect(starts).toEqual([]);
    expect(selectVisibleIssues(store.getState()).map((issue) => issue.path)).toEqual(['repo_id']);
    expect(selectStartPrompt(store.getState()).canPress).toBe(false);

    const typed = harness().store;
    typed.getState().open({ kind: 'run', run_id: RUN, run_name: 'Refunds' }, { dataDir: '/data' });
    await settle();
    typed.getState().setForm({ destination: 'hub', repo_id: 'ana' });
    await settle();
    expect(selectVisibleIssues(typed.getState())).toEqual([
      { path: 'repo_id', message: 'A repository id reads owner/name, e.g. ana/refund-conversations.' },
    ]);
    typed.getState().setForm({ repo_id: 'ana/refunds' });
    expect(selectStartPrompt(typed.getState())).toEqual({ message: null, canPress: true });
  });
});

describe('counts as the app writes them', () => {
  it('puts thousands separators in the job’s sentences, never in paths or ids', () => {
    expect(formatCountsIn('Wrote 1499 lines to /tmp/run_20261130/out2048.')).toBe('Wrote 1,499 lines to /tmp/run_20261130/out2048.');
    expect(formatCountsIn('Pushed 120000 lines to ana/x at commit 1234567.')).toBe('Pushed 120,000 lines to ana/x at commit 1234567.');
    expect(
      resultOf({ selection: { run_id: RUN }, destination: { kind: 'folder', folder: '/out' } }, [], 'Wrote 1499 lines to /out.').summary,
    ).toBe('Wrote 1,499 lines to /out.');
    expect(
      describeProgress({
        ...progress({}),
        status: 'running',
        phase: 'export',
        done: 1200,
        total: 3000,
        bytes: null,
        request: { selection: { run_id: RUN }, destination: { kind: 'folder', folder: '/out' } },
        id: 'x',
        isCancelling: false,
      }),
    ).toBe('1,200 / 3,000 rows');
  });
});

describe('export destination checks from a first-day review', () => {
  it('refuses a relative folder at the Folder field, never asks the disk about it, and keeps Export disabled', async () => {
    const { store, client, starts } = harness();
    store.getState().open(tableSource(), { dataDir: '/data' });
    await settle();
    store.getState().setForm({ folder: 'relative/out' });
    await settle();
    const message =
      '“relative/out” is a relative path: type the full path of the export folder, starting with / (e.g. /home/ana/exports), or it ' +
      'would land wherever the server was started.';
    expect(selectVisibleIssues(store.getState())).toEqual([{ path: 'folder', message }]);
    expect(selectStartPrompt(store.getState())).toEqual({ message, canPress: false });
    expect(client.callsOf('exports.folderFiles').map((input) => (input as { folder: string }).folder)).not.toContain('relative/out');
    // The counts still come (they do not depend on where the files go), from an absolute placeholder the contract accepts.
    expect(client.callsOf('exports.preview').at(-1)).toMatchObject({ destination: { kind: 'folder', folder: '/preview' } });
    await store.getState().start();
    expect(starts).toEqual([]);
    // The Hub's local copy and an environment package are held to the same rule; a Windows path is a full path.
    expect(requestOf({ ...initialForm('copy'), destination: 'hub', repo_id: 'ana/refunds' }, { run_id: RUN })).toMatchObject({
      ok: false,
      issues: [{ path: 'folder' }],
    });
    expect(requestOf({ ...initialForm('env'), destination: 'environment' }, { run_id: RUN })).toMatchObject({
      ok: false,
      issues: [{ path: 'folder' }],
    });
    expect(requestOf(initialForm('C:\\Users\\ana\\out'), { run_id: RUN }).ok).toBe(true);
  });

  it('disables a Hub push until a token is set, saying why', async () => {
    const { store } = harness({
      answers: { 'settings.hubToken': () => ok({ source: 'missing' as const, storage: 'memory' as const, warnings: [] }) },
    });
    store.getState().open(tableSource(), { dataDir: '/data' });
    await settle();
    expect(selectStartBlocker(store.getState())).toBeNull();
    store.getState().setForm({ destination: 'hub', repo_id: 'ana/refunds' });
    await settle();
    const reason = 'No Hugging Face token: set one in Settings (or HF_TOKEN for the server) before pushing.';
    expect(selectHubTokenProblem(store.getState())).toBe(reason);
    expect(selectStartPrompt(store.getState())).toEqual({ message: reason, canPress: false });
    // A token from the environment (or stored in Settings) lets the push go.
    store.setState({ hubToken: { source: 'environment', storage: 'memory', warnings: [] } });
    expect(selectStartPrompt(store.getState()).canPress).toBe(true);
  });
});

describe('one click per format', () => {
  const runSource = { kind: 'run', run_id: RUN, run_name: 'Refunds' } as const;

  it('gives each run and format a default folder of its own, until the person types one', () => {
    const { store } = harness();
    store.getState().open(runSource, { dataDir: '/data' });
    store.getState().setForm({ training: 'dpo' });
    expect(store.getState().form.folder).toBe('/data/exports/run_a1-dpo-openai');
    store.getState().setForm({ format: 'dpo-trl' });
    expect(store.getState().form.folder).toBe('/data/exports/run_a1-dpo-trl');
    store.getState().setForm({ destination: 'environment' });
    expect(store.getState().form.folder).toBe('/data/exports/run_a1-environment');
    store.getState().setForm({ folder: '/home/ana/mine' });
    store.getState().setForm({ destination: 'folder', training: 'sft' });
    expect(store.getState().form.folder).toBe('/home/ana/mine');
  });

  it('says a folder holds an RL environment package only when it holds one', async () => {
    const disk = {
      '/out/dataset': ['README.md'],
      '/out/package': ['pyproject.toml', 'README.md', 'refund_env/__init__.py', 'refund_env/spec.json'],
    };
    const { store } = harness({ disk });
    store.getState().open(runSource);
    store.getState().setForm({ destination: 'environment', folder: '/out/dataset' });
    await settle();
    expect(selectFolderReplacement(store.getState())).toBe('This folder already holds README.md: this export replaces it.');
    store.getState().setForm({ folder: '/out/package' });
    await settle();
    expect(selectFolderReplacement(store.getState())).toBe(
      'This folder already holds an RL environment package: this export replaces pyproject.toml, README.md and 2 files in refund_env/.',
    );
  });

  it('greys DPO out for a run of single rollouts, saying why, and offers a new run with repeats', async () => {
    const single = harness({ repeats: 1 });
    single.store.getState().open(runSource);
    await settle();
    expect(selectDpoUnavailable(single.store.getState())).toBe(
      'DPO pairs two rollouts of one situation, one passing and one failing; this run has one rollout per situation (repeats 1).',
    );
    expect(NEW_RUN_REPEATS).toBe(4);
    const repeated = harness({ repeats: 4 });
    repeated.store.getState().open(runSource);
    await settle();
    expect(selectDpoUnavailable(repeated.store.getState())).toBeNull();
  });

  it('names why nothing would be written, from the preview, where Export would be pressed', async () => {
    const reason = 'Nothing to write for run run_a1: no DPO pair could be made. Fix: simulate again with --repeats 2 or more.';
    const { store } = harness({ answers: { 'exports.preview': () => ok({ ...preview(0), n_lines: 0, nothing_to_write: reason }) } });
    store.getState().open(runSource, { dataDir: '/data' });
    await settle();
    expect(selectStartBlocker(store.getState())).toBe(reason);
  });
});
