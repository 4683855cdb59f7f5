import { describe, expect, it } from 'vitest';
import { RowsQuery, type RowSummary } from '../../../shared/api/rows';
import type { ApiClient } from '../../api/client';
import { putPage, EMPTY_CACHE, rowAt } from './page-cache';
import { capSearch, filtersFromRoute, filtersToRoute, MAX_CACHED_PAGES, pagesFor, queryKeyOf, SEARCH_MAX_CHARS } from './query';
import { selectIsStale, selectRowAt } from './selectors';
import { createConversationsStore } from './store';
import { MENUS_AFTER_MS } from './actions';

function summary(ordinal: number, stance = ordinal % 2 === 0 ? 'hurried' : 'ordinary'): RowSummary {
  return {
    row_id: `run_a:${ordinal}`,
    ordinal,
    rollout_id: `ro-${ordinal}`,
    scenario_id: 'sc-1',
    tool: 'get_order',
    rule: 'r',
    stance,
    world_state: 'entity exists',
    tool_condition: 'success',
    history: 'fresh',
    persona_tags: [],
    writer: 'structured',
    turns: 2,
    ended_by: 'agent',
    prompt: `prompt ${ordinal}`,
    conduct: null,
    judge: null,
    label: null,
  };
}

interface Pending {
  method: string;
  input: Record<string, unknown>;
  answer(): void;
}

/** A client over `rows` whose answers wait until the test releases them, so tests choose the order. */
function deferredClient(rows: RowSummary[]) {
  const pending: Pending[] = [];
  let failNext = false;
  const client: ApiClient = {
    call(method, input) {
      return new Promise((resolve) => {
        const request = input as Record<string, unknown>;
        pending.push({
          method,
          input: request,
          answer() {
            if (failNext) {
              failNext = false;
              return resolve({ ok: false, error: { code: 'INTERNAL', message: 'the store is busy' } });
            }
            if (method === 'rows.page') {
              const filters = (request.filters ?? {}) as { stance?: string[] };
              const matching = rows.filter((row) => !filters.stance || filters.stance.includes(row.stance));
              const offset = request.offset as number;
              resolve({
                ok: true,
                value: { rows: matching.slice(offset, offset + (request.limit as number)), total: matching.length, offset },
              } as never);
            } else if (method === 'rows.get') {
              resolve({
                ok: true,
                value: { row_id: request.row_id, neighbours: { previous: null, next: null, position: 42, total: rows.length } },
              } as never);
            } else if (method === 'rows.facets') {
              resolve({ ok: true, value: { total: rows.length, columns: {}, sources: [] } } as never);
            } else {
              resolve({ ok: true, value: { run: { id: 'run_a', name: 'A run' } } } as never);
            }
          },
        });
      });
    },
    on: () => () => undefined,
  };
  const flush = async () => {
    while (pending.length > 0) {
      pending.shift()!.answer();
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { client, pending, flush, failNextCall: () => (failNext = true) };
}

const ALL = Array.from({ length: 10_000 }, (_, ordinal) => summary(ordinal));
const query = (input: unknown = {}) => RowsQuery.parse(input);

describe('conversations store', () => {
  it('asks for the first page before anything else, then the run and its filter menus', async () => {
    const { client, pending, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    expect(pending.map((call) => call.method)).toEqual(['rows.page']);
    expect(store.getState().status).toBe('loading');
    await flush();
    expect(store.getState()).toMatchObject({ status: 'ready', total: 10_000, facetsStatus: 'ready' });
    expect(selectRowAt(store.getState(), 99)?.ordinal).toBe(99);
    expect(selectRowAt(store.getState(), 100)).toBeUndefined();
  });

  it('counts the filter menus under the query on screen, and again under each new query', async () => {
    const { client, pending, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    store.getState().setQuery('run_a', query({ filters: { stance: ['hurried'] }, search: 'refund' }));
    expect(pending.map((call) => call.method)).toEqual(['rows.page']);
    const asked = pending.splice(0)[0]!;
    asked.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    const facetCalls = () => pending.filter((call) => call.method === 'rows.facets').map((call) => call.input);
    expect(facetCalls()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, MENUS_AFTER_MS + 20));
    expect(facetCalls()).toEqual([{ run_id: 'run_a', filters: { stance: ['hurried'] }, search: 'refund' }]);
    // The run itself is read once.
    expect(pending.filter((call) => call.method === 'runs.get')).toHaveLength(0);
    await flush();
    expect(store.getState()).toMatchObject({ facetsStatus: 'ready', facetsKey: store.getState().queryKey });
  });

  it('counts the menus once for filters chosen one after another, so no page waits behind a count for a filter left behind', async () => {
    const { client, pending, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    for (const stance of ['hurried', 'adversarial', 'boundary']) {
      store.getState().setQuery('run_a', query({ filters: { stance: [stance] } }));
      await flush();
      expect(store.getState()).toMatchObject({ status: 'ready', shownKey: store.getState().queryKey });
    }
    await new Promise((resolve) => setTimeout(resolve, MENUS_AFTER_MS + 20));
    expect(pending.map((call) => [call.method, call.input.filters])).toEqual([['rows.facets', { stance: ['boundary'] }]]);
    await flush();
    expect(store.getState()).toMatchObject({ facetsStatus: 'ready', facetsKey: store.getState().queryKey });
  });

  it('loads only the missing pages around the viewport, once each', async () => {
    const { client, pending, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    store.getState().ensureRange(5_050, 5_120);
    store.getState().ensureRange(5_060, 5_130);
    expect(pending.map((call) => call.input.offset)).toEqual([5_000, 5_100]);
    await flush();
    store.getState().ensureRange(5_000, 5_199);
    expect(pending).toHaveLength(0);
    expect(selectRowAt(store.getState(), 5_150)?.ordinal).toBe(5_150);
  });

  it("keeps the old rows on screen until the new query's first page lands, and drops late answers to old queries", async () => {
    const { client, pending, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    store.getState().setQuery('run_a', query({ filters: { stance: ['hurried'] } }));
    expect(selectIsStale(store.getState())).toBe(true);
    expect(selectRowAt(store.getState(), 1)?.stance).toBe('ordinary');
    store.getState().setQuery('run_a', query({ filters: { stance: ['ordinary'] } }));
    const [hurried, ordinary] = pending.splice(0);
    ordinary!.answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    hurried!.answer();
    await flush();
    expect(selectIsStale(store.getState())).toBe(false);
    expect(store.getState().total).toBe(5_000);
    expect(selectRowAt(store.getState(), 0)?.stance).toBe('ordinary');
  });

  it('keeps at most a bounded number of pages while scrolling a long run', async () => {
    const { client, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    for (let first = 0; first < 9_000; first += 150) {
      store.getState().ensureRange(first, first + 40);
      await flush();
    }
    const { cache } = store.getState();
    expect(Object.keys(cache.pages)).toHaveLength(MAX_CACHED_PAGES);
    expect(selectRowAt(store.getState(), 8_860)?.ordinal).toBe(8_860);
    expect(selectRowAt(store.getState(), 0)).toBeUndefined();
  });

  it('shows why the first page failed and loads it on retry', async () => {
    const { client, flush, failNextCall } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    failNextCall();
    store.getState().setQuery('run_a', query());
    await flush();
    expect(store.getState()).toMatchObject({ status: 'error', error: 'the store is busy' });
    store.getState().retry();
    await flush();
    expect(store.getState()).toMatchObject({ status: 'ready', error: null, total: 10_000 });
  });

  it("moves the keyboard focus to an opened conversation's place in the table", async () => {
    const { client, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    const loading = store.getState().loadDetail('run_a:42');
    await flush();
    await loading;
    expect(store.getState().focusedIndex).toBe(42);
    expect(store.getState().detail.status).toBe('ready');
  });
});

describe('the table place', () => {
  it('is kept as the table is left and marked for focus once a conversation opens, then given back once', async () => {
    const { client, flush } = deferredClient(ALL);
    const store = createConversationsStore(() => client);
    store.getState().setQuery('run_a', query());
    await flush();
    const key = store.getState().queryKey;
    store.getState().leaveTable({ queryKey: key, scrollTop: 1200, height: 500 });
    expect(store.getState().tablePlace).toEqual({ queryKey: key, scrollTop: 1200, height: 500, returnFocus: false });
    const loading = store.getState().loadDetail('run_a:42');
    await flush();
    await loading;
    expect(store.getState().takeTablePlace()).toEqual({ queryKey: key, scrollTop: 1200, height: 500, returnFocus: true });
    expect(store.getState().takeTablePlace()).toBeNull();
  });
});

describe("a search past the contract's limit", () => {
  it('is cut to the limit the contract reads, so neither a page nor the saved query fails on it', () => {
    const long = `  ${'refund '.repeat(1000)}`;
    const { search, cut } = capSearch(long);
    expect(cut).toBe(true);
    expect(search.length).toBe(SEARCH_MAX_CHARS);
    expect(RowsQuery.safeParse({ search }).success).toBe(true);
    expect(RowsQuery.safeParse({ search: long }).success).toBe(false);
    expect(capSearch('refund late')).toEqual({ search: 'refund late', cut: false });
  });
});

describe('conversations query helpers', () => {
  it('keep only the columns and values a link may filter by', () => {
    expect(filtersFromRoute({ stance: ['hurried', 'hurried'], colour: ['red'], judge: ['maybe', 'unsure'], tool: [] })).toEqual({
      stance: ['hurried'],
      judge: ['unsure'],
    });
    expect(filtersToRoute({ tool: ['b', 'a'] })).toEqual({ tool: ['a', 'b'] });
    expect(filtersToRoute({})).toBeUndefined();
  });

  it('give one key per query whatever order its values were picked in', () => {
    const a = queryKeyOf('run_a', query({ filters: { stance: ['b', 'a'], tool: ['x'] } }));
    const b = queryKeyOf('run_a', query({ filters: { tool: ['x'], stance: ['a', 'b'] } }));
    expect(a).toBe(b);
    expect(queryKeyOf('run_b', query({ filters: { tool: ['x'], stance: ['a', 'b'] } }))).not.toBe(a);
  });

  it('find the pages under a range, within the total', () => {
    expect(pagesFor(0, 30, 1_000)).toEqual([0]);
    expect(pagesFor(95, 205, 1_000)).toEqual([0, 1, 2]);
    expect(pagesFor(950, 1_200, 1_000)).toEqual([9]);
    expect(pagesFor(0, 10, 0)).toEqual([]);
  });

  it('evict the least recently used page', () => {
    let cache = EMPTY_CACHE;
    for (const page of [0, 1, 2]) cache = putPage(cache, page, [summary(page * 100)], 2);
    expect(Object.keys(cache.pages)).toEqual(['1', '2']);
    expect(rowAt(cache, 200)?.ordinal).toBe(200);
  });
});
