import type { RunsListOutput } from '../../shared/api';
import type { Run, RunConfig, Spec } from '../../shared/domain';
import { aimProblems, ModelCallError, validateSpec } from '../../engine/index';
import { getRun, insertRun, listRuns as listStoredRuns, runBatches, runSummary, updateRun } from '../store/runs-repository';
import { getSpec, insertSpec } from '../store/specs-repository';
import type { AppContext } from './app-context';
import { newId } from './ids';
import { leaseConflictMessage, liveLeaseOf } from './run-lease';
import { drafterFor, parseRoles } from './model-roles';
import { keyRing, storedKeys } from './secrets';
import { ServiceError } from './service-error';

export function listRuns(context: AppContext, page: { limit: number; offset: number }): RunsListOutput {
  return listStoredRuns(context.db, page.limit, page.offset);
}

export function requireRun(context: AppContext, runId: string): Run {
  const run = getRun(context.db, runId);
  if (!run) throw new ServiceError('NOT_FOUND', `There is no run ${runId}.`);
  return run;
}

function runName(config: RunConfig, spec: Spec): string {
  if (config.name) return config.name;
  const text = config.source.kind === 'describe' ? config.source.sentence : spec.name;
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

export interface CreateRunOptions {
  /** Warnings the person read when the spec was drafted, kept on the run beside the service's own. */
  warnings?: readonly string[];
}

/** Drafts or checks the spec, then stores it and a queued run. Nothing starts yet. */
export async function createRun(context: AppContext, config: RunConfig, options: CreateRunOptions = {}): Promise<Run> {
  let spec: Spec;
  let warnings: string[] = [];
  parseRoles(config.models);
  if (config.replay_of !== undefined) {
    const replayed = requireRun(context, config.replay_of);
    const stored = replayed.spec_id ? getSpec(context.db, replayed.spec_id) : undefined;
    if (!stored) throw new ServiceError('NOT_FOUND', `Run ${config.replay_of} has no stored spec to replay.`);
    spec = stored;
  } else if (config.source.kind === 'describe') {
    const { drafter, warnings: drafterWarnings } = drafterFor(config, { keys: keyRing(process.env, storedKeys(context.keys)) });
    try {
      const drafted = await drafter.draft(config.source.sentence, { seed: config.seed });
      spec = drafted.spec;
      warnings = [...drafterWarnings, ...drafted.warnings];
    } catch (error) {
      if (ModelCallError.isInstance(error)) throw new ServiceError('MODEL_ERROR', `The simulator's model could not draft the spec: ${error.message}`);
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
  warnings = [...new Set([...(options.warnings ?? []), ...warnings])];
  const now = context.now().toISOString();
  const specId = newId('spec');
  const runId = newId('run');
  context.db.transaction(() => {
    insertSpec(context.db, specId, spec, now);
    insertRun(context.db, { id: runId, name: runName(config, spec), status: 'queued', config, now, spec_id: specId });
    if (warnings.length > 0) updateRun(context.db, runId, { warnings }, now);
  })();
  return requireRun(context, runId);
}

/** Creates a run and starts it in a worker thread. */
export async function startRun(context: AppContext, config: RunConfig, options: CreateRunOptions = {}): Promise<Run> {
  const run = await createRun(context, config, options);
  context.jobs.start(run.id);
  return requireRun(context, run.id);
}

export function cancelRun(context: AppContext, runId: string): Run {
  const run = requireRun(context, runId);
  if (!context.jobs.cancel(runId)) {
    const elsewhere = liveLeaseOf(context.db, runId);
    if (elsewhere) throw new ServiceError('CONFLICT', leaseConflictMessage(runId, elsewhere, Date.now()));
    if (run.status === 'queued' || run.status === 'interrupted') {
      updateRun(context.db, runId, { status: 'cancelled', stopped_because: 'cancelled' }, context.now().toISOString());
    } else {
      throw new ServiceError('CONFLICT', `Run ${runId} is not running (it is ${run.status}).`);
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
