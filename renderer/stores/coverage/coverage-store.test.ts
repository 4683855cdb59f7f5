import { describe, expect, it } from 'vitest';
import { subscribeStores } from '../../api/subscriptions';
import type { Run } from '../../../shared/domain';
import { nextAxes } from './actions';
import { fakeClient, ok } from '../../api/__fixtures__/fake-client';
import { cell, matrixOf, summaryOf } from './__fixtures__/coverage-fixtures';
import {
  cellDescription,
  cellKind,
  cellStatus,
  conversationsOfCell,
  defaultFillTarget,
  formatFraction,
  gridRows,
  heatLevel,
} from './selectors';
import { createCoverageStore } from './store';

function client() {
  return fakeClient({
    'coverage.summary': (input) => ok(summaryOf(input.run_id)),
    'coverage.matrix': (input) => ok(matrixOf(input.x, input.y, input.run_id)),
    'coverage.fill': (input) => ok({ id: input.run_id } as Run),
  });
}

describe('coverage store', () => {
  it('opens a run with the tool x stance heatmap and its summary, subscribing to run events once', async () => {
    const fake = client();
    const store = createCoverageStore(() => fake);
    subscribeStores(fake, { coverage: store });
    await store.getState().open('run_a');
    await store.getState().open('run_a');
    const state = store.getState();
    expect(state).toMatchObject({ runId: 'run_a', summaryStatus: 'ready', matrixStatus: 'ready', axes: { x: 'tool', y: 'stance' } });
    expect(state.summary?.pairwise.pairs_covered).toBe(461);
    expect(fake.callsOf('coverage.matrix')[0]).toEqual({ run_id: 'run_a', x: 'tool', y: 'stance' });
    expect(fake.listenerCount('run-progress')).toBe(1);
    expect(fake.listenerCount('run-end')).toBe(1);
  });

  it("switches the axis pair, swapping when a side takes the other side's axis", async () => {
    const fake = client();
    const store = createCoverageStore(() => fake);
    subscribeStores(fake, { coverage: store });
    await store.getState().open('run_a');
    await store.getState().chooseAxes({ x: 'rule', y: 'history' });
    expect(store.getState().matrix).toMatchObject({ x: 'rule', y: 'history' });
    await store.getState().chooseAxes({ x: 'history' });
    expect(store.getState().axes).toEqual({ x: 'history', y: 'rule' });
    expect(nextAxes({ x: 'tool', y: 'stance' }, { y: 'tool' })).toEqual({ x: 'stance', y: 'tool' });
  });

  it('keeps only the answer for the latest axis choice when answers arrive out of order', async () => {
    const releases: (() => void)[] = [];
    const fake = fakeClient({
      'coverage.summary': () => ok(summaryOf()),
      'coverage.matrix': (input) => new Promise((resolve) => releases.push(() => resolve(ok(matrixOf(input.x, input.y))))),
    });
    const store = createCoverageStore(() => fake);
    subscribeStores(fake, { coverage: store });
    const opening = store.getState().open('run_a');
    const choosing = store.getState().chooseAxes({ x: 'rule', y: 'history' });
    releases[1]!();
    await choosing;
    releases[0]!();
    await opening;
    expect(store.getState().matrix).toMatchObject({ x: 'rule', y: 'history' });
  });

  it('refreshes after each batch and at the end of its own run only', async () => {
    const fake = client();
    const store = createCoverageStore(() => fake);
    subscribeStores(fake, { coverage: store });
    await store.getState().open('run_a');
    const progress = {
      run_id: 'run_a',
      status: 'running' as const,
      rows_done: 8,
      budget: 60,
      rows_per_second: 4,
      seconds_left: 3,
      lost: 0,
    };
    fake.emit('run-progress', { ...progress, batch: null });
    fake.emit('run-progress', { ...progress, run_id: 'run_other', batch: null });
    expect(fake.callsOf('coverage.summary')).toHaveLength(1);
    fake.emit('run-end', { run_id: 'run_a', status: 'completed', stopped_because: 'budget' });
    expect(fake.callsOf('coverage.summary')).toHaveLength(2);
  });

  it('shows an error a person can act on, and fills a cell with its aim and budget', async () => {
    const fake = fakeClient({
      'coverage.summary': () => ({ ok: false, error: { code: 'NOT_FOUND', message: 'There is no run run_x.' } }),
      'coverage.matrix': (input) => ok(matrixOf(input.x, input.y)),
      'coverage.fill': (input) =>
        input.aim.tool === 'unrelated'
          ? { ok: false, error: { code: 'VALIDATION_FAILED', message: 'This cell cannot be filled.' } }
          : ok({ id: 'run_x' } as Run),
    });
    const store = createCoverageStore(() => fake);
    subscribeStores(fake, { coverage: store });
    await store.getState().open('run_x');
    expect(store.getState()).toMatchObject({ summaryStatus: 'error', summaryError: 'There is no run run_x.' });
    expect(await store.getState().fill({ tool: 'unrelated', world_state: 'entity missing' }, 12)).toBeNull();
    expect(store.getState().fillError).toBe('This cell cannot be filled.');
    const run = await store.getState().fill({ tool: 'get_order', stance: 'hurried' }, 12);
    // The same run: the cell's rows land in it, and this screen follows them.
    expect(run?.id).toBe('run_x');
    expect(fake.callsOf('coverage.fill').at(-1)).toEqual({ run_id: 'run_x', aim: { tool: 'get_order', stance: 'hurried' }, budget: 12 });
    expect(store.getState()).toMatchObject({ fillStatus: 'filling', fillError: null, filling: { budget: 12, rows: 0 } });
    const matrices = fake.callsOf('coverage.matrix').length;
    fake.emit('run-progress', {
      run_id: 'run_x',
      status: 'running',
      rows_done: 8,
      budget: 12,
      rows_per_second: 4,
      seconds_left: 1,
      lost: 0,
      batch: null,
    });
    expect(store.getState().filling?.rows).toBe(8);
    fake.emit('run-end', { run_id: 'run_x', status: 'completed', stopped_because: 'budget' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState()).toMatchObject({ fillStatus: 'idle', filling: { rows: 8, ended: 'budget' } });
    expect(fake.callsOf('coverage.matrix').length).toBeGreaterThan(matrices);
  });
});

describe('coverage selectors', () => {
  it('give each square one meaning', () => {
    const [covered, failing, gap, never] = matrixOf('tool', 'stance').cells;
    expect([covered, failing, gap, never].map((each) => cellKind(each!))).toEqual(['covered', 'failing', 'unvisited', 'infeasible']);
    expect(cellKind(cell('a', 'b', { planned: false }))).toBe('unplanned');
    expect(cellKind(cell('a', 'b', { rows: 3, graded: 3 }))).toBe('passing');
  });

  it('describe a square in words, with its numbers', () => {
    const [, failing, gap, never] = matrixOf('tool', 'stance').cells;
    expect(cellDescription(failing!, 'tool', 'stance')).toBe('Tool b, user stance c: planned, 2 rows, 2 graded rows, 1 failing.');
    expect(cellDescription(gap!, 'tool', 'stance')).toBe('Tool a, user stance d: planned, no rows yet.');
    expect(cellDescription(never!, 'tool', 'stance')).toMatch(/cannot occur/);
    expect(cellStatus(cell('a', 'b', { planned: false, rows: 1 }))).toBe('Not planned, 1 row, none graded.');
  });

  it('lay the squares out row by row and aim "fill" at the first planned gap', () => {
    const matrix = matrixOf('tool', 'stance');
    expect(gridRows(matrix).map((row) => row.map((each) => `${each.x}${each.y}`))).toEqual([
      ['ac', 'bc'],
      ['ad', 'bd'],
    ]);
    expect(defaultFillTarget(matrix)).toEqual({ x: 'a', y: 'd' });
  });

  it('open a square as the conversations filtered on both axes', () => {
    expect(conversationsOfCell('run_a', 'tool', 'stance', { x: 'get_order', y: 'hurried' })).toEqual({
      view: 'conversations',
      run_id: 'run_a',
      filters: { tool: ['get_order'], stance: ['hurried'] },
    });
  });

  it('scale heat by the square root and print fractions with one decimal', () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(10, 10)).toBe(1);
    expect(heatLevel(25, 100)).toBe(0.5);
    expect(formatFraction(0.7317)).toBe('73.2%');
    expect(formatFraction(null)).toBe('—');
  });
});
