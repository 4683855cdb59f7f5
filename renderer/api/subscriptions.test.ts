import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobProgress, RunProgress } from '../../shared/api';
import type { RowDetail, RowSummary } from '../../shared/api/rows';
import { defaultQuery } from '../stores/conversations/query';
import { createConversationsStore } from '../stores/conversations/store';
import { createCoverageStore } from '../stores/coverage/store';
import { createExportStore } from '../stores/export/store';
import { createGradingStore } from '../stores/grading/store';
import { createLabelingStore } from '../stores/labeling/store';
import { fakeClient, ok } from './__fixtures__/fake-client';
import { createRunStore } from '../stores/run/store';
import { createRunsStore } from '../stores/runs/store';
import { subscribeStores } from './subscriptions';

const rows = Array.from({ length: 3 }, (_, ordinal) => ({ row_id: `run_a:${ordinal}`, ordinal }) as RowSummary);

function tableClient() {
  return fakeClient({
    'rows.page': () => ok({ rows, total: rows.length, offset: 0 }),
    'rows.facets': () => ok({ total: rows.length } as never),
    'runs.get': () => ok({ run: { id: 'run_a', name: 'Refunds' } } as never),
    'rows.get': (input) => ok({ row_id: input.row_id, neighbours: null } as unknown as RowDetail),
  });
}

const graded = (runId: string): JobProgress => ({
  job_id: 'grade_1',
  kind: 'grade',
  run_id: runId,
  done: 3,
  total: 3,
  status: 'completed',
  message: null,
});

const progress = (rowsDone: number): RunProgress => ({
  run_id: 'run_a',
  status: 'running',
  rows_done: rowsDone,
  budget: 100,
  rows_per_second: 10,
  seconds_left: 9,
  lost: 0,
  batch: null,
});

/** Lets the fake client's answers land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscriptions', () => {
  afterEach(() => vi.useRealTimers());

  it('listens to each of main’s events once for every store, and stops when unsubscribed', () => {
    const client = fakeClient({});
    const stop = subscribeStores(client, {
      run: createRunStore(() => client),
      runs: createRunsStore(() => client),
      coverage: createCoverageStore(() => client),
      conversations: createConversationsStore(() => client),
      grading: createGradingStore(() => client),
      labeling: createLabelingStore(() => client),
      exports: createExportStore(() => client),
    });
    expect([client.listenerCount('run-progress'), client.listenerCount('run-end'), client.listenerCount('job-progress')]).toEqual([
      1, 1, 1,
    ]);
    stop();
    expect([client.listenerCount('run-progress'), client.listenerCount('run-end'), client.listenerCount('job-progress')]).toEqual([
      0, 0, 0,
    ]);
  });

  it('reads the table on screen and the conversation on screen again when a grading of their run ends', async () => {
    const client = tableClient();
    const conversations = createConversationsStore(() => client);
    const grading = createGradingStore(() => client);
    subscribeStores(client, { conversations, grading });
    conversations.getState().setQuery('run_a', defaultQuery());
    await settle();
    const stopFollowing = conversations.getState().follow();
    const pagesBefore = client.callsOf('rows.page').length;

    client.emit('job-progress', graded('run_other'));
    expect(client.callsOf('rows.page')).toHaveLength(pagesBefore);
    client.emit('job-progress', graded('run_a'));
    await settle();
    expect(client.callsOf('rows.page')).toHaveLength(pagesBefore + 1);
    expect(client.callsOf('rows.get')).toEqual([]);

    stopFollowing();
    const stopShowing = conversations.getState().showConversation('run_a', 'run_a:1');
    client.emit('job-progress', { ...graded('run_a'), job_id: 'grade_2' });
    await settle();
    expect(client.callsOf('rows.get')).toEqual([{ row_id: 'run_a:1', query: defaultQuery() }]);
    stopShowing();
    client.emit('job-progress', { ...graded('run_a'), job_id: 'grade_3' });
    await settle();
    expect(client.callsOf('rows.get')).toHaveLength(1);
  });

  it('reads the table again as it comes back after labels were given elsewhere, once', async () => {
    const client = tableClient();
    const conversations = createConversationsStore(() => client);
    const labeling = createLabelingStore(() => client);
    subscribeStores(client, { conversations, labeling });
    conversations.getState().setQuery('run_a', defaultQuery());
    await settle();
    const pagesBefore = client.callsOf('rows.page').length;

    labeling.setState({ runId: 'run_a', lastAction: { kind: 'saved', rowId: 'run_a:0', ordinal: 0, label: 'pass' } });
    labeling.setState({ lastAction: { kind: 'undone', rowId: 'run_a:0', ordinal: 0, label: 'pass', now: null } });
    expect(client.callsOf('rows.page')).toHaveLength(pagesBefore);
    const stopFollowing = conversations.getState().follow();
    await settle();
    expect(client.callsOf('rows.page')).toHaveLength(pagesBefore + 1);
    stopFollowing();
    conversations.getState().follow();
    await settle();
    expect(client.callsOf('rows.page')).toHaveLength(pagesBefore + 1);
  });

  it('refreshes the table as rows land only while it is followed, at most every two seconds', async () => {
    vi.useFakeTimers();
    const client = tableClient();
    const conversations = createConversationsStore(() => client);
    subscribeStores(client, { conversations });
    conversations.getState().setQuery('run_a', defaultQuery());
    await vi.advanceTimersByTimeAsync(0);
    const pagesAtStart = client.callsOf('rows.page').length;

    client.emit('run-progress', progress(4));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.callsOf('rows.page')).toHaveLength(pagesAtStart);

    const stopFollowing = conversations.getState().follow();
    for (const rowsDone of [5, 6, 7]) client.emit('run-progress', progress(rowsDone));
    await vi.advanceTimersByTimeAsync(1_999);
    expect(client.callsOf('rows.page')).toHaveLength(pagesAtStart);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.callsOf('rows.page')).toHaveLength(pagesAtStart + 1);

    stopFollowing();
    client.emit('run-end', { run_id: 'run_a', status: 'completed', stopped_because: 'budget' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(client.callsOf('rows.page')).toHaveLength(pagesAtStart + 1);
  });
});
