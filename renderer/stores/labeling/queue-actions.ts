import type { StoreApi } from 'zustand';
import type { RowDetail } from '../../../shared/api/rows';
import type { LabelValue } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import { PAGE_SIZE, type LabelingState } from './initial-state';
import { createLabelSender } from './label-sender';
import { countsAfter, itemAt, pageOf, pagesNeeded, prunePages, withItemLabel } from './queue-pages';
import { isVerdictHidden } from './selectors';

export interface QueueActions {
  /** Reads the queue afresh (new snapshot): `resume` goes to the first row the annotator has not labelled. */
  startQueue(target: 'resume' | 'first' | number): Promise<void>;
  /** Reads the loaded pages again with the same snapshot (the order stays; blind mode changed). */
  reloadPages(): void;
  goTo(position: number): void;
  next(): void;
  previous(): void;
  /** Labels the row on screen at once (optimistic; rolled back with an error if main refuses) and moves on. */
  give(label: LabelValue): void;
  /** Sends the note with the row's current label again (no move); false when the row has no label of this person yet. */
  saveNote(): boolean;
  setNote(text: string): void;
  retrySave(): void;
  dismissSaveError(): void;
  /** Resolves once every label given so far has its answer from main. */
  labelsSent(): Promise<unknown>;
  /** Reads a row's conversation again (its labels or settlements changed). */
  reloadDetail(rowId: string): void;
}

interface QueueDeps {
  set: StoreApi<LabelingState>['setState'];
  get: StoreApi<LabelingState>['getState'];
  client: () => ApiClient;
  /** After every acknowledged label: the trust panel reads the numbers again. */
  onSaved(): void;
}

/** Conversations kept in memory: a few behind and ahead of the position. */
const DETAILS_BEHIND = 2;
const DETAILS_AHEAD = 3;
/** Conversations read ahead of the position (within DETAILS_AHEAD, so they are kept). */
const READ_AHEAD_DETAILS = 2;

export function createQueueActions({ set, get, client, onSaved }: QueueDeps): QueueActions {
  const inFlightPages = new Set<string>();
  const inFlightDetails = new Set<string>();
  const { send, settled } = createLabelSender({ set, client, onSaved });

  /**
   * The first page takes a new snapshot and the counts; later ones keep its snapshot and judge and skip the counts
   * (at 100,000 rows each count is a scan).
   */
  function queueInput(offset: number) {
    const { runId, order, isBlind, judge, judgeKey, snapshot } = get();
    const pageJudge = snapshot === null ? judge : (judge ?? judgeKey);
    return {
      run_id: runId!,
      order,
      blind: isBlind,
      offset,
      limit: PAGE_SIZE,
      ...(pageJudge === null ? {} : { judge: pageJudge }),
      ...(snapshot === null ? {} : { snapshot, summary: false }),
    };
  }

  async function fetchPage(page: number): Promise<void> {
    const { runId, generation, total } = get();
    const key = `${generation}:${page}`;
    if (!runId || inFlightPages.has(key) || (total !== null && page * PAGE_SIZE >= total)) return;
    inFlightPages.add(key);
    const result = await client().call('labels.queue', queueInput(page * PAGE_SIZE));
    inFlightPages.delete(key);
    if (get().generation !== generation) return;
    if (!result.ok) {
      set({ error: result.error.message });
      return;
    }
    set((state) => {
      // Labels still on their way to main keep the value the person gave.
      let pages = { ...state.pages, [page]: result.value.items };
      for (const pending of state.pending) pages = withItemLabel(pages, pending.rowId, pending.label);
      return { pages: prunePages(pages, state.position), error: null };
    });
    loadCurrentDetail();
  }

  function ensurePages(): void {
    const { pages, position, total } = get();
    if (total === null) return;
    for (const page of pagesNeeded(position, total)) if (pages[page] === undefined) void fetchPage(page);
  }

  function pruneDetails(details: Readonly<Record<string, RowDetail>>): Readonly<Record<string, RowDetail>> {
    const { pages, position } = get();
    const near = new Set<string>();
    for (let at = position - DETAILS_BEHIND; at <= position + DETAILS_AHEAD; at += 1) {
      const item = itemAt(pages, at);
      if (item) near.add(item.row_id);
    }
    const kept = Object.entries(details).filter(([rowId]) => near.has(rowId));
    return kept.length === Object.keys(details).length ? details : Object.fromEntries(kept);
  }

  /** The annotator's latest note on a row, to edit in place. */
  function noteOf(detail: RowDetail): string {
    const annotator = get().annotator;
    return detail.labels.filter((label) => label.author === annotator).at(-1)?.note ?? '';
  }

  /** The note box shows the row's own note once its conversation is read (until then it belongs to no row). */
  function showNoteOf(rowId: string): void {
    const detail = get().details[rowId];
    if (get().note.rowId !== rowId) set({ note: detail ? { rowId, text: noteOf(detail) } : { rowId: null, text: '' } });
  }

  async function loadDetail(rowId: string): Promise<void> {
    const isCurrent = () => itemAt(get().pages, get().position)?.row_id === rowId;
    if (get().details[rowId]) {
      if (isCurrent()) {
        set({ detailStatus: 'ready', detailError: null });
        showNoteOf(rowId);
      }
      return;
    }
    if (isCurrent()) set({ detailStatus: 'loading', detailError: null });
    if (inFlightDetails.has(rowId)) return;
    inFlightDetails.add(rowId);
    const result = await client().call('rows.get', { row_id: rowId });
    inFlightDetails.delete(rowId);
    if (!result.ok) {
      if (isCurrent()) set({ detailStatus: 'error', detailError: result.error.message });
      return;
    }
    set((state) => ({ details: pruneDetails({ ...state.details, [rowId]: result.value }) }));
    if (isCurrent()) {
      set({ detailStatus: 'ready', detailError: null });
      showNoteOf(rowId);
    }
  }

  function loadCurrentDetail(): void {
    const { pages, position } = get();
    const current = itemAt(pages, position);
    if (!current) return;
    // The next rows' conversations are read ahead, so a key shows the next row at once even while main is busy.
    void loadDetail(current.row_id).then(async () => {
      for (let step = 1; step <= READ_AHEAD_DETAILS; step += 1) {
        const ahead = itemAt(get().pages, get().position + step);
        if (ahead) await loadDetail(ahead.row_id);
      }
    });
  }

  const actions: QueueActions = {
    async startQueue(target) {
      const generation = get().generation + 1;
      // The old row stays on screen (keys off) until the new queue answers; the last notice named a row of the old one.
      set({ generation, snapshot: null, status: 'loading', error: null, lastAction: null });
      // A fresh queue counts what main has: let the labels on their way land first.
      await settled();
      if (get().generation !== generation) return;
      const result = await client().call('labels.queue', queueInput(0));
      if (get().generation !== generation) return;
      if (!result.ok) {
        set({ status: 'error', error: result.error.message });
        return;
      }
      const answer = result.value;
      const wanted = target === 'resume' ? (answer.first_unlabelled ?? 0) : target === 'first' ? 0 : target;
      const position = Math.max(0, Math.min(wanted, answer.total - 1));
      set((state) => ({
        snapshot: answer.snapshot,
        pages: state.pending.reduce<LabelingState['pages']>((pages, pending) => withItemLabel(pages, pending.rowId, pending.label), {
          0: answer.items,
        }),
        total: answer.total,
        counts: answer.counts,
        judgeKey: answer.judge_key,
        annotator: answer.annotator,
        firstUnlabelled: answer.first_unlabelled,
        position,
      }));
      // The row to show may sit on a later page: read it before the queue counts as ready.
      if (pageOf(position) !== 0) await fetchPage(pageOf(position));
      if (get().generation !== generation) return;
      set((state) => ({ status: state.pages[pageOf(position)] ? 'ready' : 'error' }));
      ensurePages();
      loadCurrentDetail();
    },
    reloadPages() {
      set((state) => ({ generation: state.generation + 1, pages: {} }));
      ensurePages();
    },
    goTo(position) {
      const { total } = get();
      if (total === null || total === 0) return;
      const clamped = Math.max(0, Math.min(position, total - 1));
      set((state) => ({ position: clamped, pages: prunePages(state.pages, clamped), detailError: null }));
      ensurePages();
      const current = itemAt(get().pages, clamped);
      if (current) showNoteOf(current.row_id);
      else set({ detailStatus: 'loading' });
      loadCurrentDetail();
    },
    next() {
      actions.goTo(get().position + 1);
    },
    previous() {
      actions.goTo(get().position - 1);
    },
    give(label) {
      const state = get();
      const item = itemAt(state.pages, state.position);
      if (!item) return;
      if (state.annotator === null && !state.wasAskedName) {
        set({ nameDialog: { isOpen: true, pendingLabel: label, isSaving: false, error: null } });
        return;
      }
      const note = state.note.rowId === item.row_id && state.note.text.trim() ? state.note.text : null;
      set((current) => ({
        pages: withItemLabel(current.pages, item.row_id, label),
        counts: current.counts && countsAfter(current.counts, item.label, label),
      }));
      send({
        rowId: item.row_id,
        label,
        note,
        previous: item.label,
        ordinal: item.ordinal,
        position: state.position,
        isBlind: isVerdictHidden(state.isBlind, item),
      });
      if (state.total !== null && state.position < state.total - 1) actions.next();
    },
    saveNote() {
      const { pages, position, note } = get();
      const item = itemAt(pages, position);
      if (!item || item.label === null || note.rowId !== item.row_id) return false;
      const { label } = item;
      send({
        rowId: item.row_id,
        label,
        note: note.text.trim() ? note.text : null,
        previous: label,
        ordinal: item.ordinal,
        position,
        isBlind: false,
      });
      return true;
    },
    setNote(text) {
      const item = itemAt(get().pages, get().position);
      set({ note: { rowId: item?.row_id ?? null, text } });
    },
    retrySave() {
      const failed = get().saveError;
      if (!failed) return;
      set({ saveError: null });
      const item = itemAt(get().pages, failed.position);
      const previous = item?.row_id === failed.rowId ? item.label : null;
      set((state) => ({
        pages: withItemLabel(state.pages, failed.rowId, failed.label),
        counts: state.counts && item?.row_id === failed.rowId ? countsAfter(state.counts, previous, failed.label) : state.counts,
      }));
      send({ ...failed, previous });
    },
    dismissSaveError() {
      set({ saveError: null });
    },
    labelsSent: settled,
    reloadDetail(rowId) {
      set((state) => {
        const { [rowId]: _dropped, ...details } = state.details;
        return { details };
      });
      loadCurrentDetail();
    },
  };
  return actions;
}
