import type { StoreApi } from 'zustand';
import type { RunEnd, RunProgress } from '../../../shared/api';
import type { ApiClient } from '../../api/client';
import { latestRequest } from '../helpers/latest-request';
import type { RunsState } from './initial-state';
import { selectFollowsElsewhere, selectWritesOwnRun } from './selectors';

/** How often the list is read again while it shows a run another process writes (ms). */
export const FOLLOW_INTERVAL_MS = 2_000;
/**
 * How often the list, on screen and following nothing, asks whether any run changed meanwhile (ms): a run `wai
 * simulate` starts, or an older run another process resumes, cancels or finishes, sends no event here. The check
 * reads the runs' change tokens (`runs.changes`), and the page only when one moved: such a run shows within 5 s.
 */
export const IDLE_CHECK_INTERVAL_MS = 4_000;
/**
 * While this app writes one of the listed runs, the change token moves with each of its rows, and its events already
 * keep its status and row count live: a token moved by rows or grades alone then reads the page again at most this
 * often (ms). A run added or removed, or a status changed (the `listed` token), reads it at the next check.
 */
export const OWN_RUN_READ_INTERVAL_MS = 15_000;
/** The list's page: the newest runs. */
const LIST_PAGE = { limit: 200, offset: 0 } as const;

export interface RunsActions {
  /**
   * The list came on screen: loads it, reads it again while it shows a run another process writes, and otherwise
   * checks now and then whether another process changed any run (less often while this app writes one: see
   * OWN_RUN_READ_INTERVAL_MS).
   */
  open(): Promise<void>;
  /** Loads the list; once read, run events (this app's own runs) keep its statuses and counts live. */
  loadRuns(): Promise<void>;
  /** The list is back in view (its window shown or focused again): reads it without a loading state, and follows again. */
  refresh(): Promise<void>;
  receiveProgress(progress: RunProgress): void;
  /** A run ended: the end brings the final status, coverage and degraded codes, so a list read before is read again. */
  receiveEnd(end: RunEnd): void;
  /** The list left the screen (another view, or its window hidden): stop reading it again. */
  leave(): void;
}

export function createRunsActions(set: StoreApi<RunsState>['setState'], get: () => RunsState, client: () => ApiClient): RunsActions {
  let onScreen = false;
  /** The one pending timer: a follow read (every 2 s) or an idle check (every 4 s). */
  let followTimer: ReturnType<typeof setTimeout> | undefined;
  /** An answer older than the latest read is dropped (a slow tick never overwrites a newer list). */
  const reads = latestRequest();
  /** The change tokens the shown page came with (read just before it); null before the first read. */
  let shownChanges: string | null = null;
  let shownListed: string | null = null;
  /** When the shown page was read (ms, wall clock). */
  let shownAt = 0;

  function stopFollowing(): void {
    clearTimeout(followTimer);
    followTimer = undefined;
  }

  /**
   * While the list is on screen: reads it again in FOLLOW_INTERVAL_MS when it shows a run another process writes,
   * else checks in IDLE_CHECK_INTERVAL_MS whether any run changed.
   */
  function followSoon(): void {
    stopFollowing();
    if (!onScreen) return;
    if (selectFollowsElsewhere(get())) followTimer = setTimeout(() => void read(true), FOLLOW_INTERVAL_MS);
    else if (get().status === 'ready') followTimer = setTimeout(() => void check(), IDLE_CHECK_INTERVAL_MS);
  }

  /** Asks for the runs' change token; reads the page when it moved since the shown page was read. */
  async function check(): Promise<void> {
    followTimer = undefined;
    const isQuiet = reads.watch();
    const result = await client().call('runs.changes', {});
    // A read started meanwhile (an event, a focus) already brings the list and schedules what follows.
    if (!isQuiet() || followTimer !== undefined) return;
    // A failed check (the store busy) keeps what is shown and asks again on the next tick.
    const hasMoved = result.ok && result.value.changes !== shownChanges;
    const hasListMoved = result.ok && result.value.listed !== shownListed;
    // The token stays unmatched meanwhile: the read comes once the interval is over, unless an event brings it sooner.
    const isOwnRows = selectWritesOwnRun(get()) && Date.now() - shownAt < OWN_RUN_READ_INTERVAL_MS;
    if (hasListMoved || (hasMoved && !isOwnRows)) await read(true);
    else followSoon();
  }

  async function read(quiet: boolean): Promise<void> {
    const isLatest = reads.start();
    if (!quiet) set({ status: 'loading', error: null });
    // The token first: a write between the two reads is in the page and moves the next token (one extra read, never a
    // missed change). Without a token (the read failed) the next check reads the page again.
    const changes = await client().call('runs.changes', {});
    const result = await client().call('runs.list', LIST_PAGE);
    if (!isLatest()) return;
    if (result.ok) {
      shownChanges = changes.ok ? changes.value.changes : null;
      shownListed = changes.ok ? changes.value.listed : null;
      shownAt = Date.now();
      set({ runs: result.value.runs, total: result.value.total, status: 'ready', error: null });
    }
    // A failed quiet read (the store busy, a dropped connection) keeps what is shown and tries again on the next tick.
    else if (!quiet || get().status !== 'ready') set({ status: 'error', error: result.error.message });
    followSoon();
  }

  const actions: RunsActions = {
    async open() {
      onScreen = true;
      await actions.loadRuns();
    },
    async loadRuns() {
      await read(false);
    },
    async refresh() {
      onScreen = true;
      await read(true);
    },
    receiveProgress(progress) {
      const runs = get().runs;
      if (!runs.some((run) => run.id === progress.run_id)) return;
      set({
        runs: runs.map((run) =>
          run.id === progress.run_id
            ? {
                ...run,
                status: progress.status,
                rows_done: Math.max(run.rows_done, progress.rows_done),
                pairwise: progress.batch?.pairwise ?? run.pairwise,
              }
            : run,
        ),
      });
    },
    receiveEnd() {
      if (get().status !== 'idle') void actions.loadRuns();
    },
    leave() {
      onScreen = false;
      stopFollowing();
    },
  };
  return actions;
}
