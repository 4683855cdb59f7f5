import type { StoreApi } from 'zustand';
import type { JobProgress } from '../../../shared/api';
import type { ExportRequestInput } from '../../../shared/api/exports';
import type { ApiClient } from '../../api/client';
import { debounce } from '../helpers/debounce';
import { latestRequest } from '../helpers/latest-request';
import { createChoiceLoaders } from './choices';
import { applyFormPatch, defaultFolder, type ExportForm, folderFilesInputOf, initialForm, requestOf } from './form';
import { type ExportState, initialExportState, type JobState } from './initial-state';
import { joinPath, resultOf } from './result';
import { directSelection, type ExportSource, resolveRowIds } from './source';

export interface ExportActions {
  /** Opens the dialog for a source; while a job runs, reopening shows that job instead. */
  open(source: ExportSource, options?: { dataDir?: string | null }): void;
  close(): void;
  setForm(patch: Partial<ExportForm>): void;
  /** Counts and warnings for the form as it is (called after each change, once typing pauses). */
  refreshPreview(): Promise<void>;
  /**
   * Asks the disk which export files the chosen folder holds (called after a change of folder, once typing pauses);
   * the latest question's answer wins. `force` asks again for the same folder (after an export wrote to it).
   */
  refreshFolderFiles(options?: { force?: boolean }): Promise<void>;
  start(): Promise<void>;
  /** Asks the job to stop; asked before `exports.start` names the job, it is sent as soon as the id arrives. */
  cancel(): Promise<void>;
  /** The desktop's folder picker into the folder field. */
  chooseFolder(): Promise<void>;
  /** Back to the options after a job ended, keeping them. */
  again(): void;
  refreshHubToken(): Promise<void>;
  receiveJob(progress: JobProgress): void;
}

export interface ExportActionOptions {
  /** Milliseconds of quiet after a change before the preview is asked for. */
  previewDelayMs?: number;
  /** Milliseconds of quiet after typing in the folder before the disk is asked what it holds (default: the preview's). */
  folderDelayMs?: number;
}

const FIX_FIELDS = 'Fix the fields marked below first.';

/** Until the person types a folder, it follows the run and the format, so a second format never lands on the first. */
function withDefaultFolder(state: ExportState, form: ExportForm, patch: Partial<ExportForm>): ExportForm {
  if ('folder' in patch || state.touched.includes('folder') || state.exportsFolder === null || !state.source) return form;
  return { ...form, folder: defaultFolder(state.exportsFolder, state.source.run_id, form) };
}
const isActive = (job: JobState | null) => job !== null && (job.status === 'starting' || job.status === 'running');
const EXPORT_JOB_KINDS = new Set(['export', 'push']);

export function createExportActions(
  set: StoreApi<ExportState>['setState'],
  get: () => ExportState,
  client: () => ApiClient,
  options: ExportActionOptions = {},
): ExportActions {
  const delay = options.previewDelayMs ?? 350;
  const folderDelay = options.folderDelayMs ?? delay;
  /** Bumped at every open: answers for an older source are dropped. */
  let opening = 0;
  const previewRequests = latestRequest();
  const folderRequests = latestRequest();
  /** Events that arrive before `exports.start` answers with the job's id. */
  let early: JobProgress[] = [];

  const schedulePreview = debounce(() => void actions.refreshPreview(), delay);
  const scheduleFolderFiles = debounce(() => void actions.refreshFolderFiles(), folderDelay);

  const folderKeyOf = (form: ExportForm): string | null => {
    const input = folderFilesInputOf(form);
    return input ? JSON.stringify(input) : null;
  };

  const { loadChoices, loadPastExports } = createChoiceLoaders(set, get, client, (token) => token === opening);

  async function resolveSelection(source: ExportSource, token: number): Promise<void> {
    const direct = directSelection(source);
    if (direct) {
      set({ selection: { status: 'ready', value: direct, error: null } });
      return schedulePreview();
    }
    if (source.kind !== 'table') return;
    set({ selection: { status: 'loading', value: null, error: null } });
    const ids = await resolveRowIds(client(), source.run_id, source.query, () => token === opening);
    if (token !== opening) return;
    if (!ids.ok) return set({ selection: { status: 'error', value: null, error: ids.error.message } });
    if (ids.value.length === 0)
      return set({
        selection: { status: 'error', value: null, error: 'The table’s filter matches no conversation: there is nothing to export.' },
      });
    set({ selection: { status: 'ready', value: { run_id: source.run_id, row_ids: ids.value }, error: null } });
    schedulePreview();
  }

  async function loadResult(job: JobState): Promise<void> {
    const runId = job.request.selection.run_id;
    const records = await client().call('exports.list', { run_id: runId, limit: 20 });
    if (get().job?.id !== job.id) return;
    if (!records.ok) {
      set({ error: `The export finished, but its record could not be read: ${records.error.message}` });
      return;
    }
    set({ result: resultOf(job.request, records.value, job.message ?? 'The export finished.') });
    // Back at the options, the folder just written holds an export: ask the disk again.
    void loadPastExports(opening);
    void actions.refreshFolderFiles({ force: true });
  }

  async function sendCancel(jobId: string): Promise<void> {
    const answer = await client().call('exports.cancel', { job_id: jobId });
    const now = get().job;
    // NOT_FOUND: the job ended meanwhile; its last event says how.
    if (!answer.ok && answer.error.code !== 'NOT_FOUND' && now?.id === jobId && isActive(now))
      set({ job: { ...now, isCancelling: false }, error: answer.error.message });
  }

  const actions: ExportActions = {
    open(source, openOptions = {}) {
      if (isActive(get().job)) return set({ isOpen: true });
      const token = ++opening;
      const dataDir = openOptions.dataDir ?? null;
      const keep = get();
      set({
        ...initialExportState,
        formats: keep.formats,
        formatsStatus: keep.formatsStatus,
        isOpen: true,
        source,
        exportsFolder: dataDir ? joinPath(dataDir, 'exports') : null,
        form: initialForm(dataDir ? defaultFolder(joinPath(dataDir, 'exports'), source.run_id, initialForm('')) : ''),
        selection: { status: 'loading', value: null, error: null },
      });
      void loadChoices(token);
      void actions.refreshFolderFiles();
      void actions.refreshHubToken();
      void resolveSelection(source, token);
    },
    close() {
      schedulePreview.cancel();
      scheduleFolderFiles.cancel();
      set({ isOpen: false });
    },
    setForm(patch) {
      const before = get().form;
      const form = withDefaultFolder(get(), applyFormPatch(before, patch), patch);
      const changed = Object.keys(patch).filter((key) => !get().touched.includes(key));
      set({
        form,
        folderError: patch.folder !== undefined ? null : get().folderError,
        ...(changed.length > 0 ? { touched: [...get().touched, ...changed] } : {}),
        ...(get().error === FIX_FIELDS ? { error: null } : {}),
      });
      if (form.destination === 'hub' && before.destination !== 'hub') void actions.refreshHubToken();
      if (folderKeyOf(form) !== folderKeyOf(before)) scheduleFolderFiles();
      schedulePreview();
    },
    async refreshFolderFiles(refreshOptions = {}) {
      const state = get();
      if (!state.isOpen) return;
      const input = folderFilesInputOf(state.form);
      if (!input) {
        folderRequests.drop();
        return set({ folderFiles: { key: null, status: 'idle', value: null, error: null } });
      }
      const key = JSON.stringify(input);
      const known = state.folderFiles;
      if (key === known.key && known.status !== 'error' && refreshOptions.force !== true) return;
      const isLatest = folderRequests.start();
      // The same folder asked again keeps its answer meanwhile; another folder shows nothing until its own lands.
      set({ folderFiles: { key, status: 'loading', value: key === known.key ? known.value : null, error: null } });
      const answer = await client().call('exports.folderFiles', input);
      if (!isLatest()) return;
      if (answer.ok) set({ folderFiles: { key, status: 'ready', value: answer.value, error: null } });
      else set({ folderFiles: { key, status: 'error', value: null, error: answer.error.message } });
    },
    async refreshPreview() {
      const state = get();
      if (!state.isOpen || !state.selection.value || isActive(state.job)) return;
      const built = requestOf(state.form, state.selection.value, { forPreview: true });
      if (!built.ok) return set({ preview: { ...state.preview, status: 'idle', error: null } });
      const key = JSON.stringify(built.request);
      // An idle preview was set aside by a form problem (a bad share, a relative file): the form fixed, it is read again.
      if (key === state.preview.key && state.preview.status !== 'error' && state.preview.status !== 'idle') return;
      const isLatest = previewRequests.start();
      set({ preview: { ...state.preview, key, status: 'loading', error: null } });
      const answer = await client().call('exports.preview', built.request);
      if (!isLatest()) return;
      if (answer.ok) set({ preview: { key, status: 'ready', value: answer.value, error: null } });
      else set({ preview: { key, status: 'error', value: null, error: answer.error.message } });
    },
    async start() {
      const state = get();
      if (!state.selection.value || isActive(state.job)) return;
      const built = requestOf(state.form, state.selection.value);
      if (!built.ok) return set({ attempted: true, error: FIX_FIELDS });
      const request: ExportRequestInput = built.request;
      early = [];
      set({
        error: null,
        result: null,
        job: {
          id: null,
          status: 'starting',
          phase: 'export',
          done: 0,
          total: null,
          bytes: null,
          message: null,
          request,
          isCancelling: false,
        },
      });
      const answer = await client().call('exports.start', request);
      const job = get().job;
      if (!job || job.id !== null) return;
      if (!answer.ok) {
        set({ job: null, error: answer.error.message });
        return;
      }
      const jobId = answer.value.job_id;
      set({ job: { ...job, id: jobId, status: 'running' } });
      const pending = early.filter((progress) => progress.job_id === jobId);
      early = [];
      for (const progress of pending) actions.receiveJob(progress);
      // A cancel asked for while the id was unknown goes now, unless the job's own events said it already ended.
      const now = get().job;
      if (now?.id === jobId && isActive(now) && now.isCancelling) await sendCancel(jobId);
    },
    async cancel() {
      const job = get().job;
      if (!job || !isActive(job) || job.isCancelling) return;
      set({ job: { ...job, isCancelling: true } });
      // Before `exports.start` answers there is no id to name: `start` sends the cancel once it has one.
      if (job.id !== null) await sendCancel(job.id);
    },
    async chooseFolder() {
      const form = get().form;
      const answer = await client().call('app.chooseFolder', {
        title: 'Export to folder',
        ...(form.folder.trim() ? { default_path: form.folder.trim() } : {}),
      });
      if (!answer.ok) return set({ folderError: answer.error.message });
      if (answer.value.path) actions.setForm({ folder: answer.value.path });
    },
    again() {
      if (isActive(get().job)) return;
      set({ job: null, result: null, error: null, preview: { ...get().preview, key: null } });
      schedulePreview();
    },
    async refreshHubToken() {
      const answer = await client().call('settings.hubToken', {});
      if (answer.ok) set({ hubToken: answer.value });
    },
    receiveJob(progress) {
      if (!EXPORT_JOB_KINDS.has(progress.kind)) return;
      const job = get().job;
      if (!job) return;
      if (job.id === null) {
        if (job.status === 'starting' && early.length < 1000) early.push(progress);
        return;
      }
      if (progress.job_id !== job.id || !isActive(job)) return;
      const next: JobState = {
        ...job,
        status: progress.status,
        phase: progress.kind === 'push' ? 'push' : 'export',
        done: progress.done,
        total: progress.total,
        bytes: progress.bytes ?? job.bytes,
        message: progress.message ?? (progress.status === 'running' ? job.message : null),
        isCancelling: progress.status === 'running' && job.isCancelling,
      };
      set({ job: next });
      if (next.status === 'completed') void loadResult(next);
    },
  };
  return actions;
}
