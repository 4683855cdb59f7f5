import type { ExportPreview, ExportRecord, ExportRequestInput, ExportSelectionInput, FolderFiles } from '../../../shared/api/exports';
import type { HubTokenStatus } from '../../../shared/api/settings';
import type { LoadStatus } from '../load-status';
import { type ExportForm, initialForm } from './form';
import type { ExportResult } from './result';
import type { ExportSource } from './source';

export interface ExportFormatChoice {
  format: ExportForm['format'];
  kind: ExportForm['training'];
  label: string;
  description: string;
}

/** The rows the source stands for, as the contract's selection; a table filter may need its rows read first. */
export interface SelectionState {
  status: LoadStatus;
  value: ExportSelectionInput | null;
  error: string | null;
}

export interface PreviewState {
  /** The request (as JSON) the shown preview answers; a form change makes it stale until the next one lands. */
  key: string | null;
  status: LoadStatus;
  value: ExportPreview | null;
  error: string | null;
}

/** The export files already in the chosen folder, as the disk says (asked once typing in the folder pauses). */
export interface FolderFilesState {
  /** The `exports.folderFiles` input (as JSON) the answer is for: a later form names another folder until it is asked. */
  key: string | null;
  status: LoadStatus;
  value: FolderFiles | null;
  /** The folder cannot hold an export (a file, say), as a sentence. */
  error: string | null;
}

export type JobStatus = 'starting' | 'running' | 'completed' | 'cancelled' | 'failed';

export interface JobState {
  id: string | null;
  status: JobStatus;
  /** `push` once the files are written and the Hub upload runs. */
  phase: 'export' | 'push';
  done: number;
  total: number | null;
  bytes: number | null;
  /** The job's sentence: what happens now, why it stopped, or what it did. */
  message: string | null;
  /** The request that started it (to name the files it wrote). */
  request: ExportRequestInput;
  isCancelling: boolean;
}

export interface ExportState {
  isOpen: boolean;
  source: ExportSource | null;
  form: ExportForm;
  formats: ExportFormatChoice[];
  formatsStatus: LoadStatus;
  /** Other runs, to decontaminate against. */
  otherRuns: { id: string; name: string; rows: number }[];
  /** Rollouts per situation of the exported run (DPO pairs two of one situation); null until read. */
  runRepeats: number | null;
  /** Where default export folders go (`<data folder>/exports`); null when the app did not say. */
  exportsFolder: string | null;
  hubToken: HubTokenStatus | null;
  selection: SelectionState;
  preview: PreviewState;
  job: JobState | null;
  result: ExportResult | null;
  /** A failure to start, or a result that could not be read, as a sentence. */
  error: string | null;
  /** A folder picker that answered with an error (browser mode: type the path). */
  folderError: string | null;
  /** Fields the person has changed since the dialog opened: a deferred field's problem shows once it is here. */
  touched: readonly string[];
  /** Export was pressed: every field's problem shows. */
  attempted: boolean;
  /** Exports stored so far (every run's, newest first): to name the run and time of the export a folder holds. */
  pastExports: ExportRecord[];
  folderFiles: FolderFilesState;
}

export const initialExportState: ExportState = {
  isOpen: false,
  source: null,
  form: initialForm(''),
  formats: [],
  formatsStatus: 'idle',
  otherRuns: [],
  runRepeats: null,
  exportsFolder: null,
  hubToken: null,
  selection: { status: 'idle', value: null, error: null },
  preview: { key: null, status: 'idle', value: null, error: null },
  job: null,
  result: null,
  error: null,
  folderError: null,
  touched: [],
  attempted: false,
  pastExports: [],
  folderFiles: { key: null, status: 'idle', value: null, error: null },
};
