import { isAbsoluteFolder, relativeEvalFileMessage, type ExportRequest, type SplitName } from '../../../shared/api/exports';
import type { Run } from '../../../shared/domain';
import {
  type DecontaminationReport,
  Decontaminator,
  type EvalRow,
  type ExportOptions,
  parseDecontaminationJsonl,
  type RunContext,
  splitOf,
} from '../../../engine/index';
import { specOfRun } from '../../store/runs/specs-repository';
import type { AppContext } from '../app/app-context';
import { type RowOrder, runPrompts, selectedRows } from '../../store/exports/export-rows-repository';
import { requireRun } from '../runs/runs-service';
import { ServiceError } from '../app/service-error';
import { simulatorErrorRows } from '../app/simulator-error-rows';
import { readTextFile } from '../app/text-file';

/** What an export will read, decided before any row body is parsed: ids per split and the evaluation rows to avoid. */
export interface ExportPlan {
  request: ExportRequest;
  run: Run;
  context: RunContext | null;
  order: RowOrder;
  ids: Map<SplitName, string[]>;
  n_selected: number;
  simulator_errors: number;
  /** Selected rows in holdout or eval. */
  evaluation_rows: number;
  /** Rows in a split the request does not export. */
  unexported: Partial<Record<SplitName, number>>;
  /** What the decontamination dropped, before any split is written; null when there was nothing to check against. */
  decontamination: DecontaminationReport | null;
  warnings: string[];
}

export const isPreference = (format: ExportRequest['format']) => format.startsWith('dpo-');

export const NO_ROWS_WARNING = 'The selection matches no rows: nothing would be written.';

export function runContext(context: AppContext, run: Run): RunContext | null {
  const spec = specOfRun(context.db, run);
  return spec ? { system_prompt: spec.system_prompt, tools: spec.tools } : null;
}

/** Reads a decontamination file; every bad line is named with its number, and one bad line refuses the file. */
export async function readEvalFile(path: string): Promise<EvalRow[]> {
  // A relative path would be read from this process's working directory, not from where the person typed it: refused.
  if (!isAbsoluteFolder(path))
    throw new ServiceError('VALIDATION_FAILED', relativeEvalFileMessage(path), [
      { path: 'decontaminate.files', message: relativeEvalFileMessage(path) },
    ]);
  const text = await readTextFile(path);
  const { rows, errors } = parseDecontaminationJsonl(text);
  if (errors.length > 0) {
    const issues = errors.map((error) => ({
      path: `${path}:${error.line}${error.field ? ` ${error.field}` : ''}`,
      message: error.message,
    }));
    const shown = issues.slice(0, 5).map((issue) => `${issue.path}: ${issue.message}`);
    throw new ServiceError(
      'VALIDATION_FAILED',
      `${errors.length} lines of ${path} cannot be read (${shown.join('; ')}${errors.length > 5 ? '; ...' : ''})`,
      issues,
    );
  }
  return rows;
}

/** Other runs' holdout and eval rows (the same fractions) and the user's files, as evaluation rows. */
async function evaluationRows(context: AppContext, request: ExportRequest): Promise<EvalRow[]> {
  const against: EvalRow[] = [];
  for (const runId of request.decontaminate.runs) {
    requireRun(context, runId);
    for (const row of runPrompts(context.db, runId)) {
      if (splitOf(row.scenario_id, request.fractions) !== 'train') against.push({ prompt: row.prompt, task_id: row.scenario_id });
    }
  }
  for (const file of request.decontaminate.files) against.push(...(await readEvalFile(file)));
  return against;
}

export async function planExport(context: AppContext, request: ExportRequest): Promise<ExportPlan> {
  const run = requireRun(context, request.selection.run_id);
  const runContextValue = runContext(context, run);
  const order: RowOrder = request.format === 'openai' || request.format === 'trl' ? 'ordinal' : 'scenario';
  const ids = new Map<SplitName, string[]>(request.splits.map((split) => [split, []]));
  const splitOfScenario = new Map<string, SplitName>();
  const unexported: Partial<Record<SplitName, number>> = {};
  let simulatorErrors = 0;
  let evaluation = 0;
  const against = await evaluationRows(context, request);
  const checker = against.length > 0 ? new Decontaminator(against) : null;
  let selected = 0;
  let checked = 0;
  let personFailed = 0;
  for (const row of selectedRows(context.db, request.selection, order, checker !== null)) {
    selected += 1;
    if (row.simulator_error === 1) {
      simulatorErrors += 1;
      continue;
    }
    if (request.selection.passes_only && row.person_failed === 1) {
      personFailed += 1;
      continue;
    }
    // Rows that copy an evaluation row never reach any split (the same rules, in order, as the engine's decontaminate).
    if (checker?.check({ text: row.prompt ?? '', task_id: row.scenario_id }, checked++)) continue;
    let split = splitOfScenario.get(row.scenario_id);
    if (!split) {
      split = splitOf(row.scenario_id, request.fractions);
      splitOfScenario.set(row.scenario_id, split);
    }
    if (split !== 'train') evaluation += 1;
    const list = ids.get(split);
    if (list) list.push(row.id);
    else unexported[split] = (unexported[split] ?? 0) + 1;
  }
  const warnings: string[] = [];
  if (selected === 0) warnings.push(NO_ROWS_WARNING);
  if (!runContextValue) warnings.push(`Run ${run.id} has no stored spec: lines carry no system prompt and no tool schemas.`);
  if (request.selection.passes_only && request.format !== 'openai' && request.format !== 'trl') {
    warnings.push(
      `"Passes only" keeps no failures, and ${isPreference(request.format) ? 'DPO pairs' : 'GRPO groups'} need rows that fail as well ` +
        `as rows that pass.`,
    );
  }
  const decontamination = checker?.report();
  if (decontamination && decontamination.n_contaminated > 0) {
    const { n_contaminated: dropped, n_same_task: sameTask, n_exact: exact, n_near: near } = decontamination;
    warnings.push(
      `${dropped.toLocaleString('en-US')} ${dropped === 1 ? 'row' : 'rows'} copied the evaluation set and were dropped (${sameTask} ` +
        `same task, ${exact} exact, ${near} near).`,
    );
  }
  if (decontamination) warnings.push(...decontamination.notes.map((note) => `Decontamination: ${note}.`));
  if (simulatorErrors > 0) warnings.push(`${simulatorErrorRows(simulatorErrors)} excluded: the simulated person broke the conversation.`);
  if (personFailed > 0) {
    warnings.push(
      `${personFailed.toLocaleString('en-US')} ${personFailed === 1 ? 'row the judge passed is' : 'rows the judge passed are'} labelled ` +
        `fail by a person: "passes only" leaves ${personFailed === 1 ? 'it' : 'them'} out.`,
    );
  }
  for (const [split, count] of Object.entries(unexported)) {
    warnings.push(
      `${count.toLocaleString('en-US')} selected ${count === 1 ? 'row hashes' : 'rows hash'} into the ${split} split, which this export ` +
        `does not write.`,
    );
  }
  return {
    request,
    run,
    context: runContextValue,
    order,
    ids,
    n_selected: selected,
    simulator_errors: simulatorErrors,
    evaluation_rows: evaluation,
    unexported,
    decontamination: checker?.report() ?? null,
    warnings,
  };
}

/** The engine's options for the plan's splits. */
export function engineOptions(plan: ExportPlan): ExportOptions {
  const rows = plan.n_selected;
  return {
    format: plan.request.format,
    mask_mode: plan.request.mask_mode,
    validate: plan.request.validate,
    metadata: plan.request.with_metadata ? 'inline' : 'sidecar',
    sorted_by_scenario: plan.order === 'scenario',
    // The user chose the rows: RL selection keeps every group that passes its gates, not the SDK's default 1000.
    target: Math.max(1, rows),
  };
}
