import { writeFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { type DecontaminationReport, Decontaminator, type EvalRow, parseDecontaminationJsonl } from '../../../engine/index';
import { writeJsonl } from '../../../engine/node/index';
import { readEvalFile } from './export-plan';
import { ServiceError } from '../app/service-error';
import { readTextFile } from '../app/text-file';

export interface DecontaminateFileOptions {
  rows: string;
  against: readonly string[];
  out: string;
  report?: string;
  ngram?: number;
  overlap?: number;
}

export interface DecontaminateFileResult {
  report: DecontaminationReport;
  /** Rows dropped, with the line each came from and the rule that caught it. */
  dropped: { line: number; id: string | null; rule: string }[];
  warnings: string[];
}

/**
 * `decontaminate(rows, against)` over files: rows (chat rows or `{"id","task_id","prompt"}` lines) that copy any
 * evaluation file (same task id, exact normalised text, 8-gram cover of 80% of the words) are dropped; the kept
 * lines are written back unchanged, atomically. Any unreadable line, in either file, refuses the run with its number.
 */
export async function decontaminateFile(options: DecontaminateFileOptions): Promise<DecontaminateFileResult> {
  if (options.against.length === 0)
    throw new ServiceError('VALIDATION_FAILED', 'Give at least one --against FILE.jsonl to decontaminate against.');
  const text = await readTextFile(options.rows);
  const { rows, errors } = parseDecontaminationJsonl(text);
  if (errors.length > 0) {
    const issues = errors.map((error) => ({
      path: `${options.rows}:${error.line}${error.field ? ` ${error.field}` : ''}`,
      message: error.message,
    }));
    throw new ServiceError('VALIDATION_FAILED', issues.map((issue) => `${issue.path}: ${issue.message}`).join('\n'), issues);
  }
  const against: EvalRow[] = [];
  for (const file of options.against) against.push(...(await readEvalFile(file)));
  const checker = new Decontaminator(against, { n: options.ngram, overlap: options.overlap });
  const sourceLines = text.split(/\r?\n/);
  const kept: string[] = [];
  const dropped: DecontaminateFileResult['dropped'] = [];
  rows.forEach((row, index) => {
    const hit = checker.check({ text: row.text, task_id: row.task_id }, index);
    if (hit) dropped.push({ line: row.line, id: row.id, rule: hit.match });
    else kept.push(sourceLines[row.line - 1]!.replace(/^\uFEFF/, '').trim());
  });
  const report = checker.report();
  await writeJsonl(kept, { folder: dirname(options.out), file: basename(options.out) });
  if (options.report) await writeFile(options.report, `${JSON.stringify({ ...report, dropped }, null, 2)}\n`);
  const warnings = [...report.notes, ...Object.entries(report.rules_skipped).map(([rule, why]) => `rule ${rule} skipped: ${why}`)];
  if (against.length === 0) warnings.push('The evaluation files hold no rows: nothing can match.');
  return { report, dropped, warnings };
}
