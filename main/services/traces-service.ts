import type { AimSummary, FailureMap, TraceImport, TraceSummary } from '../../shared/api/traces';
import type { Issue } from '../../shared/api';
import { RunConfig, type Run } from '../../shared/domain';

type RunSource = RunConfig['source'];
import {
  failureMap,
  formatTraceIssue,
  parseTraceFile,
  placeTrace,
  specFromTraces,
  TraceImportError,
  traceAim,
  type TraceAim,
  type TraceFile,
  type TraceIssue,
} from '../../engine/index';
import { getSpec } from '../store/specs-repository';
import { updateRun } from '../store/runs-repository';
import {
  deleteTraceImport,
  getTraceAim,
  insertTraceAim,
  insertTraceImport,
  listTraceImports,
  mapTraces,
  missingImportIds,
  pageTraceRows,
  traceRows,
  traceSourceTexts,
} from '../store/traces-repository';
import type { Db } from '../store/database';
import type { AppContext } from './app-context';
import { newId } from './ids';
import { createRun, requireRun } from './runs-service';
import { ServiceError } from './service-error';

export interface TraceFileText {
  name: string;
  text: string;
}

function issuePath(issue: TraceIssue): string {
  const where = [issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`];
  if (issue.span_id !== undefined) where.push(`span ${issue.span_id}`);
  if (issue.field !== undefined) where.push(issue.field);
  return where.join(' ');
}

/** Every file is read before anything is written; one bad file imports nothing and names every problem. */
function readFiles(files: readonly TraceFileText[], rewardKeys: readonly string[] | undefined): TraceFile[] {
  const issues: TraceIssue[] = [];
  const parsed: TraceFile[] = [];
  const names = new Set<string>();
  for (const file of files) {
    if (names.has(file.name)) issues.push({ file: file.name, message: 'the same file was chosen twice' });
    names.add(file.name);
    try {
      parsed.push(parseTraceFile(file.name, file.text, rewardKeys ? { reward_keys: rewardKeys } : {}));
    } catch (error) {
      if (!TraceImportError.isInstance(error)) throw error;
      issues.push(...error.issues);
    }
  }
  if (issues.length > 0) {
    const shown = issues.slice(0, 3).map(formatTraceIssue).join('; ');
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    throw new ServiceError(
      'VALIDATION_FAILED',
      `Nothing was imported: ${issues.length === 1 ? 'a problem' : `${issues.length} problems`} in the trace files${more}. ${shown}`,
      issues.map((issue): Issue => ({ path: issuePath(issue), message: issue.message })),
    );
  }
  return parsed;
}

/** Imports trace files (OTLP JSON in GenAI or OpenInference conventions, or JSONL rows) in one transaction. */
export function importTraces(context: AppContext, input: { files: readonly TraceFileText[]; reward_keys?: readonly string[] }): TraceImport {
  const files = readFiles(input.files, input.reward_keys);
  const rows = files.flatMap((file) => file.rows.map((row) => ({ row, placement: placeTrace(row) })));
  const versions = failureMap(rows.map(({ row, placement }) => ({ ...row, dimensions: placement.dimensions, faults: placement.faults }))).versions;
  const id = newId('import');
  const first = files[0]!.file;
  insertTraceImport(context.db, {
    id,
    name: files.length === 1 ? first : `${first} and ${files.length - 1} more`,
    created_at: context.now().toISOString(),
    files: files.map((file) => ({ file: file.file, format: file.format, rows: file.rows.length })),
    model_versions: versions.flatMap((version) => (version.version === null ? [] : [version.version])),
    warnings: files.flatMap((file) => file.warnings),
    rows,
  });
  const stored = listTraceImports(context.db).find((entry) => entry.id === id);
  if (!stored) throw new ServiceError('INTERNAL', `The import ${id} was written but cannot be read back.`);
  return stored;
}

export function listImports(context: AppContext): { imports: TraceImport[] } {
  return { imports: listTraceImports(context.db) };
}

export function deleteImport(context: AppContext, importId: string): { deleted: boolean } {
  if (!deleteTraceImport(context.db, importId)) throw new ServiceError('NOT_FOUND', `There is no trace import ${importId}.`);
  return { deleted: true };
}

/** The imports a request names (all when it names none); unknown ids are an error, not an empty map. */
function importScope(context: AppContext, importIds: readonly string[] | undefined): { ids: string[]; filter: string[] | null } {
  if (importIds === undefined || importIds.length === 0) return { ids: listTraceImports(context.db).map((entry) => entry.id), filter: null };
  const missing = missingImportIds(context.db, importIds);
  if (missing.length > 0) throw new ServiceError('NOT_FOUND', `There is no trace import ${missing.join(', ')}.`);
  return { ids: [...importIds], filter: [...importIds] };
}

export function traceFailureMap(context: AppContext, importIds?: readonly string[]): FailureMap {
  const scope = importScope(context, importIds);
  return { import_ids: scope.ids, ...failureMap(mapTraces(context.db, scope.filter)) };
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
  throw new ServiceError('VALIDATION_FAILED', `"${key}" is not a failure-map cell key.`, [{ path: 'cell', message: 'use a key from traces.map' }]);
};

export function pageTraces(
  context: AppContext,
  input: { import_ids?: readonly string[]; cell?: string; limit: number; offset: number },
): { rows: TraceSummary[]; total: number } {
  const scope = importScope(context, input.import_ids);
  return pageTraceRows(context.db, { import_ids: scope.filter, cell: input.cell ? CellKey(input.cell) : null, limit: input.limit, offset: input.offset });
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
    regions: aim.regions.map(({ key, tool, tool_condition, world_state, status, share }) => ({ key, tool, tool_condition, world_state, status, share })),
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
  const map = failureMap(mapTraces(context.db, scope.filter));
  if (map.n_traces === 0) throw new ServiceError('CONFLICT', 'There are no traces to aim at: import trace files first.');
  const known = new Set(map.cells.map((cell) => cell.key));
  const unknown = (input.cells ?? []).filter((key) => !known.has(key));
  if (unknown.length > 0) {
    throw new ServiceError('VALIDATION_FAILED', `${unknown.length} chosen cell(s) are not on the failure map of these imports.`, unknown.map((key) => ({ path: 'cells', message: `"${key}" is not a cell of the failure map` })));
  }
  const targets = input.cells && input.cells.length > 0 ? input.cells : map.cells.filter((cell) => cell.is_weak).map((cell) => cell.key);
  if (targets.length === 0) {
    throw new ServiceError('CONFLICT', 'Nothing fails in these traces, so there is no weak cell to aim at: pick the cells to aim at, or import graded traces (whileai.reward).');
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
  const spec = run.spec_id ? getSpec(context.db, run.spec_id) : undefined;
  if (!spec) throw new ServiceError('INTERNAL', `Run ${run.id} has no stored spec.`);
  const aim = traceAim(map, traceSourceTexts(context.db, scope.filter), spec.axes, { cells: targets, exploration: input.exploration });
  const warnings: string[] = [];
  const untraced = [...new Set(aim.regions.map((region) => region.tool))].filter((tool) => !spec.axes.tool.includes(tool));
  if (untraced.length > 0) {
    warnings.push(`The spec has no tool named ${untraced.join(', ')}: those cells are aimed at by their fault and world state only. Start from the traces' own spec to aim at the tools too.`);
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
 * Hook: `simulate({ ..., ...traceSimulateOptions(db, runId) })` in main/services/run-executor.ts.
 */
export function traceSimulateOptions(db: Db, runId: string): { trace_aim?: TraceAim } {
  const aim = getTraceAim(db, runId);
  return aim ? { trace_aim: aim } : {};
}
