import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { aimRun, compareVersions, importTraces, listImports, pageTraces, traceFailureMap } from './traces-service';

const SUPPORT = {
  name: 'traces-support-agent.otlp.json',
  text: readFileSync(new URL('../../../e2e/__fixtures__/traces-support-agent.otlp.json', import.meta.url), 'utf8'),
};
const engineFixture = (name: string) => ({
  name,
  text: readFileSync(new URL(`../../../engine/traces/__fixtures__/${name}`, import.meta.url), 'utf8'),
});
const jsonl = (name: string, lines: object[]) => ({ name, text: lines.map((line) => JSON.stringify(line)).join('\n') });
const line = (id: string, reward: number, model_version = 'v1') => ({
  id,
  prompt: `Cancel order ${id}`,
  steps: [{ tool: 'cancel_order', input: { order_id: id }, output: { status: 'timeout' } }],
  final_text: 'It timed out.',
  reward,
  model_version,
});

let dataDir: string;
let context: AppContext;
const open = () => createAppContext({ dataDir, mode: 'cli', now: () => new Date('2026-11-30T00:00:00.000Z') });

beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'while-traces-import-'));
  context = open();
  context.jobs.start = () => undefined;
});

afterEach(async () => {
  await closeAppContext(context);
});

/** What a person reads off the map: counts, statuses and priorities per situation. */
const picture = (context: AppContext) => {
  const map = traceFailureMap(context);
  return {
    totals: [map.n_traces, map.n_graded, map.n_failures, map.n_faulted],
    cells: map.cells.map((cell) => [cell.key, cell.traces, cell.failures, cell.status, cell.priority]),
  };
};

describe('importing traces already stored', () => {
  it('adds nothing when the same file is imported twice, and says so', () => {
    const first = importTraces(context, { files: [SUPPORT] });
    expect(first).toMatchObject({
      stored: true,
      n_rows: 30,
      n_read: 30,
      n_already_imported: 0,
      n_conflicts: 0,
      message: 'Imported 30 traces.',
    });
    const once = picture(context);
    const again = importTraces(context, { files: [{ ...SUPPORT, name: 'export (1).json' }] });
    expect(again).toMatchObject({ stored: false, id: first.id, n_rows: 0, n_read: 30, n_already_imported: 30 });
    expect(again.message).toBe('30 traces already imported, 0 new: they are in the import traces-support-agent.otlp.json.');
    expect(again.files).toEqual([{ file: 'export (1).json', format: 'otlp_genai', rows: 30, already_imported: 30 }]);
    expect(picture(context)).toEqual(once);
    expect(listImports(context).imports.map((entry) => entry.n_rows)).toEqual([30]);
    const cell = traceFailureMap(context).cells[0]!;
    expect(pageTraces(context, { cell: cell.key, limit: 50, offset: 0 }).total).toBe(cell.traces);
  });

  it('keeps the union of overlapping exports, in two imports or one', () => {
    const monday = jsonl('mon.jsonl', [line('t-1', 1), line('t-2', 0), line('t-3', 0)]);
    const tuesday = jsonl('tue.jsonl', [line('t-3', 0), line('t-4', 1)]);
    importTraces(context, { files: [monday] });
    const overlap = importTraces(context, { files: [tuesday] });
    expect(overlap).toMatchObject({
      stored: true,
      n_rows: 1,
      n_already_imported: 1,
      files: [{ file: 'tue.jsonl', rows: 2, already_imported: 1 }],
    });
    expect(overlap.message).toBe('1 new, 1 already imported (in the import mon.jsonl): imported the 1 new trace.');
    expect(traceFailureMap(context).n_traces).toBe(4);

    const together = importTraces(context, {
      files: [jsonl('wed.jsonl', [line('t-5', 1)]), jsonl('wed-copy.jsonl', [line('t-5', 1), line('t-1', 1)])],
    });
    expect(together).toMatchObject({ n_rows: 1, n_read: 3, n_already_imported: 2 });
    expect(traceFailureMap(context).n_traces).toBe(5);
  });

  it('keeps a trace whose id is stored with other content, and warns naming the file and line', () => {
    importTraces(context, { files: [jsonl('mon.jsonl', [line('t-1', 1), line('t-2', 0)])] });
    const regraded = importTraces(context, { files: [jsonl('regraded.jsonl', [line('t-1', 1), line('t-2', 1)])] });
    expect(regraded).toMatchObject({ stored: true, n_rows: 1, n_already_imported: 1, n_conflicts: 1 });
    expect(regraded.message).toMatch(/1 trace shares an id with a stored trace but not its content: both are kept/);
    expect(regraded.warnings).toEqual([
      'regraded.jsonl line 2: a trace with the id t-2 is already stored (in the import mon.jsonl) with other content (re-graded, or the ' +
        'conversation went on); both are kept and counted. Remove the older import if this one replaces it.',
    ]);
    expect(listImports(context).imports[0]?.warnings).toEqual(regraded.warnings);
    expect(traceFailureMap(context).n_traces).toBe(3);
  });
});

describe('choosing the versions to compare', () => {
  it('compares the pair chosen, keeps it in the data folder, and aims by it', async () => {
    importTraces(context, { files: [SUPPORT] });
    importTraces(context, { files: [engineFixture('otlp-openinference.json')] });
    const byDefault = traceFailureMap(context);
    // The default pair is the two versions whose traces start last: one gpt-4o-mini trace becomes "before".
    expect(byDefault).toMatchObject({ previous_version: 'gpt-4o-mini-2024-07-18', current_version: 'support-v2', versions_chosen: false });
    expect(byDefault.warnings.join('\n')).toMatch(/3 model versions; gpt-4o-mini-2024-07-18 → support-v2 \(the two seen last\)/);

    const chosen = compareVersions(context, { before_version: 'support-v1', after_version: 'support-v2' });
    expect(chosen).toMatchObject({ previous_version: 'support-v1', current_version: 'support-v2', versions_chosen: true });
    const refund = chosen.cells.find((cell) => cell.tool === 'issue_refund' && cell.tool_condition === 'permission_denied')!;
    expect(refund.status).toBe('new');

    // Another process on the same data folder reads the same choice.
    await closeAppContext(context);
    context = open();
    context.jobs.start = () => undefined;
    expect(traceFailureMap(context)).toMatchObject({
      previous_version: 'support-v1',
      current_version: 'support-v2',
      versions_chosen: true,
    });
    const { aim } = await aimRun(context, { budget: 20, seed: 0, exploration: 0.2 });
    expect(aim.regions[0]).toMatchObject({ tool: 'issue_refund', status: 'new' });

    expect(compareVersions(context, { before_version: null, after_version: null })).toMatchObject({
      previous_version: 'gpt-4o-mini-2024-07-18',
      versions_chosen: false,
    });
  });

  it('refuses a version no trace names, or the same version twice, naming the field', () => {
    importTraces(context, { files: [SUPPORT] });
    let caught: unknown;
    try {
      compareVersions(context, { before_version: 'support-v0', after_version: 'support-v2' });
    } catch (error) {
      caught = error;
    }
    expect(ServiceError.isInstance(caught) && caught.code).toBe('VALIDATION_FAILED');
    expect((caught as ServiceError).issues).toEqual([
      { path: 'before_version', message: 'no imported trace names the model version "support-v0"' },
    ]);
    expect((caught as ServiceError).message).toMatch(/\(the traces name support-v1, support-v2\)\.$/);
    expect(() => compareVersions(context, { before_version: 'support-v2', after_version: 'support-v2' })).toThrow(
      /choose a different version/,
    );
    expect(traceFailureMap(context).versions_chosen).toBe(false);
  });
});
