import type { Issue } from '../../../shared/api';
import type { AgreementReport } from '../../../shared/api/agreement';
import type { LabelQueueOrder, LabelsImportReport, LabelsQueueOutput, QueueItem, QueueSnapshot } from '../../../shared/api/labels';
import type { RowDetail } from '../../../shared/api/rows';
import type { LabelValue, Run } from '../../../shared/domain';
import type { z } from 'zod';
import type { LoadStatus } from '../load-status';

export type QueueCounts = NonNullable<LabelsQueueOutput['counts']>;

/** A label sent to main and not yet acknowledged: what the row showed before, to roll back to if main refuses it. */
export interface PendingLabel {
  id: number;
  rowId: string;
  label: LabelValue;
  previous: LabelValue | null;
}

/** A label given in this session, in the order given: what Ctrl+Z takes back, newest last. */
export interface GivenLabel {
  /** The sender's count for it (labels on different rows can be answered out of order). */
  sequence: number;
  /** Its id in the store once main acknowledged it; null while it is on its way. */
  labelId: number | null;
  rowId: string;
  ordinal: number;
  position: number;
  label: LabelValue;
}

/** What the person last did on a row, said beside the row it names: a label stored, taken back, or a conflict settled. */
export interface LastAction {
  kind: 'saved' | 'undone' | 'settled';
  rowId: string;
  ordinal: number;
  label: LabelValue;
  /** After an undo: the person's label on the row now (their earlier one), or null. */
  now?: LabelValue | null;
}

/** A label main refused (or never received): shown until the person retries or dismisses it. */
export interface SaveError {
  rowId: string;
  ordinal: number;
  position: number;
  label: LabelValue;
  note: string | null;
  /** Given with the judges hidden (sent again as it was). */
  isBlind: boolean;
  message: string;
}

export interface FilesState {
  status: 'idle' | 'importing' | 'exporting';
  /** A refused import names its lines in `issues`. */
  error: { message: string; issues: Issue[] } | null;
  /** What the last import or export did, in a sentence. */
  notice: string | null;
  report: z.infer<typeof LabelsImportReport> | null;
}

export interface LabelingState {
  runId: string | null;
  run: Run | null;
  order: LabelQueueOrder;
  /** Every judge's verdict, reward and reason hidden on a row until this person labelled it: on unless they turned it off. */
  isBlind: boolean;
  /** Annotators (`''` for unsigned) who turned blind mode off: the per-annotator setting `labels.sighted`. */
  sighted: readonly string[];
  /** The judge asked for (a key); null: the judge that graded the run last. */
  judge: string | null;
  /** Counts fresh queues (run, order, blind or judge changed): an answer for an older one is dropped. */
  generation: number;
  /** From the queue's first page: later pages keep its order while labels land. */
  snapshot: QueueSnapshot | null;
  /** Loaded pages of the queue by page index (PAGE_SIZE items each); never the whole run. */
  pages: Readonly<Record<number, readonly QueueItem[]>>;
  total: number | null;
  counts: QueueCounts | null;
  judgeKey: string | null;
  /** The name labels are signed with; null: unsigned. */
  annotator: string | null;
  firstUnlabelled: number | null;
  /** The row on screen, as a place in the queue's order. */
  position: number;
  status: LoadStatus;
  error: string | null;
  /** Conversations read so far, by row id (a handful around the position). */
  details: Readonly<Record<string, RowDetail>>;
  detailStatus: LoadStatus;
  detailError: string | null;
  /** The note typed for the row on screen; sent with its next label. */
  note: { rowId: string | null; text: string };
  pending: readonly PendingLabel[];
  saveError: SaveError | null;
  /** The notice beside the queue: the last label stored, taken back or settled; cleared when the queue changes. */
  lastAction: LastAction | null;
  /** Labels this person gave in this session (a refused one leaves), oldest first: Ctrl+Z takes back the newest. */
  history: readonly GivenLabel[];
  /** An undo or a settlement on its way to main (the keys that ask for another wait). */
  isRevising: boolean;
  /** Why the last undo or settlement was refused. */
  reviseError: string | null;
  agreement: { data: AgreementReport | null; status: LoadStatus; error: string | null };
  /** The trust panel reads labels made blind only (and no settlement). */
  isBlindOnly: boolean;
  /** The name dialog: open before the first label when no name is set, holding the label that was given. */
  nameDialog: { isOpen: boolean; pendingLabel: LabelValue | null; isSaving: boolean; error: string | null };
  /** The person has been asked once (and may have chosen to label unsigned). */
  wasAskedName: boolean;
  files: FilesState;
}

export const PAGE_SIZE = 200;

export const initialLabelingState: LabelingState = {
  runId: null,
  run: null,
  order: 'generated',
  isBlind: true,
  sighted: [],
  judge: null,
  generation: 0,
  snapshot: null,
  pages: {},
  total: null,
  counts: null,
  judgeKey: null,
  annotator: null,
  firstUnlabelled: null,
  position: 0,
  status: 'idle',
  error: null,
  details: {},
  detailStatus: 'idle',
  detailError: null,
  note: { rowId: null, text: '' },
  pending: [],
  saveError: null,
  lastAction: null,
  history: [],
  isRevising: false,
  reviseError: null,
  agreement: { data: null, status: 'idle', error: null },
  isBlindOnly: false,
  nameDialog: { isOpen: false, pendingLabel: null, isSaving: false, error: null },
  wasAskedName: false,
  files: { status: 'idle', error: null, notice: null, report: null },
};
