import { basename } from 'node:path';
import type { ExportPreview, ExportRequest } from '../../../shared/api/exports';
import { emptySplitWarning, type EnvironmentReport, type ExportInput, type ExportReport, exportEnvironment } from '../../../engine/index';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { hubTokenOf } from '../hub/hub-token-service';
import { nothingToWrite } from './empty-export';
import { serviceErrorOf } from './export-errors';
import { gateDrops, refusals } from './export-gates';
import { type ExportPlan, NO_ROWS_WARNING, planExport } from './export-plan';
import { type GradeTally, planRows, splitLines, tallyGrades } from './export-split-lines';

const rowsPhrase = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function previewOf(
  plan: ExportPlan,
  splits: ExportPreview['splits'],
  drops: ExportPreview['dropped'],
  extraWarnings: string[],
  toolRows: number,
  grades?: GradeTally,
): ExportPreview {
  const warnings = [...plan.warnings, ...extraWarnings];
  if (toolRows > 0) warnings.push(`${rowsPhrase(toolRows, 'tool-calling row', 'tool-calling rows')} would go out without tool schemas.`);
  if (plan.evaluation_rows > 0) {
    warnings.push(
      `${rowsPhrase(plan.evaluation_rows, 'row is an evaluation row', 'rows are evaluation rows')} (holdout or eval split): they are ` +
        `never in train.`,
    );
  }
  if (plan.request.validate) {
    const refused = refusals(drops);
    if (refused.length > 0) warnings.unshift(`The export would be refused (validation is on): ${refused.join('; ')}.`);
  }
  return {
    warnings: [...new Set(warnings)],
    n_selected: plan.n_selected,
    simulator_errors_excluded: plan.simulator_errors,
    evaluation_rows: plan.evaluation_rows,
    tool_rows_without_schemas: toolRows,
    splits,
    dropped: drops,
    n_lines: splits.reduce((total, split) => total + split.lines, 0),
    ...(grades ? { grades } : {}),
  };
}

/** Counts and every warning of an export, before anything is written: the same gates run on the same rows, into no file. */
export async function previewExport(context: AppContext, request: ExportRequest): Promise<ExportPreview> {
  const plan = await planExport(context, request);
  if (request.destination.kind === 'hub' && !hubTokenOf(context)) {
    plan.warnings.unshift(
      'No Hugging Face token: set HF_TOKEN (a write token starting with hf_) or store one in Settings, or the push will fail after the ' +
        'files are written.',
    );
  }
  const tally = { read: 0, toolRowsWithoutSchemas: 0 };
  const grades: GradeTally = {
    failing: 0,
    ungraded: 0,
    train: request.destination.kind !== 'environment' && request.splits.includes('train') ? { failing: 0, ungraded: 0 } : null,
  };
  if (request.destination.kind === 'environment') {
    const { report } = await environmentFiles(plan, tallyGrades(planRows(context, plan, 'all', tally), [grades])).catch(
      (error: unknown) => {
        throw serviceErrorOf(error);
      },
    );
    return environmentPreview(plan, report, tally.toolRowsWithoutSchemas, grades);
  }
  const reports: ExportReport[] = [];
  const splits: ExportPreview['splits'] = [];
  const warnings: string[] = [];
  for (const split of request.splits) {
    const stream = splitLines(context, plan, split, tally, {
      validate: false,
      metadata: 'none',
      grades: split === 'train' && grades.train ? [grades, grades.train] : [grades],
    });
    let lines = 0;
    for await (const _line of stream.lines) lines += 1;
    const report = stream.report();
    reports.push(report);
    warnings.push(...report.warnings.map((warning) => `${split}: ${warning}`));
    splits.push({ split, rows: plan.ids.get(split)?.length ?? 0, lines });
  }
  const nothing = splits.every((split) => split.lines === 0) ? nothingToWrite(plan, reports) : null;
  // Said once, with its fix: the plan's "matches no rows" is part of it.
  if (nothing) plan.warnings = plan.warnings.filter((warning) => warning !== NO_ROWS_WARNING);
  if (nothing) warnings.unshift(nothing);
  else for (const split of splits) if (split.lines === 0) warnings.push(emptySplitWarning(split.split));
  const preview = previewOf(plan, splits, gateDrops(reports, plan.decontamination), warnings, tally.toolRowsWithoutSchemas, grades);
  return nothing ? { ...preview, nothing_to_write: nothing } : preview;
}

export function environmentPreview(plan: ExportPlan, report: EnvironmentReport, toolRows: number, grades?: GradeTally): ExportPreview {
  const splits = [
    { split: 'train' as const, rows: report.train, lines: report.train },
    { split: 'holdout' as const, rows: report.holdout, lines: report.holdout },
  ];
  const drops = gateDrops([], plan.decontamination);
  if (report.band_dropped > 0)
    drops.push({ gate: 'difficulty_band', n: report.band_dropped, reason: 'tasks whose pass rate is outside the band' });
  if (report.decontamination.n_contaminated > 0) {
    drops.push({ gate: 'holdout_overlap', n: report.decontamination.n_contaminated, reason: 'train tasks near-copying a holdout task' });
  }
  return previewOf(plan, splits, drops, report.warnings, toolRows, grades);
}

export async function environmentFiles(plan: ExportPlan, rows: Iterable<ExportInput>) {
  if (!plan.context)
    throw new ServiceError('VALIDATION_FAILED', `Run ${plan.run.id} has no stored spec: an environment needs the system prompt and tools.`);
  const destination = plan.request.destination;
  const name = destination.kind === 'environment' ? (destination.name ?? basename(destination.folder)) : undefined;
  return exportEnvironment(rows, { name, context: plan.context, holdout: plan.request.fractions.holdout });
}
