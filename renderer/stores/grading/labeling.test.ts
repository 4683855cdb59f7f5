import { describe, expect, it } from 'vitest';
import type { LabelValue } from '../../../shared/domain';
import { fakeClient, ok } from '../../api/__fixtures__/fake-client';
import { answerWith, rowSummary } from './__fixtures__/grading-fixtures';
import { confirmQuestion, describeTarget, formatLabelTime, outcomeSentence } from './selectors';
import { createGradingStore } from './store';

interface Stored {
  row_id: string;
  label: LabelValue;
  author: string | null;
}

/** A main holding a 1,203-row run, the annotator's name and the labels given. */
function harness(options: { name?: string | null; cellRows?: number } = {}) {
  let name = options.name ?? null;
  const stored: Stored[] = [];
  const cellRows = options.cellRows ?? 1203;
  const client = fakeClient({
    'labels.annotator.get': () => ok({ name }),
    'labels.annotator.set': (input) => {
      name = input.name ?? null;
      return ok({ name });
    },
    'labels.set_many': (input) => {
      for (const rowId of input.row_ids) stored.push({ row_id: rowId, label: input.label, author: name });
      return ok({ n: input.row_ids.length, warnings: [] });
    },
    'labels.set': (input) => {
      stored.push({ row_id: input.row_id, label: input.label, author: name });
      return ok({
        label: {
          id: stored.length,
          run_id: 'run_a',
          row_id: input.row_id,
          label: input.label,
          kind: 'human' as const,
          author: name,
          note: null,
          created_at: '2026-11-30T10:00:00.000Z',
        },
        warnings: [],
      });
    },
    'rows.page': (input) => {
      const offset = input.offset ?? 0;
      const limit = input.limit ?? 100;
      const rows = Array.from({ length: Math.max(0, Math.min(limit, cellRows - offset)) }, (_, index) => rowSummary(offset + index));
      return ok({ rows, total: cellRows, offset });
    },
  });
  return { client, store: createGradingStore(() => client), stored };
}

describe('labelling outside the queue', () => {
  it('labels a table selection after the person confirms N, asking for the annotator name once', async () => {
    const { client, store, stored } = harness();
    await store.getState().askLabel({ kind: 'rows', run_id: 'run_a', row_ids: ['run_a:3', 'run_a:5', 'run_a:3'] }, 'fail');
    const request = store.getState().request!;
    expect(request.stage).toBe('confirm');
    expect(confirmQuestion(request)).toBe('Label 2 rows as fail?');
    expect(stored).toEqual([]);

    await store.getState().confirmLabel();
    expect(store.getState().request?.stage).toBe('name');
    await store.getState().giveName('   ');
    expect(store.getState().request).toMatchObject({ stage: 'name', error: 'Type the name your labels are signed with.' });
    await store.getState().giveName(' Ana ');
    expect(client.callsOf('labels.annotator.set')).toEqual([{ name: 'Ana' }]);
    expect(store.getState().request).toMatchObject({ stage: 'done', stored: 2 });
    expect(outcomeSentence(store.getState().request!, store.getState().annotator.name)).toBe('Labelled 2 rows as fail, signed Ana.');
    expect(stored).toEqual([
      { row_id: 'run_a:3', label: 'fail', author: 'Ana' },
      { row_id: 'run_a:5', label: 'fail', author: 'Ana' },
    ]);
    expect(store.getState().revisions).toEqual({ run_a: 1 });

    // The name is known now: the next selection goes straight from confirm to stored.
    store.getState().closeLabel();
    await store.getState().askLabel({ kind: 'rows', run_id: 'run_a', row_ids: ['run_a:7'] }, 'simulator_error');
    await store.getState().confirmLabel();
    expect(store.getState().request).toMatchObject({ stage: 'done', stored: 1 });
    expect(client.callsOf('labels.annotator.set')).toHaveLength(1);
    expect(stored.at(-1)).toEqual({ row_id: 'run_a:7', label: 'simulator_error', author: 'Ana' });
  });

  it('reads every row of a coverage cell, page by page, and states that N before labelling them in one call', async () => {
    const { client, store, stored } = harness({ name: 'Ana' });
    const asking = store.getState().askLabel({ kind: 'cell', run_id: 'run_a', cell: { tool: 'get_order', stance: 'boundary' } }, 'pass');
    expect(store.getState().request?.stage).toBe('resolving');
    await asking;
    const request = store.getState().request!;
    expect(request.stage).toBe('confirm');
    expect(confirmQuestion(request)).toBe('Label 1,203 rows as pass?');
    expect(describeTarget(request.target)).toBe('in the coverage cell tool get_order × user stance boundary');
    expect(client.callsOf('rows.page')).toHaveLength(3);
    expect(client.callsOf('rows.page')[0]).toMatchObject({ run_id: 'run_a', filters: { tool: ['get_order'], stance: ['boundary'] } });

    await store.getState().confirmLabel();
    expect(client.callsOf('labels.set_many')).toHaveLength(1);
    expect(new Set(stored.map((label) => label.row_id)).size).toBe(1203);
    expect(stored.every((label) => label.author === 'Ana' && label.label === 'pass')).toBe(true);
  });

  it('refuses a cell larger than one bulk label takes, and an empty one, before anything is stored', async () => {
    const big = harness({ name: 'Ana', cellRows: 10_001 });
    await big.store.getState().askLabel({ kind: 'cell', run_id: 'run_a', cell: { tool: 'get_order' } }, 'pass');
    expect(big.store.getState().request).toMatchObject({ stage: 'error', error: expect.stringContaining('at most 10,000') });
    const empty = harness({ name: 'Ana', cellRows: 0 });
    await empty.store.getState().askLabel({ kind: 'cell', run_id: 'run_a', cell: { tool: 'get_order' } }, 'pass');
    expect(empty.store.getState().request).toMatchObject({ stage: 'error', error: 'This cell holds no rows: there is nothing to label.' });
    expect(big.stored.length + empty.stored.length).toBe(0);
  });

  it('labels one row at once when a name is set, and asks for the name first when none is', async () => {
    const signed = harness({ name: 'Ben' });
    await signed.store.getState().loadAnnotator();
    await signed.store.getState().askLabel({ kind: 'row', run_id: 'run_a', row_id: 'run_a:0' }, 'unsure');
    expect(signed.stored).toEqual([{ row_id: 'run_a:0', label: 'unsure', author: 'Ben' }]);
    expect(signed.store.getState()).toMatchObject({ request: null, rowLabel: { row_id: 'run_a:0', label: 'unsure', status: 'saved' } });

    const unsigned = harness();
    await unsigned.store.getState().askLabel({ kind: 'row', run_id: 'run_a', row_id: 'run_a:1' }, 'skip');
    expect(unsigned.store.getState().request?.stage).toBe('name');
    expect(unsigned.stored).toEqual([]);
    await unsigned.store.getState().giveName('Cy');
    expect(unsigned.stored).toEqual([{ row_id: 'run_a:1', label: 'skip', author: 'Cy' }]);
    expect(unsigned.store.getState().request).toBeNull();
  });

  it("keeps a refused bulk label on screen with main's message, and closing drops it", async () => {
    const { client, store } = harness({ name: 'Ana' });
    answerWith(client, (method) =>
      method === 'labels.set_many'
        ? { ok: false, error: { code: 'NOT_FOUND', message: 'No labels stored: there is no row run_a:99.' } }
        : ok({ name: 'Ana' }),
    );
    await store.getState().askLabel({ kind: 'rows', run_id: 'run_a', row_ids: ['run_a:99'] }, 'fail');
    await store.getState().confirmLabel();
    expect(store.getState().request).toMatchObject({ stage: 'error', error: 'No labels stored: there is no row run_a:99.' });
    expect(store.getState().revisions).toEqual({});
    store.getState().closeLabel();
    expect(store.getState().request).toBeNull();
  });

  it('writes label times the same way on every machine', () => {
    expect(formatLabelTime('2026-11-30T14:05:09.123Z')).toBe('2026-11-30 14:05 UTC');
  });
});
