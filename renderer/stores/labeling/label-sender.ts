import type { StoreApi } from 'zustand';
import type { LabelValue } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';
import type { LabelingState } from './initial-state';
import { countsAfter, withItemLabel } from './queue-pages';

interface SenderDeps {
  set: StoreApi<LabelingState>['setState'];
  client: () => ApiClient;
  /** After every acknowledged label. */
  onSaved(): void;
}

/** A label given on screen, with where it was given and what the row showed before. */
export interface OutgoingLabel {
  rowId: string;
  label: LabelValue;
  note: string | null;
  previous: LabelValue | null;
  ordinal: number;
  position: number;
  /** Given with every judge's verdict hidden. */
  isBlind: boolean;
}

export interface LabelSender {
  /** Sends a label given on screen; a refusal rolls the row back (unless a later label was given on it) and says why. */
  send(outgoing: OutgoingLabel): void;
  /** Resolves once every label sent so far has its answer. */
  settled(): Promise<unknown>;
}

export function createLabelSender({ set, client, onSaved }: SenderDeps): LabelSender {
  /**
   * Each label leaves at once (a slow call in main never holds a label back in the window, where closing it would
   * lose it); two labels on one row go one after the other, so the later one lands last.
   */
  const rowChains = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  /** The newest label given per row: a refusal rolls back only if nothing was given on the row since. */
  const latestGiven = new Map<string, number>();
  let sequence = 0;

  function send(outgoing: OutgoingLabel): void {
    const { rowId, label, note, previous, ordinal, position, isBlind } = outgoing;
    sequence += 1;
    const mine = sequence;
    latestGiven.set(rowId, mine);
    set((state) => ({
      pending: [...state.pending, { id: mine, rowId, label, previous }],
      history: [...state.history, { sequence: mine, labelId: null, rowId, ordinal, position, label }],
    }));
    const done = (rowChains.get(rowId) ?? Promise.resolve()).then(async () => {
      const result = await client().call('labels.set', { row_id: rowId, label, note, kind: 'human', blind: isBlind });
      const isLatest = latestGiven.get(rowId) === mine;
      set((state) => ({ pending: state.pending.filter((entry) => entry.id !== mine) }));
      if (result.ok) {
        const stored = result.value.label;
        set((state) => {
          const detail = state.details[rowId];
          const { id: _id, run_id: _runId, ...domainLabel } = stored;
          return {
            lastAction: { kind: 'saved', rowId, ordinal, label },
            history: state.history.map((given) => (given.sequence === mine ? { ...given, labelId: stored.id } : given)),
            saveError: state.saveError?.rowId === rowId ? null : state.saveError,
            details: detail ? { ...state.details, [rowId]: { ...detail, labels: [...detail.labels, domainLabel] } } : state.details,
          };
        });
        onSaved();
        return;
      }
      set((state) => ({
        history: state.history.filter((given) => given.sequence !== mine),
        saveError: { rowId, ordinal, position, label, note, isBlind, message: result.error.message },
        ...(isLatest
          ? { pages: withItemLabel(state.pages, rowId, previous), counts: state.counts && countsAfter(state.counts, label, previous) }
          : {}),
      }));
    });
    rowChains.set(rowId, done);
    inFlight.add(done);
    void done.finally(() => {
      inFlight.delete(done);
      if (rowChains.get(rowId) === done) rowChains.delete(rowId);
    });
  }

  return { send, settled: () => Promise.all([...inFlight]) };
}
