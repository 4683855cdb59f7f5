import { describe, expect, it } from 'vitest';
import type { FailureMap } from '../../../shared/api/traces';
import type { ApiClient } from '../../api/client';
import { heatKey, selectAimTargets, selectHeatmap } from './selectors';
import { createTracesStore } from './store';

const cell = (
  tool: string,
  tool_condition: string,
  world_state: string,
  status: FailureMap['cells'][number]['status'],
  failures: number,
  traces: number,
) => ({
  key: JSON.stringify({ tool, tool_condition, world_state }),
  tool,
  tool_condition,
  world_state,
  traces,
  graded: traces,
  failures,
  faulted: 0,
  fail_rate: failures / traces,
  current: { traces, graded: traces, failures },
  previous: null,
  status,
  priority: failures / traces,
  is_weak: failures > 0,
  low_support: traces < 3,
});

const MAP: FailureMap = {
  import_ids: ['import_a'],
  n_traces: 6,
  n_graded: 6,
  n_failures: 3,
  n_faulted: 0,
  versions: [],
  current_version: null,
  previous_version: null,
  compares_versions: false,
  versions_chosen: false,
  cells: [
    cell('get_order', 'timeout', 'entity exists', 'new', 2, 2),
    cell('get_order', 'timeout', 'entity missing', 'persistent', 1, 1),
    cell('cancel_order', 'success', 'entity exists', 'passing', 0, 3),
  ],
  axes: {
    tool: [
      { value: 'get_order', traces: 3, graded: 3, failures: 3 },
      { value: 'cancel_order', traces: 3, graded: 3, failures: 0 },
    ],
    rule: [],
    stance: [],
    world_state: [],
    tool_condition: [
      { value: 'success', traces: 3, graded: 3, failures: 0 },
      { value: 'timeout', traces: 3, graded: 3, failures: 3 },
    ],
    history: [],
  },
  warnings: [],
};

function client(calls: { method: string; input: unknown }[], answers: Record<string, unknown>): ApiClient {
  return {
    call: async (method, input) => {
      calls.push({ method, input });
      const answer = answers[method];
      return (answer && typeof answer === 'object' && 'ok' in answer ? answer : { ok: true, value: answer }) as never;
    },
    on: () => () => undefined,
  };
}

describe('traces store', () => {
  it('loads the imports and the map, and aims at the weak cells when none is picked', async () => {
    const calls: { method: string; input: unknown }[] = [];
    const store = createTracesStore(() =>
      client(calls, { 'traces.list': { imports: [] }, 'traces.map': MAP, 'traces.aim': { run: { id: 'run_1' }, aim: {} } }),
    );
    await store.getState().load();
    expect(store.getState()).toMatchObject({ status: 'ready', map: MAP });
    expect(selectAimTargets(store.getState()).map((entry) => entry.status)).toEqual(['new', 'persistent']);
    store.getState().toggleCell(MAP.cells[2]!.key);
    expect(selectAimTargets(store.getState()).map((entry) => entry.tool)).toEqual(['cancel_order']);
    await store.getState().aim(120);
    expect(calls.at(-1)).toEqual({ method: 'traces.aim', input: { budget: 120, cells: [MAP.cells[2]!.key] } });
  });

  it('keeps every problem of a refused import, and keeps nothing else', async () => {
    const refused = {
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Nothing was imported',
        issues: [{ path: 'bad.json span e1 traceId', message: 'every span needs a traceId' }],
      },
    };
    const store = createTracesStore(() => client([], { 'traces.import': refused }));
    expect(await store.getState().importFiles([{ name: 'bad.json', bytes: new TextEncoder().encode('{}') }])).toBe(false);
    expect(store.getState()).toMatchObject({
      importing: false,
      lastImport: null,
      importError: { message: 'Nothing was imported', issues: [{ path: 'bad.json span e1 traceId' }] },
    });
  });

  it('refuses a file that is not UTF-8 before anything is sent, naming the file and line', async () => {
    const calls: { method: string; input: unknown }[] = [];
    const store = createTracesStore(() => client(calls, {}));
    const latin1 = Uint8Array.from([...'{"a": 1}\n{"b": "caf\u00e9"}\n'].map((character) => character.charCodeAt(0)));
    expect(await store.getState().importFiles([{ name: 'traces.jsonl', bytes: latin1 }])).toBe(false);
    expect(calls).toEqual([]);
    expect(store.getState().importError).toEqual({
      message: 'traces.jsonl line 2: not UTF-8 (byte 0xE9 at column 11); save the file as UTF-8.',
      issues: [{ path: 'traces.jsonl line 2', message: 'not UTF-8 (byte 0xE9 at column 11)' }],
    });
  });

  it('sums world states into tool x condition squares with the most pressing status', () => {
    const heat = selectHeatmap(MAP);
    expect(heat.tools).toEqual(['get_order', 'cancel_order']);
    expect(heat.conditions).toEqual(['success', 'timeout']);
    expect(heat.cells.get(heatKey('get_order', 'timeout'))).toMatchObject({
      traces: 3,
      failures: 3,
      status: 'new',
      keys: [MAP.cells[0]!.key, MAP.cells[1]!.key],
    });
  });
});

describe('a mixed square', () => {
  it('lists each status with its counts instead of the most pressing one alone', () => {
    const mixed: FailureMap = {
      ...MAP,
      cells: [
        cell('cancel_order', 'success', 'entity already acted on', 'stopped_failing', 3, 6),
        cell('cancel_order', 'success', 'entity missing', 'uncertain', 1, 2),
        cell('cancel_order', 'success', 'entity exists', 'passing', 0, 1),
      ],
    };
    const square = selectHeatmap(mixed).cells.get(heatKey('cancel_order', 'success'))!;
    expect(square.status).toBe('uncertain');
    expect(square.statuses.map((share) => [share.status, share.failures, share.traces])).toEqual([
      ['uncertain', 1, 2],
      ['stopped_failing', 3, 6],
      ['passing', 0, 1],
    ]);
  });
});

describe('after an import or a change of versions', () => {
  it('reads the open cell again, so its count follows the map', async () => {
    let total = 2;
    const calls: { method: string; input: unknown }[] = [];
    const fake: ApiClient = {
      call: async (method, input) => {
        calls.push({ method, input });
        const value =
          method === 'traces.list'
            ? { imports: [] }
            : method === 'traces.rows'
              ? { rows: [], total }
              : method === 'traces.import'
                ? { stored: true, message: 'Imported 3 traces.' }
                : { ...MAP, versions_chosen: method === 'traces.compare' };
        return { ok: true, value } as never;
      },
      on: () => () => undefined,
    };
    const store = createTracesStore(() => fake);
    await store.getState().load();
    await store.getState().openCell(MAP.cells[0]!.key);
    expect(store.getState().cell).toMatchObject({ key: MAP.cells[0]!.key, total: 2, status: 'ready' });
    total = 5;
    expect(await store.getState().importFiles([{ name: 'more.jsonl', bytes: new TextEncoder().encode('{}') }])).toBe(true);
    expect(store.getState().cell).toMatchObject({ total: 5, status: 'ready' });
    expect(store.getState().lastImport).toMatchObject({ message: 'Imported 3 traces.' });

    total = 7;
    expect(await store.getState().compareVersions('v1', 'v2')).toBe(true);
    expect(calls.find((call) => call.method === 'traces.compare')?.input).toEqual({ before_version: 'v1', after_version: 'v2' });
    expect(store.getState().map?.versions_chosen).toBe(true);
    expect(store.getState().cell?.total).toBe(7);
  });

  it('keeps the reason a choice of versions was refused', async () => {
    const refused = {
      ok: false,
      error: { code: 'VALIDATION_FAILED', message: 'These versions cannot be compared: choose a different version' },
    };
    const store = createTracesStore(() => client([], { 'traces.compare': refused }));
    expect(await store.getState().compareVersions('v2', 'v2')).toBe(false);
    expect(store.getState()).toMatchObject({
      comparing: false,
      compareError: 'These versions cannot be compared: choose a different version',
    });
  });
});

describe('traces and prove routes', () => {
  it('round-trip through the hash', async () => {
    const { formatRoute, parseRoute } = await import('../navigation/routes');
    expect(formatRoute({ view: 'traces' })).toBe('#/traces');
    expect(parseRoute('#/traces')).toEqual({ view: 'traces' });
    expect(parseRoute(formatRoute({ view: 'prove' }))).toEqual({ view: 'prove' });
  });
});
