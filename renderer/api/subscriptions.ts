import type { StoreApi } from 'zustand';
import type { ConversationsActions } from '../stores/conversations/actions';
import { useConversationsStore } from '../stores/conversations/store';
import type { CoverageActions } from '../stores/coverage/actions';
import { useCoverageStore } from '../stores/coverage/store';
import type { ExportActions } from '../stores/export/actions';
import { useExportStore } from '../stores/export/store';
import type { GradingActions } from '../stores/grading/actions';
import type { GradingState } from '../stores/grading/initial-state';
import { useGradingStore } from '../stores/grading/store';
import { subscribeOnce, type Unsubscribe } from '../stores/helpers/subscribe-once';
import type { LabelingState } from '../stores/labeling/initial-state';
import { useLabelingStore } from '../stores/labeling/store';
import type { RunActions } from '../stores/run/actions';
import { useRunStore } from '../stores/run/store';
import type { RunsActions } from '../stores/runs/actions';
import { useRunsStore } from '../stores/runs/store';
import { api, type ApiClient } from './client';

type Store<T> = Pick<StoreApi<T>, 'getState' | 'subscribe'>;

/** The stores that follow main's events or another store; each decides from its own state whether an event concerns it. */
export interface SubscribedStores {
  run: Store<RunActions>;
  runs: Store<RunsActions>;
  coverage: Store<CoverageActions>;
  conversations: Store<ConversationsActions>;
  grading: Store<GradingState & GradingActions>;
  labeling: Store<LabelingState>;
  exports: Store<ExportActions>;
}

/**
 * The one place where events from main reach the stores, and where one store's change refreshes another: a
 * component never subscribes to the transport, and never carries a change from one store to another.
 */
export function subscribeStores(client: ApiClient, stores: Partial<SubscribedStores>): Unsubscribe {
  const { run, runs, coverage, conversations, grading, labeling, exports } = stores;
  const stops = [
    client.on('run-progress', (progress) => {
      run?.getState().receiveProgress(progress);
      runs?.getState().receiveProgress(progress);
      coverage?.getState().receiveProgress(progress);
      conversations?.getState().receiveRunEvent(progress);
    }),
    client.on('run-end', (end) => {
      run?.getState().receiveEnd(end);
      runs?.getState().receiveEnd(end);
      coverage?.getState().receiveEnd(end);
      conversations?.getState().receiveRunEvent(end);
    }),
    client.on('job-progress', (progress) => {
      grading?.getState().receiveJob(progress);
      exports?.getState().receiveJob(progress);
    }),
  ];
  if (grading && conversations) stops.push(followRevisions(grading, conversations));
  if (labeling && conversations) stops.push(followQueueLabels(labeling, conversations));
  return () => stops.forEach((stop) => stop());
}

/** A grading that ended or a label given (the grading store's revisions) reads that run's rows again. */
function followRevisions(grading: Store<GradingState>, conversations: Store<ConversationsActions>): Unsubscribe {
  return grading.subscribe((state, previous) => {
    if (state.revisions === previous.revisions) return;
    for (const [runId, revision] of Object.entries(state.revisions)) {
      if (revision !== previous.revisions[runId]) conversations.getState().receiveRevision(runId);
    }
  });
}

/**
 * Labels given in the queue (each one main stored, taken back or settled, or a file imported) change that run's rows
 * for the table.
 */
function followQueueLabels(labeling: Store<LabelingState>, conversations: Store<ConversationsActions>): Unsubscribe {
  return labeling.subscribe((state, previous) => {
    const isImported = state.files.report !== null && state.files.report !== previous.files.report;
    const isRevised = state.lastAction !== null && state.lastAction !== previous.lastAction;
    if (state.runId && (isRevised || isImported)) conversations.getState().receiveRevision(state.runId);
  });
}

/** The app's stores on the app's client, subscribed once however often the window starts. */
export const subscribeApp = subscribeOnce(() =>
  subscribeStores(api(), {
    run: useRunStore,
    runs: useRunsStore,
    coverage: useCoverageStore,
    conversations: useConversationsStore,
    grading: useGradingStore,
    labeling: useLabelingStore,
    exports: useExportStore,
  }),
);
