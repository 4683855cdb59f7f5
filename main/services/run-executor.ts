import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { RunProgress } from '../../shared/api';
import type { Row, RunStatus, SimulationSummary, StopReason } from '../../shared/domain';
import { offlineComponents, simulate, type SimulationEvent } from '../../engine/index';
import type { Db } from '../store/database';
import { getRowByOrdinal, insertRow } from '../store/rows-repository';
import { bumpRowsDone, getRun, updateRun } from '../store/runs-repository';
import { getSpec } from '../store/specs-repository';
import { agentFor } from './agent-factory';
import { ServiceError } from './service-error';

export interface ExecuteRunOptions {
  db: Db;
  runId: string;
  onProgress?(progress: RunProgress): void;
  isCancelled?(): boolean;
  now?(): Date;
  /** Called with each landed row after it is stored (the CLI writes --out from here). */
  onRow?(row: Row): void;
}

const PROGRESS_INTERVAL_MS = 250;

function statusFor(stoppedBecause: StopReason): RunStatus {
  if (stoppedBecause === 'cancelled') return 'cancelled';
  if (stoppedBecause === 'agent_failed' || stoppedBecause.endsWith('_auth_failed') || stoppedBecause.endsWith('_quota_exceeded')) return 'failed';
  return 'completed';
}

/**
 * Runs (or resumes) one stored run to its end: rows already stored are replayed, each new row is written in
 * its own transaction with the run's count, and the summary lands with the final status.
 */
export async function executeRun(options: ExecuteRunOptions): Promise<SimulationSummary> {
  const { db, runId } = options;
  const now = () => (options.now?.() ?? new Date()).toISOString();
  const run = getRun(db, runId);
  if (!run) throw new ServiceError('NOT_FOUND', `There is no run ${runId}.`);
  const spec = run.spec_id ? getSpec(db, run.spec_id) : undefined;
  if (!spec) throw new ServiceError('NOT_FOUND', `Run ${runId} has no stored spec.`);

  const config = run.config;
  const storeRow = db.transaction((row: Row, durationMs: number) => {
    insertRow(db, row, { run_id: runId, duration_ms: durationMs, created_at: now() });
    bumpRowsDone(db, runId, now());
  });
  updateRun(db, runId, { status: 'running', error: null }, now());

  const started = performance.now();
  let rowsDone = 0;
  let lastProgress = 0;
  const progress = (force: boolean) => {
    const elapsed = performance.now() - started;
    if (!force && elapsed - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = elapsed;
    options.onProgress?.({
      run_id: runId,
      status: 'running',
      rows_done: rowsDone,
      budget: config.budget,
      rows_per_second: elapsed > 0 ? Math.round((rowsDone / elapsed) * 1000 * 10) / 10 : 0,
    });
  };

  const agent = agentFor(config);
  const events = simulate({
    ...offlineComponents(spec, { seed: config.seed }),
    ...(agent ? { agent } : {}),
    spec,
    seed: config.seed,
    budget: config.budget,
    ...(config.situations === undefined ? {} : { situations: config.situations }),
    phrasings: config.phrasings,
    repeats: config.repeats,
    fault_rate: config.fault_rate,
    prefer_success: config.prefer_success,
    concurrency: config.concurrency,
    ...(run.rows_done > 0 ? { resume: { get: (ordinal: number) => getRowByOrdinal(db, runId, ordinal) } } : {}),
    isCancelled: () => options.isCancelled?.() ?? false,
    clock: () => performance.now(),
  });

  try {
    for (;;) {
      const next = await events.next();
      if (next.done) {
        const summary = next.value;
        updateRun(
          db,
          runId,
          {
            status: statusFor(summary.stopped_because),
            stopped_because: summary.stopped_because,
            degraded: summary.degraded,
            warnings: [...new Set([...run.warnings, ...summary.warnings])],
            pairwise: summary.coverage.pairwise,
            summary,
            error: summary.stopped_because === 'agent_failed' ? summary.search.first_agent_error : null,
          },
          now(),
        );
        return summary;
      }
      await handleEvent(next.value);
    }
  } catch (error) {
    updateRun(db, runId, { status: 'failed', error: error instanceof Error ? error.message : String(error) }, now());
    throw error;
  } finally {
    agent?.close();
  }

  async function handleEvent(event: SimulationEvent): Promise<void> {
    switch (event.type) {
      case 'row':
        if (!event.resumed) storeRow(event.row, event.duration_ms);
        rowsDone++;
        options.onRow?.(event.row);
        progress(false);
        return;
      case 'batch':
        updateRun(db, runId, { pairwise: event.record.pairwise }, now());
        progress(true);
        // Let cancel messages and other I/O through between batches of CPU-bound offline rollouts.
        await yieldToEventLoop();
        return;
      case 'lost':
        return;
      default: {
        const unreachable: never = event;
        return unreachable;
      }
    }
  }
}
