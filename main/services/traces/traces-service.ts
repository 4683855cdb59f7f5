import type { AimSummary, FailureMap, TraceImport, TraceSummary } from '../../../shared/api/traces';
import { RunConfig, type Run } from '../../../shared/domain';

type RunSource = RunConfig['source'];
import { failureMap, specFromTraces, traceAim, type FailureMapOptions, type TraceAim } from '../../../engine/index';
import { specOfRun } from '../../store/runs/specs-repository';
import { updateRun } from '../../store/runs/runs-repository';
import {
  deleteTraceImport,
  getTraceAim,
  insertTraceAim,
  listTraceImports,
  mapTraces,
  missingImportIds,
  pageTraceRows,
  traceRows,
  traceSourceTexts,
} from '../../store/traces/traces-repository';
import type { Db } from '../../store/database';
import type { AppContext } from '../app/app-context';
import { createRun, requireRun } from '../runs/runs-service';
import { ServiceError } from '../app/service-error';
import { chosenVersions, keepVersions } from './traces-versions';

export { importTraces, type TraceFileText } from './traces-import';

export function listImports(context: AppContext): { imports: TraceImport[] } {
  return { imports: listTraceImports(context.db) };
}

export function deleteImport(context: AppContext, importId: string): { deleted: boolean } {
  if (!deleteTraceImport(context.db, importId)) throw new ServiceError('NOT_FOUND', `There is no trace import ${importId}.`);
  return { deleted: true };
}

/** The imports a request names (all when it names none); unknown ids are an error, not an empty map. */
function importScope(context: AppContext, importIds: readonly string[] | undefined): { ids: string[]; filter: string[] | null } {
  if (importIds === undefined || importIds.length === 0)
    return { ids: listTraceImports(context.db).map((entry) => entry.id), filter: null };
  const missing = missingImportIds(context.db, importIds);
  if (missing.length > 0) throw new ServiceError('NOT_FOUND', `There is no trace import ${missing.join(', ')}.`);
  return { ids: [...importIds], filter: [...importIds] };
}

/** The map over the imports named (default all), comparing the versions given, else the pair kept in this data folder. */
export function traceFailureMap(context: AppContext, importIds?: readonly string[], versions?: FailureMapOptions): FailureMap {
  const scope = importScope(context, importIds);
  return { import_ids: scope.ids, ...failureMap(mapTraces(context.db, scope.filter), versions ?? chosenVersions(context.db)) };
}

/**
 * Chooses the before and after model versions the map compares (both null: back to the default, the two seen
 * last), kept in this data folder for the map, the CLI and "Aim a run here". A version the traces do not name, or
 * the same version twice, is refused naming the field.
 */
export function compareVersions(
  context: AppContext,
  input: { before_version: string | null; after_version: string | null; import_ids?: readonly string[] },
): FailureMap {
  const { before_version: before, after_version: after } = input;
  importScope(context, input.import_ids);
  if (before === null || after === null) {
    keepVersions(context.db, null);
    return traceFailureMap(context, input.import_ids, {});
  }
  const named = failureMap(mapTraces(context.db, null)).versions.flatMap((version) => (version.version === null ? [] : [version.version]));
  const issues = [
    ...(named.includes(before) ? [] : [{ path: 'before_version', message: `no imported trace names the model version "${before}"` }]),
    ...(named.includes(after) ? [] : [{ path: 'after_version', message: `no imported trace names the model version "${after}"` }]),
    ...(before === after && named.includes(before)
      ? [{ path: 'after_version', message: 'choose a different version from the before version' }]
      : []),
  ];
  if (issues.length > 0) {
    const known = named.length === 0 ? 'the traces name no model version' : `the traces name ${named.join(', ')}`;
    throw new ServiceError(
      'VALIDATION_FAILED',
      `These versions cannot be compared: ${issues.map((issue) => issue.message).join('; ')} (${known}).`,
      issues,
    );
  }
  const versions = { before_version: before, after_version: after };
  keepVersions(context.db, versions);
  return traceFailureMap(context, input.import_ids, versions);
}

const CellKey = (key: string): { tool: string; tool_condition: string; world_state: string } => {
  try {
    const value = JSON.parse(key) as Record<string, unknown>;
    if (typeof value.tool === 'string' && typeof value.tool_condition === 'string' && typeof value.world_state === 'string') {
      return { tool: value.tool, tool_condition: value.tool_condition, world_state: value.world_state };
    }
  } catch {
    // reported below
  }
  throw new ServiceError('VALIDATION_FAILED', `"${key}" is not a failure-map cell key.`, [
    { path: 'cell', message: 'use a key from traces.map' },
  ]);
};

export function pageTraces(
  context: AppContext,
  input: { import_ids?: readonly string[]; cell?: string; limit: number; offset: number },
): { rows: TraceSummary[]; total: number } {
  const scope = importScope(context, input.import_ids);
  return pageTraceRows(context.db, {
    import_ids: scope.filter,
    cell: input.cell ? CellKey(input.cell) : null,
    limit: input.limit,
    offset: input.offset,
  });
}

export interface AimInput {
  import_ids?: readonly string[];
  cells?: readonly string[];
  source?: RunSource;
  name?: string;
  budget: number;
  seed: number;
  exploration: number;
}

function aimSummary(aim: TraceAim, warnings: string[]): AimSummary {
  return {
    regions: aim.regions.map(({ key, tool, tool_condition, world_state, status, share }) => ({
      key,
      tool,
      tool_condition,
      world_state,
      status,
      share,
    })),
    steering_weight: aim.steering_weight,
    n_sources: aim.sources.length,
    warnings,
  };
}

/**
 * "Aim a run here": a run whose grid is steered at the weak cells of the traces (or the cells picked), on the
 * given spec or one read off the traces, with generated near copies of a trace dropped. The aim is stored with the
 * run, so a resumed run steers the same.
 */
export async function aimRun(context: AppContext, input: AimInput): Promise<{ run: Run; aim: AimSummary }> {
  const scope = importScope(context, input.import_ids);
  const map = failureMap(mapTraces(context.db, scope.filter), chosenVersions(context.db));
  if (map.n_traces === 0) throw new ServiceError('CONFLICT', 'There are no traces to aim at: import trace files first.');
  const known = new Set(map.cells.map((cell) => cell.key));
  const unknown = (input.cells ?? []).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${unknown.length} chosen cell(s) are not on the failure map of these imports.`,
      unknown.map((key) => ({ path: 'cells', message: `"${key}" is not a cell of the failure map` })),
    );
  }
  const targets = input.cells && input.cells.length > 0 ? input.cells : map.cells.filter((cell) => cell.is_weak).map((cell) => cell.key);
  if (targets.length === 0) {
    throw new ServiceError(
      'CONFLICT',
      'Nothing fails in these traces, so there is no weak cell to aim at: pick the cells to aim at, or import graded traces ' +
        '(whileai.reward).',
    );
  }
  const source: RunSource = input.source ?? { kind: 'spec', spec: specFromTraces(traceRows(context.db, scope.filter)) };
  const top = map.cells.find((cell) => cell.key === targets[0]);
  const config = RunConfig.parse({
    name: input.name ?? `Aimed at traces: ${top ? `${top.tool} · ${top.tool_condition} · ${top.world_state}` : 'weak cells'}`,
    source,
    budget: input.budget,
    seed: input.seed,
  });
  const run = await createRun(context, config);
  const spec = specOfRun(context.db, run);
  if (!spec) throw new ServiceError('INTERNAL', `Run ${run.id} has no stored spec.`);
  const aim = traceAim(map, traceSourceTexts(context.db, scope.filter), spec.axes, { cells: targets, exploration: input.exploration });
  const warnings: string[] = [];
  const untraced = [...new Set(aim.regions.map((region) => region.tool))].filter((tool) => !spec.axes.tool.includes(tool));
  if (untraced.length > 0) {
    warnings.push(
      `The spec has no tool named ${untraced.join(', ')}: those cells are aimed at by their fault and world state only. Start from the ` +
        `traces' own spec to aim at the tools too.`,
    );
  }
  const now = context.now().toISOString();
  context.db.transaction(() => {
    insertTraceAim(context.db, run.id, scope.ids, aim, now);
    if (warnings.length > 0) updateRun(context.db, run.id, { warnings: [...run.warnings, ...warnings] }, now);
  })();
  context.jobs.start(run.id);
  return { run: requireRun(context, run.id), aim: aimSummary(aim, warnings) };
}

/**
 * The simulate options a run aimed at traces adds (`trace_aim`), for the run executor: `{}` for any other run.
 * Hook: `simulate({ ..., ...traceSimulateOptions(db, runId) })` in main/services/runs/run-executor.ts.
 */
export function traceSimulateOptions(db: Db, runId: string): { trace_aim?: TraceAim } {
  const aim = getTraceAim(db, runId);
  return aim ? { trace_aim: aim } : {};
}
