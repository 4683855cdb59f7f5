import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../api/client';
import { forestScale, headlineTone, signed } from './selectors';
import { createProveStore } from './store';

describe('prove store', () => {
  it('asks for both sides before comparing, and sends files as JSONL and runs by id', async () => {
    const calls: unknown[] = [];
    const store = createProveStore(
      () =>
        ({
          call: async (_method: string, input: unknown) => {
            calls.push(input);
            return { ok: true, value: { report: {}, before: {}, after: {}, explanation: null } } as never;
          },
          on: () => () => undefined,
        }) as ApiClient,
    );
    await store.getState().compare();
    expect(store.getState().error?.message).toBe('Choose both a before and an after set.');
    store.getState().setSide('before', { kind: 'file', name: 'B.jsonl', text: '{}' });
    store.getState().setSide('after', { kind: 'run', run_id: 'run_2', category_axis: 'tool' });
    await store.getState().compare();
    expect(calls).toEqual([
      { before: { kind: 'jsonl', name: 'B.jsonl', text: '{}' }, after: { kind: 'run', run_id: 'run_2', category_axis: 'tool' } },
    ]);
    expect(store.getState().status).toBe('ready');
  });

  it('refuses a picked file that is not UTF-8 and clears that side', () => {
    const store = createProveStore(
      () => ({ call: async () => ({ ok: true, value: {} }) as never, on: () => () => undefined }) as ApiClient,
    );
    store.getState().chooseFile('before', { name: 'before.jsonl', bytes: new TextEncoder().encode('{"task_id": "t1", "pass": 1}\n') });
    expect(store.getState().before).toEqual({ kind: 'file', name: 'before.jsonl', text: '{"task_id": "t1", "pass": 1}\n' });
    store.getState().chooseFile('before', { name: 'before.jsonl', bytes: Uint8Array.from([0xff, 0xfe, 0x7b, 0x00]) });
    expect(store.getState()).toMatchObject({
      before: null,
      status: 'error',
      error: { message: 'before.jsonl is UTF-16 (it starts with a UTF-16 byte-order mark), not UTF-8: save the file as UTF-8.' },
    });
  });

  it("keeps zero and every interval inside the forest plot's range", () => {
    const line = (ci_low: number, ci_high: number) => ({ ci_low, ci_high, delta: (ci_low + ci_high) / 2 }) as never;
    expect(forestScale([line(0.12, 0.31)])).toMatchObject({ min: -0.1, max: 0.4 });
    const wide = forestScale([line(-0.62, 0.9)]);
    expect(wide.min).toBeLessThanOrEqual(-0.62);
    expect(wide.max).toBeGreaterThanOrEqual(0.9);
    expect(wide.ticks).toContain(0);
  });

  it('colours headlines as pass, fail or unsure and signs deltas', () => {
    expect(headlineTone('PASS')).toBe('pass');
    expect(headlineTone('INCONCLUSIVE (1 eval run a side, rerun to confirm)')).toBe('unsure');
    expect(headlineTone('NO DIFFERENCE')).toBe('muted');
    expect(signed(0.1875)).toBe('+0.19');
    expect(signed(-0.5)).toBe('−0.50');
  });
});
