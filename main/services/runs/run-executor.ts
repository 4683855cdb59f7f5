import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { RunProgress } from '../../../shared/api';
import {
  explicitModeSettings,
  type BatchRecord,
  type Row,
  type Run,
  type RunConfig,
  type RunStatus,
  type SimulationSummary,
  type StopReason,
} from '../../../shared/domain';
import { offlineComponents, simulate, type SimulateOptions, type SimulationEvent } from '../../../engine/index';
import type { Db } from '../../store/database';
import { getRowByOrdinal, storedRowId } from '../../store/rows/rows-repository';
import { endFill, pendingFill } from '../../store/runs/run-fills-repository';
import { getRun, runUpdateWrite, updateRun, type RunUpdate } from '../../store/runs/runs-repository';
import { specOfRun } from '../../store/runs/specs-repository';
import { roleComponents, type RoleComponents } from '../settings/model-roles';
import { fillEnding, fillSimulateOptions, isFillOver } from './run-fill';
import { RunLease, RunLeaseLostError } from './run-lease';
import { keyRing, type KeyRing } from '../settings/secrets';
import { replaySimulateOptions } from '../prove/prove-service';
import { ServiceError } from '../app/service-error';
import { traceSimulateOptions } from '../traces/traces-service';
import { loadRunGrader, storedLoopGrade } from '../grading/run-grader';
import { nextStoring, RunRowStore, type LandedRow } from './run-row-store';
import { RunWrites, type Leased } from './run-writes';

export interface ExecuteRunOptions {
  db: Db;
  runId: string;
  onProgress?(progress: RunProgress): void;
  isCancelled?(): boolean;
  now?(): Date;
  /** Called with each landed row, in plan order, once it is committed (the CLI writes --out from here). */
  onRow?(row: Row): void;
  /** Where model keys come from (default: this process's environment). */
  keys?: KeyRing;
  /**
   * The run's lease, taken by the caller (the CLI before it prints, the app before it starts the thread); without
   * one, the run's lease is taken here for `program`. Either way it is released when the run stops, unless lost.
   */
  lease?: RunLease;
  /** Who writes, for another process's refusal message (default "a While Studio process"). */
  program?: string;
}

const PROGRESS_INTERVAL_MS = 250;

/** Stops that end a run as failed: no row survived, the grader proved broken, or a model refused the key or the account. */
export function isFailedStop(stoppedBecause: string): boolean {
  return (
    stoppedBecause === 'agent_failed' ||
    stoppedBecause === 'grader_failed' ||
    stoppedBecause.endsWith('_auth_failed') ||
    stoppedBecause.endsWith('_quota_exceeded')
  );
}

function statusFor(stoppedBecause: StopReason): RunStatus {
  if (stoppedBecause === 'cancelled') return 'cancelled';
  return isFailedStop(stoppedBecause) ? 'failed' : 'completed';
}

/** The run's people dials as the engine takes them; `mixed` patience leaves each person their own. */
function peopleOf(config: RunConfig): SimulateOptions['people'] {
  return {
    ...(config.hard_share === undefined ? {} : { hard_share: config.hard_share }),
    ...(config.patience === undefined || config.patience === 'mixed' ? {} : { patience: config.patience }),
    ...(config.avg_turns === undefined ? {} : { avg_turns: config.avg_turns }),
  };
}

/** What the run's error line says: the first agent error of a dead agent, or why a model stopped the run. */
function errorOf(summary: SimulationSummary): string | null {
  const reason = summary.stopped_because;
  if (reason === 'agent_failed')
    return summary.search.first_agent_error ?? summary.warnings.find((warning) => warning.startsWith('The run stopped early: ')) ?? reason;
  if (isFailedStop(reason)) return summary.warnings.find((warning) => warning.startsWith('The run stopped early: ')) ?? reason;
  return null;
}

/**
 * Runs (or resumes) one stored run to its end: rows already stored are replayed, new rows are written with the run's
 * count in transactions of the rows that land together (run-row-store.ts), and the summary lands with the final status.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<SimulationSummary> {
  const { db, runId } = options;
  const now = () => (options.now?.() ?? new Date()).toISOString();
  const run = getRun(db, runId);
  if (!run) throw new ServiceError('NOT_FOUND', `There is no run ${runId}.`);

  const lease = options.lease ?? RunLease.acquire(db, runId, options.program ?? 'a While Studio process');
  const stopHeartbeat = lease.startHeartbeat();
  // Every write of the run checks, in its own IMMEDIATE transaction, that this process still holds the lease.
  const leased: Leased = (write) => {
    const transaction = db.transaction((...args: Parameters<typeof write>) => {
      lease.assertHeld();
      write(...args);
    });
    return (...args) => void transaction.immediate(...args);
  };
  try {
    return await executeLeased(options, run, lease, leased);
  } catch (error) {
    if (!RunLeaseLostError.isInstance(error) && !lease.lost) {
      const message = error instanceof Error ? error.message : String(error);
      try {
        leased(() => updateRun(db, runId, { status: 'failed', error: message }, now()))();
      } catch {
        // Lost the lease in between: the run is another process's now.
      }
    }
    throw error;
  } finally {
    stopHeartbeat();
    lease.release();
  }
}

async function executeLeased(options: ExecuteRunOptions, stored: Run, lease: RunLease, leased: Leased): Promise<SimulationSummary> {
  const { db, runId } = options;
  const now = () => (options.now?.() ?? new Date()).toISOString();
  // Read again under the lease: a takeover adds a warning, and a previous writer may have stored rows until now.
  const run = getRun(db, runId) ?? stored;
  const spec = specOfRun(db, run);
  if (!spec) throw new ServiceError('NOT_FOUND', `Run ${runId} has no stored spec.`);
  const config = run.config;
  const update = leased((fields: RunUpdate) => updateRun(db, runId, fields, now()));
  update({ status: 'running', error: null });
  // "Fill this cell" in place: the run goes on with the cell pinned, from its last row (run-fill.ts).
  const fill = pendingFill(db, runId);
  const endFillLeased = leased((id: number) => endFill(db, id, now()));
  const budget = fill?.budget ?? config.budget;

  const started = performance.now();
  const batches: BatchRecord[] = [];
  let rowsDone = 0;
  let newRows = 0;
  let lost = 0;
  // The first row is reported at once (the Run view leaves "queued" on it), then at most every PROGRESS_INTERVAL_MS.
  let lastProgress = -PROGRESS_INTERVAL_MS;
  const progress = (batch: BatchRecord | null) => {
    const elapsed = performance.now() - started;
    if (batch === null && elapsed - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = elapsed;
    const rate = elapsed > 0 ? (newRows / elapsed) * 1000 : 0;
    options.onProgress?.({
      run_id: runId,
      status: 'running',
      rows_done: rowsDone,
      budget,
      rows_per_second: Math.round(rate * 10) / 10,
      seconds_left: newRows >= 5 && rate > 0 ? Math.round(Math.max(0, budget - rowsDone) / rate) : null,
      lost,
      batch,
    });
  };

  // A failure from here on is stored as the run's error by executeRun (under the lease).
  const keys = options.keys ?? keyRing();
  const runGrader = await loadRunGrader(config, spec, { keys });
  let roles: RoleComponents;
  try {
    roles = roleComponents(config, spec, { keys });
  } catch (error) {
    await runGrader?.close();
    throw error;
  }
  const events = simulate({
    ...offlineComponents(spec, { seed: config.seed, ...(config.avg_turns === undefined ? {} : { avg_turns: config.avg_turns }) }),
    ...roles.components,
    ...(runGrader ? { grader: runGrader.grader } : {}),
    people: peopleOf(config),
    notes: roles.notes,
    spec,
    seed: config.seed,
    budget: config.budget,
    ...(config.situations === undefined ? {} : { situations: config.situations }),
    // The mode fills the settings the person left unset; those they set win.
    mode: config.mode,
    ...explicitModeSettings(config),
    ...(config.time_budget === undefined ? {} : { time_budget: config.time_budget }),
    until: config.until,
    ...(config.aim ? { aim: config.aim } : {}),
    ...traceSimulateOptions(db, runId),
    ...replaySimulateOptions(db, config.replay_of),
    concurrency: config.concurrency,
    ...(run.rows_done > 0
      ? {
          resume: {
            get: (ordinal: number) => getRowByOrdinal(db, runId, ordinal),
            grade: (ordinal: number) => runGrader && storedLoopGrade(db, storedRowId(runId, ordinal), runGrader.provenance),
          },
        }
      : {}),
    ...(fill ? fillSimulateOptions(fill, run) : {}),
    // A lease lost to a heartbeat check stops the rollouts too; the next write would throw anyway.
    isCancelled: () => lease.lost || (options.isCancelled?.() ?? false),
    clock: () => performance.now(),
    // Planning a batch lets the replies of the calls in flight through between situations instead of holding them.
    pause: () => yieldToEventLoop(),
  });

  const writes = RunWrites.forRun(db, lease, leased, { isOffline: Object.keys(roles.components).length === 0 && !runGrader });
  const rows = new RunRowStore({
    runId,
    writes,
    context: { system_prompt: spec.system_prompt, tools: spec.tools },
    now,
    onStored: (landed: LandedRow) => {
      if (!landed.resumed) newRows++;
      rowsDone++;
      options.onRow?.(landed.row);
      progress(null);
    },
  });

  let previousBatchStored = Promise.resolve();
  try {
    for (;;) {
      const next = await nextStoring(events, rows);
      if (next.done) {
        rows.flush();
        await writes.settled();
        const logprobs = roles.logprobs();
        const summary = logprobs ? { ...next.value, logprobs } : next.value;
        const ending: RunUpdate = {
          status: statusFor(summary.stopped_because),
          stopped_because: summary.stopped_because,
          error: errorOf(summary),
        };
        if (fill) {
          update(fillEnding(db, run, spec, fill, summary, ending));
          if (isFillOver(ending.status)) endFillLeased(fill.id);
          return summary;
        }
        update({
          ...ending,
          degraded: summary.degraded,
          warnings: [...new Set([...run.warnings, ...summary.warnings])],
          pairwise: summary.coverage.pairwise,
          summary,
        });
        return summary;
      }
      await handleEvent(next.value);
    }
  } catch (error) {
    rows.flushAfterFailure();
    await writes.drained();
    throw error;
  } finally {
    await writes.close();
    roles.close();
    await runGrader?.close();
  }

  async function handleEvent(event: SimulationEvent): Promise<void> {
    switch (event.type) {
      case 'row':
        roles.observe(event.row);
        rows.add({
          row: event.row,
          resumed: event.resumed,
          duration_ms: event.duration_ms,
          grade: event.grade,
          conduct: event.conduct,
          landed_at: now(),
        });
        // A burst of rows (those read after a slow rollout) is stored a window at a time, the calls' replies let in between.
        if (!rows.isWaiting) await yieldToEventLoop();
        return;
      case 'batch':
        // The batch's rows are stored before its record, as they landed before it.
        rows.flush();
        batches.push(event.record);
        // A fill keeps the first run's batches and pairwise (it is counted again over every row at its end).
        writes.write(fill ? [] : [runUpdateWrite(runId, { pairwise: event.record.pairwise, batches }, now())], () =>
          progress(event.record),
        );
        // The run goes on while this batch is stored, but never more than one batch ahead of its store: the batch
        // before it is committed (and reported) first, so offline rows, which land faster than they are stored, wait
        // for it. Then cancel messages and other I/O come through, between batches of CPU-bound rollouts too.
        await previousBatchStored;
        previousBatchStored = writes.drained();
        writes.throwIfFailed();
        await yieldToEventLoop();
        return;
      case 'lost':
        lost++;
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }
}
