import { jsonlLines } from '../text';
import { z } from 'zod';
import { passBit } from '../../shared/domain/verdict';
import type { ProveLine, ProveRecord, ProveReport } from './prove-report';

/** A problem with one line of an input file. `line` is 1-based; `field` names the key when one is at fault. */
export interface LineError {
  line: number;
  field?: string;
  message: string;
}

export interface ProveFileRecord extends ProveRecord {
  line: number;
}

export interface ProveFile {
  records: ProveFileRecord[];
  errors: LineError[];
}

/** Category given to lines that name none. */
export const DEFAULT_CATEGORY = 'uncategorized';

const text = (field: string) =>
  z
    .union([z.string(), z.number()], {
      error: (issue) => (issue.input === undefined ? `${field} is missing` : `${field} must be a string`),
    })
    .transform((value) => String(value).trim())
    .refine((value) => value !== '', { error: `${field} must not be empty` });

const ProveLineSchema = z
  .object(
    {
      task_id: text('task_id'),
      category: text('category').nullable().optional(),
      pass: z.union([z.literal(0), z.literal(1)], { error: 'pass must be 0 or 1' }).optional(),
      reward: z
        .number({ error: 'reward must be a number in [0, 1]' })
        .min(0, { error: 'reward must be in [0, 1]' })
        .max(1, { error: 'reward must be in [0, 1]' })
        .optional(),
      eval_run: z.union([z.string(), z.number(), z.null()], { error: 'eval_run must be a string, a number or null' }).optional(),
    },
    { error: 'a line must be a JSON object' },
  )
  .superRefine((line, context) => {
    if (line.pass === undefined && line.reward === undefined) {
      context.addIssue({ code: 'custom', path: ['pass'], message: 'each line needs pass (0 or 1) or reward (0..1)' });
    }
    if (line.pass !== undefined && line.reward !== undefined && line.pass !== passBit(line.reward)) {
      context.addIssue({ code: 'custom', path: ['reward'], message: `pass ${line.pass} and reward ${line.reward} disagree` });
    }
  });

type JsonLine = { line: number; value: unknown } | { line: number; error: LineError };

function readJsonLines(source: string): JsonLine[] {
  return jsonlLines(source).map((parsed) =>
    'parseError' in parsed ? { line: parsed.line, error: { line: parsed.line, message: `not valid JSON: ${parsed.parseError}` } } : parsed,
  );
}

/**
 * Reads the CLI's prove JSONL: `{"task_id", "category", "pass": 0|1}` or `"reward"` (pass when
 * >= 0.5), optional `eval_run`. Several lines per task are repeats. Every bad line is reported.
 */
export function parseProveFile(source: string): ProveFile {
  const records: ProveFileRecord[] = [];
  const errors: LineError[] = [];
  for (const entry of readJsonLines(source)) {
    if ('error' in entry) {
      errors.push(entry.error);
      continue;
    }
    const parsed = ProveLineSchema.safeParse(entry.value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field] = issue.path;
        errors.push(
          field === undefined
            ? { line: entry.line, message: issue.message }
            : { line: entry.line, field: String(field), message: issue.message },
        );
      }
      continue;
    }
    const { task_id: taskId, category, pass, reward, eval_run: evalRun } = parsed.data;
    records.push({
      task_id: taskId,
      category: category ?? DEFAULT_CATEGORY,
      pass: pass ?? passBit(reward ?? 0),
      eval_run: evalRun === undefined || evalRun === null ? null : String(evalRun),
      line: entry.line,
    });
  }
  return { records, errors };
}

function rate(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(2);
}

function signed(value: number | null): string {
  if (value === null) return 'n/a';
  return `${value >= 0 ? '+' : '-'}${Math.abs(value).toFixed(2)}`;
}

function pValue(value: number | null, paired: boolean): string {
  if (value === null) return paired ? 'p=n/a' : 'p=n/a (unpaired)';
  return value < 0.001 ? 'p<0.001' : `p=${value.toFixed(3)}`;
}

function formatLine(line: ProveLine, width: number): string {
  const interval = line.ci_low === null || line.ci_high === null ? '[n/a]' : `[${signed(line.ci_low)}..${signed(line.ci_high)}]`;
  const lowN = line.low_n && line.category !== 'overall' ? ', low n' : '';
  const rates = `${rate(line.before)} -> ${rate(line.after)}`;
  const change = `${signed(line.delta)} ${interval}`;
  return (
    `${line.category.padEnd(width)}  ${rates}  ${change}  ${pValue(line.p_value, line.paired)}  ` +
    `${line.headline}  (${line.n_tasks} tasks${lowN})`
  );
}

/** The human-readable report: warnings first, then one line per category, the overall line, and the plan. */
export function formatProveReport(report: ProveReport): string {
  const lines = report.warnings.map((warning) => `warning: ${warning}`);
  if (lines.length > 0) lines.push('');
  const width = Math.max(...[...report.categories, report.overall].map((line) => line.category.length));
  for (const line of report.categories) lines.push(formatLine(line, width));
  lines.push(formatLine(report.overall, width));
  const plan = report.holdout_size;
  if (plan.n_tasks !== null) {
    const detectable =
      report.detectable_effect === null || !report.overall.paired
        ? ''
        : `; these ${report.overall.n_tasks} paired tasks detect ${signed(report.detectable_effect)}`;
    lines.push(
      '',
      `plan: ${plan.n_tasks} tasks to detect ${signed(plan.effect)} (task sd ` +
        `${plan.task_std.toFixed(2)} from ${plan.sd_source})${detectable}`,
    );
  }
  return lines.join('\n');
}
