import type { StoreApi } from 'zustand';
import { z } from 'zod';
import type { ApiError } from '../../../shared/api';
import type { ExportedFile } from '../../../shared/api/agreement';
import { LabelQueueOrder } from '../../../shared/api/labels';
import type { ApiClient } from '../../api/client';
import { coalesce } from '../helpers/debounce';
import { initialLabelingState, type FilesState, type LabelingState } from './initial-state';
import { createHistoryActions, type HistoryActions } from './history-actions';
import { createQueueActions, type QueueActions } from './queue-actions';
import { chosenText, type ChosenFile } from '../../api/chosen-file';

/** Where the person's queue order is kept between sessions (`blind` of older versions is no longer read). */
export const QUEUE_SETTING_KEY = 'labels.queue';
export const QueueSetting = z.object({ order: LabelQueueOrder, blind: z.boolean().optional() });
/** The annotators (`''` for unsigned) who turned blind mode off: blind is each person's default until they do. */
export const SIGHTED_SETTING_KEY = 'labels.sighted';
export const SightedSetting = z.array(z.string());

/** Whether `annotator` labels blind, given who turned it off. */
export const isBlindFor = (sighted: readonly string[], annotator: string | null): boolean => !sighted.includes(annotator ?? '');

export type LabelsFileKind = 'csv' | 'jsonl' | 'agreement';
export type LabelsFile = z.infer<typeof ExportedFile>;

export interface LabelingActions extends QueueActions, HistoryActions {
  /** Opens a run's queue at the first row the annotator has not labelled, in their last order and their blind mode. */
  open(runId: string): Promise<void>;
  setOrder(order: LabelQueueOrder): void;
  /** Turns blind mode on or off for this annotator (kept per annotator). */
  setBlind(isBlind: boolean): void;
  /** The trust panel reads labels made blind only, or every label. */
  setBlindOnly(isBlindOnly: boolean): void;
  /** The judge whose verdicts order the queue and whom the trust panel measures. */
  setJudge(judgeKey: string): void;
  /** Reads agreement.get again; calls while one is running coalesce into one more. */
  refreshAgreement(): Promise<void>;
  openNameDialog(): void;
  closeNameDialog(): void;
  /** Saves the annotator's name, then gives the label that opened the dialog (signed). */
  saveName(name: string): Promise<boolean>;
  /** Gives the waiting label unsigned: it will not count as gold (unmeasured). */
  labelUnsigned(): void;
  importLabels(file: ChosenFile): Promise<boolean>;
  /** The file to download: the run's labels (CSV or JSONL) or the pairs `wai agreement` reads. */
  exportFile(kind: LabelsFileKind): Promise<LabelsFile | null>;
  dismissFiles(): void;
}

export interface LabelingOptions {
  /**
   * How long after a label to read the trust numbers again, given how long the last read took (ms). Main answers
   * one call at a time, so at 100,000 rows a read on every key would hold the next labels back.
   */
  agreementDelay?(lastReadMs: number): number;
}

const MAX_AGREEMENT_DELAY_MS = 30_000;
/** Labels given within this of each other share one read. */
const MIN_AGREEMENT_DELAY_MS = 40;

/**
 * Live: the read follows a label after as long as the last read took, so reads take at most half of main's time (main
 * keeps what they read over the whole run per table version, so a read after a label costs tens of ms at 100,000 rows).
 */
export function defaultAgreementDelay(lastReadMs: number): number {
  return Math.min(MAX_AGREEMENT_DELAY_MS, Math.max(MIN_AGREEMENT_DELAY_MS, lastReadMs));
}

/** The labels file panel after main refused an import or an export: the message, and the lines it names. */
function refusedFiles(error: ApiError): FilesState {
  return { status: 'idle', error: { message: error.message, issues: error.issues ?? [] }, notice: null, report: null };
}

export function createLabelingActions(
  set: StoreApi<LabelingState>['setState'],
  get: StoreApi<LabelingState>['getState'],
  client: () => ApiClient,
  options: LabelingOptions = {},
): LabelingActions {
  const agreementDelay = options.agreementDelay ?? defaultAgreementDelay;
  let agreementRunning: Promise<void> | null = null;
  let isAgreementStale = false;
  let lastReadMs = 0;

  async function readAgreement(): Promise<void> {
    do {
      isAgreementStale = false;
      const { runId, judge, isBlindOnly } = get();
      if (!runId) return;
      // The first read of a run is main's cold one (it keeps what it reads for the next): it does not set the pace.
      const isFirst = get().agreement.data === null;
      set((state) => ({ agreement: { ...state.agreement, status: 'loading' } }));
      const started = performance.now();
      const result = await client().call('agreement.get', {
        run_id: runId,
        ...(judge === null ? {} : { judge_name: judge }),
        ...(isBlindOnly ? { blind_only: true } : {}),
      });
      if (!isFirst) lastReadMs = performance.now() - started;
      if (get().runId !== runId) return;
      set((state) =>
        result.ok
          ? { agreement: { data: result.value, status: 'ready', error: null } }
          : { agreement: { data: state.agreement.data, status: 'error', error: result.error.message } },
      );
    } while (isAgreementStale);
  }

  const refreshAgreement = (): Promise<void> => {
    if (agreementRunning) {
      isAgreementStale = true;
      return agreementRunning;
    }
    agreementRunning = readAgreement().finally(() => {
      agreementRunning = null;
    });
    return agreementRunning;
  };

  /** After a label: one read for every label given in the wait. */
  const scheduleAgreement = coalesce(
    () => void refreshAgreement(),
    () => agreementDelay(lastReadMs),
  );

  const queue = createQueueActions({ set, get, client, onSaved: () => scheduleAgreement() });
  const history = createHistoryActions({ set, get, client, queue, onRevised: () => scheduleAgreement() });

  function saveQueueSetting(): void {
    void client().call('settings.set', { key: QUEUE_SETTING_KEY, value: { order: get().order } });
  }

  /** Blind mode follows the annotator: a change of name reads theirs. */
  function followAnnotator(): void {
    set((state) => ({ isBlind: isBlindFor(state.sighted, state.annotator) }));
  }

  return {
    ...queue,
    ...history,
    async open(runId) {
      if (get().runId === runId && get().status !== 'idle') {
        // Back on the same run: labels may have landed elsewhere (the conversation view, the CLI).
        if (get().status !== 'loading') {
          await queue.startQueue(get().position);
          void refreshAgreement();
        }
        return;
      }
      set({ ...initialLabelingState, runId, generation: get().generation + 1, status: 'loading' });
      const [setting, sightedSetting, run] = await Promise.all([
        client().call('settings.get', { key: QUEUE_SETTING_KEY }),
        client().call('settings.get', { key: SIGHTED_SETTING_KEY }),
        client().call('runs.get', { run_id: runId }),
      ]);
      if (get().runId !== runId) return;
      const saved = setting.ok ? QueueSetting.safeParse(setting.value.value) : null;
      const sighted = sightedSetting.ok ? SightedSetting.safeParse(sightedSetting.value.value) : null;
      set({
        ...(saved?.success ? { order: saved.data.order } : {}),
        sighted: sighted?.success ? sighted.data : [],
        run: run.ok ? run.value.run : null,
      });
      // The queue first: main answers one call at a time, and the trust numbers cost a pass over the run.
      await queue.startQueue('resume');
      followAnnotator();
      void refreshAgreement();
    },
    setOrder(order) {
      if (order === get().order) return;
      set({ order });
      saveQueueSetting();
      // Disagreements and conflicts are rows someone already labelled: start at the top, not at the first row without a label.
      void queue.startQueue(order === 'disagreements' || order === 'conflicts' ? 'first' : 'resume');
    },
    setBlind(isBlind) {
      if (isBlind === get().isBlind) return;
      const name = get().annotator ?? '';
      const sighted = isBlind ? get().sighted.filter((entry) => entry !== name) : [...get().sighted, name];
      set({ isBlind, sighted });
      void client().call('settings.set', { key: SIGHTED_SETTING_KEY, value: sighted });
      queue.reloadPages();
    },
    setBlindOnly(isBlindOnly) {
      if (isBlindOnly === get().isBlindOnly) return;
      set({ isBlindOnly });
      void refreshAgreement();
    },
    setJudge(judgeKey) {
      if (judgeKey === (get().judge ?? get().judgeKey)) return;
      set({ judge: judgeKey });
      void queue.startQueue(get().position).then(refreshAgreement);
    },
    refreshAgreement,
    openNameDialog() {
      set({ nameDialog: { isOpen: true, pendingLabel: null, isSaving: false, error: null } });
    },
    closeNameDialog() {
      set((state) => ({
        nameDialog: { ...initialLabelingState.nameDialog },
        wasAskedName: state.wasAskedName || state.nameDialog.pendingLabel !== null,
      }));
    },
    async saveName(name) {
      const trimmed = name.trim();
      if (!trimmed) {
        set((state) => ({ nameDialog: { ...state.nameDialog, error: 'Type a name, or label unsigned.' } }));
        return false;
      }
      set((state) => ({ nameDialog: { ...state.nameDialog, isSaving: true, error: null } }));
      const result = await client().call('labels.annotator.set', { name: trimmed });
      if (!result.ok) {
        set((state) => ({ nameDialog: { ...state.nameDialog, isSaving: false, error: result.error.message } }));
        return false;
      }
      const pendingLabel = get().nameDialog.pendingLabel;
      set({ annotator: result.value.name, wasAskedName: true, nameDialog: { ...initialLabelingState.nameDialog } });
      // The queue shows each person's own labels (and their blind mode), so it is read again as the named annotator:
      // in place when a label key asked for the name (the label is for this row), else at their first unlabelled row.
      await queue.startQueue(pendingLabel ? get().position : 'resume');
      followAnnotator();
      if (pendingLabel) queue.give(pendingLabel);
      return true;
    },
    labelUnsigned() {
      const pendingLabel = get().nameDialog.pendingLabel;
      set({ wasAskedName: true, nameDialog: { ...initialLabelingState.nameDialog } });
      if (pendingLabel) queue.give(pendingLabel);
    },
    async importLabels(file) {
      const { runId, annotator } = get();
      if (!runId) return false;
      const read = chosenText(file);
      if (!read.ok) {
        set({ files: { status: 'idle', error: read.error, notice: null, report: null } });
        return false;
      }
      set({ files: { status: 'importing', error: null, notice: null, report: null } });
      const format = /\.csv$/i.test(file.name) ? 'csv' : 'jsonl';
      const result = await client().call('labels.import', {
        run_id: runId,
        format,
        text: read.text,
        kind: 'human',
        ...(annotator ? { author: annotator } : {}),
      });
      if (!result.ok) {
        set({ files: refusedFiles(result.error) });
        return false;
      }
      const { stored, report } = result.value;
      const authors = report.authors.length > 0 ? ` by ${report.authors.join(', ')}` : '';
      set({
        files: {
          status: 'idle',
          error: null,
          notice: `Imported ${stored} labels${authors} on ${report.rows_labeled} rows from ${file.name}.`,
          report,
        },
      });
      await queue.startQueue(get().position);
      void refreshAgreement();
      return true;
    },
    async exportFile(kind) {
      const { runId, judge } = get();
      if (!runId) return null;
      set((state) => ({ files: { ...state.files, status: 'exporting', error: null, notice: null } }));
      const result =
        kind === 'agreement'
          ? await client().call('agreement.export', { run_id: runId, ...(judge === null ? {} : { judge_name: judge }) })
          : await client().call('labels.export', { run_id: runId, format: kind });
      if (!result.ok) {
        set({ files: refusedFiles(result.error) });
        return null;
      }
      const what = kind === 'agreement' ? `${result.value.n} rows for wai agreement` : `${result.value.n} labels`;
      set({ files: { status: 'idle', error: null, notice: `Exported ${what} to ${result.value.filename}.`, report: null } });
      return result.value;
    },
    dismissFiles() {
      set({ files: { ...initialLabelingState.files } });
    },
  };
}
