import type { RunsListOutput } from '../../../shared/api';
import type { Run, RunConfig, Spec } from '../../../shared/domain';
import { aimProblems, ModelCallError, validateSpec } from '../../../engine/index';
import { withActiveTime } from '../../store/runs/run-active-time';
import {
  getRun,
  insertRun,
  listRuns as listStoredRuns,
  runBatches,
  runsChangeTokens,
  runSummary,
  updateRun,
} from '../../store/runs/runs-repository';
import { leasesOfRuns } from '../../store/runs/run-leases-repository';
import { insertSpec, specOfRun } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { newId } from '../app/ids';
import { leaseConflictMessage, leaseProgram, liveLeaseOf, RunLease, runWriter } from './run-lease';
import { resolveRunGrader } from '../grading/run-grader';
import { drafterFor, parseRoles, withEndpoints } from '../settings/model-roles';
import { keyRing, storedKeys } from '../settings/secrets';
import { ServiceError } from '../app/service-error';
import { clipWords } from '../../../shared/domain/clip-words';

/**
 * A page of runs, newest first, each with who writes it now. The page and its leases are read in one read
 * transaction (one snapshot), the leases in one query for the whole page.
 */
export function listRuns(context: AppContext, page: { limit: number; offset: number }, nowMs = Date.now()): RunsListOutput {
  return context.db.transaction((): RunsListOutput => {
    const { runs, total } = listStoredRuns(context.db, page.limit, page.offset);
    const leases = new Map(
      leasesOfRuns(
        context.db,
        runs.map((run) => run.id),
      ).map((lease) => [lease.run_id, lease]),
    );
    return {
      runs: runs.map((run) => {
        const lease = leases.get(run.id);
        return { ...run, writer: lease ? runWriter(lease, context.jobs.isActive(run.id), nowMs) : null };
      }),
      total,
    };
  })();
}

export function requireRun(context: AppContext, runId: string): Run {
  const run = getRun(context.db, runId);
  if (!run) throw new ServiceError('NOT_FOUND', `There is no run ${runId}.`);
  return run;
}

/** A run named by its sentence (or spec) takes at most this many characters of it, cut at a word. */
const RUN_NAME_CHARS = 80;

function runName(config: RunConfig, spec: Spec): string {
  if (config.name) return config.name;
  const text = config.source.kind === 'describe' ? config.source.sentence : spec.name;
  return clipWords(text, RUN_NAME_CHARS);
}

export interface CreateRunOptions {
  /** Warnings the person read when the spec was drafted, kept on the run beside the service's own. */
  warnings?: readonly string[];
}

/** Drafts or checks the spec, then stores it and a queued run. Nothing starts yet. */
export async function createRun(context: AppContext, config: RunConfig, options: CreateRunOptions = {}): Promise<Run> {
  const prepared = await prepareRun(context, config, options);
  const runId = storeRun(context, prepared);
  return requireRun(context, runId);
}

/**
 * createRun for a process that writes the run itself (`wai simulate`): the run's lease for `program` is taken in the
 * transaction that stores the run, so no other process ever sees the run without its writer (another app's start-up
 * would otherwise take a queued run with no lease as an interrupted one, and run it too).
 */
export async function createLeasedRun(
  context: AppContext,
  config: RunConfig,
  program: string,
  options: CreateRunOptions = {},
): Promise<{ run: Run; lease: RunLease }> {
  const prepared = await prepareRun(context, config, options);
  let lease: RunLease | undefined;
  const runId = storeRun(context, prepared, (id) => {
    lease = RunLease.acquire(context.db, id, program);
  });
  return { run: requireRun(context, runId), lease: lease! };
}

interface PreparedRun {
  /** The config as it is stored: its grader checked and completed (folder, version). */
  config: RunConfig;
  spec: Spec;
  warnings: string[];
}

/** Stores the spec and a queued run in one IMMEDIATE transaction; `alsoInTransaction` runs in it after the insert. */
function storeRun(context: AppContext, prepared: PreparedRun, alsoInTransaction?: (runId: string) => void): string {
  const { config, spec, warnings } = prepared;
  const now = context.now().toISOString();
  const specId = newId('spec');
  const runId = newId('run');
  context.db
    .transaction(() => {
      insertSpec(context.db, specId, spec, now);
      const models = withEndpoints(config.models, keyRing().base_urls);
      insertRun(context.db, {
        id: runId,
        name: runName(config, spec),
        status: 'queued',
        config: { ...config, models },
        now,
        spec_id: specId,
      });
      if (warnings.length > 0) updateRun(context.db, runId, { warnings }, now);
      alsoInTransaction?.(runId);
    })
    .immediate();
  return runId;
}

async function prepareRun(context: AppContext, config: RunConfig, options: CreateRunOptions): Promise<PreparedRun> {
  let spec: Spec;
  let warnings: string[] = [];
  parseRoles(config.models);
  if (config.replay_of !== undefined) {
    spec = replayedSpec(context, config.replay_of);
  } else if (config.source.kind === 'describe') {
    const { drafter, warnings: drafterWarnings } = drafterFor(config, {
      keys: keyRing(process.env, storedKeys(context.keys)),
      mode: context.mode,
    });
    try {
      const drafted = await drafter.draft(config.source.sentence, { seed: config.seed });
      spec = drafted.spec;
      warnings = [...drafterWarnings, ...drafted.warnings];
    } catch (error) {
      if (ModelCallError.isInstance(error))
        throw new ServiceError('MODEL_ERROR', `The simulator's model could not draft the spec: ${error.message}`);
      throw error;
    }
  } else {
    const checked = validateSpec(config.source.spec);
    if (!checked.ok) {
      throw new ServiceError(
        'VALIDATION_FAILED',
        `The spec is not valid: ${checked.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
        checked.issues.map((issue) => ({ path: `source.spec.${issue.path}`, message: issue.message })),
      );
    }
    spec = checked.spec;
    warnings = checked.warnings.map((warning) => `${warning.path}: ${warning.message}`);
  }
  const aimProblemsFound = config.aim ? aimProblems(spec.axes, config.aim) : [];
  if (aimProblemsFound.length > 0) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `The aim cannot be planned: ${aimProblemsFound.join('; ')}.`,
      aimProblemsFound.map((message) => ({ path: 'aim', message })),
    );
  }
  const grader =
    config.grader && resolveRunGrader(config.grader, spec, { keys: keyRing(process.env, storedKeys(context.keys)), mode: context.mode });
  return {
    config: grader ? { ...config, grader } : config,
    spec,
    warnings: [...new Set([...(options.warnings ?? []), ...warnings])],
  };
}

/** Creates a run and starts it in a worker thread. */
export async function startRun(context: AppContext, config: RunConfig, options: CreateRunOptions = {}): Promise<Run> {
  // The lease is taken in the run's own transaction: no other process ever sees the new run without its writer.
  const { run, lease } = await createLeasedRun(context, config, leaseProgram(context.mode), options);
  context.jobs.start(run.id, lease);
  return requireRun(context, run.id);
}

export function cancelRun(context: AppContext, runId: string): Run {
  const run = requireRun(context, runId);
  if (!context.jobs.cancel(runId)) {
    const elsewhere = liveLeaseOf(context.db, runId);
    if (elsewhere) throw new ServiceError('CONFLICT', leaseConflictMessage(runId, elsewhere, Date.now()));
    if (run.status !== 'queued' && run.status !== 'interrupted' && run.status !== 'running') {
      throw new ServiceError('CONFLICT', `Run ${runId} is not running (it is ${run.status}).`);
    }
    // No live writer: none, or one that died or froze (a run still "running"). Its lease is taken first (a takeover is
    // noted on the run), so a frozen writer that wakes writes nothing more, then the run is stopped here.
    const lease = RunLease.acquire(context.db, runId, leaseProgram(context.mode));
    try {
      updateRun(context.db, runId, { status: 'cancelled', stopped_because: 'cancelled' }, context.now().toISOString());
    } finally {
      lease.release();
    }
  }
  return requireRun(context, runId);
}

/** Continues a cancelled, interrupted or failed run from its stored rows. */
export function resumeRun(context: AppContext, runId: string): Run {
  const run = requireRun(context, runId);
  if (context.jobs.isActive(runId)) throw new ServiceError('CONFLICT', `Run ${runId} is already running.`);
  if (run.status === 'completed') throw new ServiceError('CONFLICT', `Run ${runId} is complete; start a new run to go further.`);
  context.jobs.start(runId);
  return requireRun(context, runId);
}

export function runDetail(context: AppContext, runId: string) {
  return { run: requireRun(context, runId), summary: runSummary(context.db, runId), batches: runBatches(context.db, runId) };
}

/** runs.get: the run's detail with how long it was running, once it has stopped (null while it runs). */
export function runDetailWithActiveTime(context: AppContext, runId: string) {
  return withActiveTime(context.db, runDetail(context, runId));
}

/**
 * runs.changes: a token that moves whenever a run is added, changes status or progress, or a grade lands, and one
 * that moves only when a run is added or removed or changes status.
 */
export function runsChanges(context: AppContext): { changes: string; listed: string } {
  return runsChangeTokens(context.db);
}

/** The stored spec a replay of `runId` is built from. */
export function replayedSpec(context: AppContext, runId: string): Spec {
  const spec = specOfRun(context.db, requireRun(context, runId));
  if (!spec) throw new ServiceError('NOT_FOUND', `Run ${runId} has no stored spec to replay.`);
  return spec;
}
