import { describe, expect, it } from 'vitest';
import { fakeLabelsServer } from './__fixtures__/fake-labels-server';
import { defaultAgreementDelay, QUEUE_SETTING_KEY, SIGHTED_SETTING_KEY } from './actions';
import { PAGE_SIZE } from './initial-state';
import { selectCurrentItem, selectProgress } from './selectors';
import { createLabelingStore } from './store';

/** Lets the label chain, page reads and agreement refreshes run to the end. */
async function settle(): Promise<void> {
  for (let tick = 0; tick < 20; tick += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

function harness(
  total: number,
  options: Parameters<typeof fakeLabelsServer>[1] = {},
  agreementDelay: (lastReadMs: number) => number = () => 0,
) {
  const server = fakeLabelsServer(total, options);
  const store = createLabelingStore(() => server.client, { agreementDelay });
  return { server, store };
}

describe('the labeling store', () => {
  it('opens at the first row the annotator has not labelled, in the order they chose last time, blind by default', async () => {
    const { server, store } = harness(10, { labelled: 3 });
    // An older version saved blind off with every order change: that no longer turns blind mode off.
    server.settings[QUEUE_SETTING_KEY] = { order: 'stratified', blind: false };
    await store.getState().open('run_1');
    await settle();
    const state = store.getState();
    expect(state).toMatchObject({ status: 'ready', position: 3, order: 'stratified', isBlind: true, annotator: 'Ana', total: 10 });
    expect(server.client.callsOf('labels.queue')[0]).toMatchObject({ order: 'stratified', blind: true, offset: 0 });
    expect(selectProgress(state)).toEqual({ labelled: 3, total: 10, place: 4, share: 0.3 });
    expect(Object.keys(state.details)).toContain('run_1:3');
    expect(state.agreement.data?.judge_trust.n_labeled).toBe(3);
  });

  it('stores a label the moment it is given, with the note, and moves to the next row', async () => {
    const { server, store } = harness(10);
    await store.getState().open('run_1');
    await settle();
    store.getState().setNote('the agent never confirmed the amount');
    store.getState().give('fail');
    // Shown at once, before main answers.
    expect(store.getState().pages[0]![0]!.label).toBe('fail');
    expect(store.getState().position).toBe(1);
    expect(store.getState().counts?.labelled).toBe(1);
    await Promise.resolve();
    // Blind by default: the judges were hidden on this row when it was labelled, and the label says so.
    expect(server.client.callsOf('labels.set')).toEqual([
      { row_id: 'run_1:0', label: 'fail', note: 'the agent never confirmed the amount', kind: 'human', blind: true },
    ]);
    await settle();
    expect(store.getState()).toMatchObject({
      pending: [],
      saveError: null,
      lastAction: { kind: 'saved', rowId: 'run_1:0', ordinal: 0, label: 'fail' },
      history: [{ labelId: 1, rowId: 'run_1:0', ordinal: 0, position: 0, label: 'fail' }],
    });
    expect(store.getState().note).toEqual({ rowId: 'run_1:1', text: '' });
    expect(store.getState().agreement.data?.judge_trust.n_labeled).toBe(1);
  });

  it('shows a row’s own note again when the person comes back to it', async () => {
    const { store } = harness(10);
    await store.getState().open('run_1');
    await settle();
    store.getState().setNote('asked twice');
    store.getState().give('unsure');
    await settle();
    // Read afresh from main, as after a restart.
    store.setState({ details: {} });
    store.getState().previous();
    expect(store.getState().note).toEqual({ rowId: null, text: '' });
    await settle();
    expect(store.getState().note).toEqual({ rowId: 'run_1:0', text: 'asked twice' });
  });

  it('sends every key at once while main is slow, and a new order counts them once they land', async () => {
    const { server, store } = harness(10);
    await store.getState().open('run_1');
    await settle();
    let release = () => {};
    server.labelsGate = new Promise((resolve) => (release = resolve));
    for (const label of ['pass', 'fail', 'skip'] as const) store.getState().give(label);
    await settle();
    expect(server.client.callsOf('labels.set')).toHaveLength(3);
    expect(store.getState().pending).toHaveLength(3);
    store.getState().setOrder('stratified');
    await settle();
    expect(server.client.callsOf('labels.queue')).toHaveLength(1);
    release();
    await settle();
    expect(server.client.callsOf('labels.queue')).toHaveLength(2);
    expect(store.getState()).toMatchObject({ pending: [], position: 3, counts: { labelled: 3 } });
  });

  it('keys pressed quickly reach main in order', async () => {
    const { server, store } = harness(10);
    await store.getState().open('run_1');
    await settle();
    for (const label of ['pass', 'fail', 'unsure', 'skip', 'simulator_error'] as const) store.getState().give(label);
    await settle();
    expect(server.labels.map((label) => `${label.row_id}=${label.label}`)).toEqual([
      'run_1:0=pass',
      'run_1:1=fail',
      'run_1:2=unsure',
      'run_1:3=skip',
      'run_1:4=simulator_error',
    ]);
    expect(store.getState().counts?.by_label).toMatchObject({ pass: 1, fail: 1, unsure: 1, skip: 1, simulator_error: 1 });
    // Coalesced: the panel reads the numbers again at most once per label, never once per key in flight.
    expect(server.client.callsOf('agreement.get').length).toBeLessThanOrEqual(6);
  });

  it('reads the trust numbers once for a burst of labels, waiting longer when the last read was slow', async () => {
    const reads: number[] = [];
    const { server, store } = harness(10, {}, (lastReadMs) => {
      reads.push(lastReadMs);
      return 300;
    });
    await store.getState().open('run_1');
    await settle();
    const before = server.client.callsOf('agreement.get').length;
    for (const label of ['pass', 'fail', 'pass', 'fail'] as const) store.getState().give(label);
    await settle();
    expect(server.client.callsOf('agreement.get')).toHaveLength(before);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(server.client.callsOf('agreement.get')).toHaveLength(before + 1);
    expect(store.getState().agreement.data?.judge_trust.n_labeled).toBe(4);
    expect(reads).toHaveLength(1);
    expect(defaultAgreementDelay(10)).toBe(40);
    expect(defaultAgreementDelay(4000)).toBe(4000);
    expect(defaultAgreementDelay(60_000)).toBe(30_000);
  });

  it('rolls a refused label back, says why, and stores it on retry', async () => {
    const { server, store } = harness(10, { labelled: 0 });
    await store.getState().open('run_1');
    await settle();
    server.refuseLabels = true;
    store.getState().give('pass');
    expect(store.getState().pages[0]![0]!.label).toBe('pass');
    await settle();
    expect(store.getState().pages[0]![0]!.label).toBeNull();
    expect(store.getState().counts?.labelled).toBe(0);
    expect(store.getState().saveError).toMatchObject({ rowId: 'run_1:0', ordinal: 0, label: 'pass', message: 'the disk is full' });
    server.refuseLabels = false;
    store.getState().retrySave();
    await settle();
    expect(store.getState().saveError).toBeNull();
    expect(store.getState().pages[0]![0]!.label).toBe('pass');
    expect(server.labels).toHaveLength(1);
  });

  it('asks for the annotator’s name once before the first label, then signs it', async () => {
    const { server, store } = harness(10, { annotator: null });
    await store.getState().open('run_1');
    await settle();
    store.getState().give('fail');
    expect(store.getState().nameDialog).toMatchObject({ isOpen: true, pendingLabel: 'fail' });
    expect(server.client.callsOf('labels.set')).toHaveLength(0);
    expect(await store.getState().saveName('  ')).toBe(false);
    expect(store.getState().nameDialog.error).toContain('Type a name');
    expect(await store.getState().saveName('Ana')).toBe(true);
    await settle();
    expect(store.getState()).toMatchObject({ annotator: 'Ana', nameDialog: { isOpen: false }, position: 1 });
    expect(server.labels).toEqual([{ id: 1, row_id: 'run_1:0', label: 'fail', note: null, author: 'Ana', blind: true }]);
  });

  it('takes a new annotator to their own first unlabelled row, and Ana back to hers', async () => {
    const { store } = harness(10, { labelled: 4 });
    await store.getState().open('run_1');
    await settle();
    expect(store.getState().position).toBe(4);
    store.getState().next();
    store.getState().next();
    expect(await store.getState().saveName('Bo')).toBe(true);
    await settle();
    expect(store.getState()).toMatchObject({ annotator: 'Bo', position: 0, status: 'ready' });
    expect(await store.getState().saveName('Ana')).toBe(true);
    await settle();
    expect(store.getState()).toMatchObject({ annotator: 'Ana', position: 4 });
  });

  it('labels unsigned when the person declines, and does not ask again', async () => {
    const { server, store } = harness(10, { annotator: null });
    await store.getState().open('run_1');
    await settle();
    store.getState().give('pass');
    store.getState().labelUnsigned();
    store.getState().give('fail');
    await settle();
    expect(store.getState().nameDialog.isOpen).toBe(false);
    expect(server.labels.map((label) => label.author)).toEqual([null, null]);
  });

  it('pages a 100,000-row queue: reads only the pages around the row on screen', async () => {
    const { server, store } = harness(100_000, { labelled: 0 });
    await store.getState().open('run_1');
    await settle();
    store.getState().goTo(50_000);
    await settle();
    expect(selectCurrentItem(store.getState())?.ordinal).toBe(50_000);
    store.getState().goTo(99_999);
    await settle();
    const offsets = server.client.callsOf('labels.queue').map((input) => (input as { offset: number }).offset);
    expect(offsets).toEqual([0, 50_000, 50_000 - PAGE_SIZE, 99_999 - (99_999 % PAGE_SIZE)]);
    // Every later page keeps the first page's order and judge, and does not count the queue again.
    for (const input of server.client.callsOf('labels.queue').slice(1))
      expect(input).toMatchObject({ snapshot: { label_id: 0, grade_id: 10 }, judge: 'conduct@1', summary: false });
    expect(Object.keys(store.getState().pages).length).toBeLessThanOrEqual(5);
    expect(Object.keys(store.getState().details).length).toBeLessThanOrEqual(6);
  });

  it('keeps the person’s order, and blind mode per annotator, starting disagreements and conflicts at the top', async () => {
    const { server, store } = harness(10, { labelled: 4 });
    await store.getState().open('run_1');
    await settle();
    store.getState().setOrder('disagreements');
    await settle();
    expect(store.getState().position).toBe(0);
    expect(server.settings[QUEUE_SETTING_KEY]).toEqual({ order: 'disagreements' });
    store.getState().next();
    store.getState().setOrder('conflicts');
    await settle();
    expect(store.getState().position).toBe(0);
    store.getState().setOrder('disagreements');
    await settle();
    store.getState().setBlind(false);
    await settle();
    expect(server.settings[SIGHTED_SETTING_KEY]).toEqual(['Ana']);
    expect(server.client.callsOf('labels.queue').at(-1)).toMatchObject({ order: 'disagreements', blind: false, snapshot: { label_id: 4 } });

    // Ana sees the judge from now on; Bo, on the same machine, still labels blind.
    const again = createLabelingStore(() => server.client, { agreementDelay: () => 0 });
    await again.getState().open('run_1');
    await settle();
    expect(again.getState().isBlind).toBe(false);
    await again.getState().saveName('Bo');
    expect(again.getState().isBlind).toBe(true);
  });

  it('takes back the last label of the session on undo: main keeps it, the row and the counts show the label before', async () => {
    const { server, store } = harness(10);
    await store.getState().open('run_1');
    await settle();
    store.getState().give('pass');
    store.getState().previous();
    store.getState().give('fail');
    store.getState().give('unsure');
    await settle();
    expect(store.getState().counts?.labelled).toBe(2);
    expect(store.getState().history.map((given) => [given.ordinal, given.label])).toEqual([
      [0, 'pass'],
      [0, 'fail'],
      [1, 'unsure'],
    ]);

    await store.getState().undo();
    await settle();
    expect(server.labels.map((label) => [label.row_id, label.label])).toEqual([
      ['run_1:0', 'pass'],
      ['run_1:0', 'fail'],
    ]);
    expect(store.getState()).toMatchObject({ position: 1, lastAction: { kind: 'undone', ordinal: 1, label: 'unsure', now: null } });
    expect(selectCurrentItem(store.getState())?.label).toBeNull();
    expect(store.getState().counts?.labelled).toBe(1);

    // The one before: row 0 goes back to pass, Ana's label before it.
    await store.getState().undo();
    await settle();
    expect(store.getState()).toMatchObject({ position: 0, lastAction: { kind: 'undone', ordinal: 0, label: 'fail', now: 'pass' } });
    expect(selectCurrentItem(store.getState())?.label).toBe('pass');
    expect(server.client.callsOf('agreement.get').length).toBeGreaterThan(2);
  });

  it('forgets the last label’s notice when the order or the annotator changes, since it named a row of the old queue', async () => {
    const { store } = harness(10);
    await store.getState().open('run_1');
    await settle();
    store.getState().give('pass');
    await settle();
    expect(store.getState().lastAction?.ordinal).toBe(0);
    store.getState().setOrder('unsure');
    await settle();
    expect(store.getState().lastAction).toBeNull();
  });

  it('settles a conflict on the row on screen, signed, keeping both labels, and counts it out of the conflicts', async () => {
    const { server, store } = harness(10);
    server.labels.push({ id: 90, row_id: 'run_1:0', label: 'pass', note: null, author: 'Bo' });
    await store.getState().open('run_1');
    await settle();
    store.getState().give('fail');
    store.getState().previous();
    await settle();
    store.setState((state) => ({ counts: state.counts && { ...state.counts, conflicts: 1 } }));
    await store.getState().adjudicate('fail');
    await settle();
    expect(server.adjudications).toEqual([{ row_id: 'run_1:0', label: 'fail', author: 'Ana' }]);
    expect(server.labels.filter((label) => label.row_id === 'run_1:0').map((label) => [label.author, label.label])).toEqual([
      ['Bo', 'pass'],
      ['Ana', 'fail'],
    ]);
    expect(store.getState()).toMatchObject({ counts: { conflicts: 0 }, lastAction: { kind: 'settled', ordinal: 0, label: 'fail' } });
    expect(store.getState().details['run_1:0']?.adjudications).toHaveLength(1);
  });

  it('shows a refused import with its lines, and hands an export back to download', async () => {
    const { store } = harness(10);
    await store.getState().open('run_1');
    expect(await store.getState().importLabels({ name: 'gold.csv', bytes: new TextEncoder().encode('row_id,label\nx,maybe\n') })).toBe(
      false,
    );
    expect(store.getState().files.error).toEqual({
      message: 'No labels stored: the CSV file has errors: line 3 (label): "maybe" is not a label.',
      issues: [{ path: 'line 3.label', message: '"maybe" is not a label' }],
    });
    const file = await store.getState().exportFile('agreement');
    expect(file?.filename).toBe('run_1-agreement-conduct_1.jsonl');
    expect(store.getState().files).toMatchObject({
      error: null,
      notice: 'Exported 10 rows for wai agreement to run_1-agreement-conduct_1.jsonl.',
    });
  });
});
