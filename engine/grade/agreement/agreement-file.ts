import { z } from 'zod';
import { LABEL_KINDS, type Label } from '../../../shared/domain/label';
import { passBit } from '../../../shared/domain/verdict';
import { FileLabels, FileSettlement, labelledLine } from './gold/agreement-file-labels';
import type { Verdict } from './confusion';
import { kappaText } from './gold/gold-format';
import type { AgreementPair, JudgeAgreement } from './judge-agreement';
import type { Settlement } from './gold/row-gold';

/**
 * A problem with one line of an input file. `line` is 1-based; `field` names the key when one is at fault. `message`
 * is a clause that names the field itself and says what to write instead (`unknown label "maybe" in gold: use pass or
 * fail`): callers put it after the line (`line 3: ...`, `file:3: ...`) and make it a sentence where it stands alone.
 */
export interface LineError {
  line: number;
  field?: string;
  message: string;
}

/**
 * A pair read from the agreement file, with the row id and the line it came from. A line that carries its labels has
 * them here (and its gold is what they give: settled, else all annotators agreeing); `scenario_id` is its task.
 */
export interface AgreementFilePair extends AgreementPair {
  id: string;
  line: number;
  scenario_id?: string;
  labels?: Label[];
  settlement?: (Settlement & { created_at: string }) | null;
}

export interface AgreementFile {
  pairs: AgreementFilePair[];
  errors: LineError[];
}

function verdictField(field: 'judge' | 'gold') {
  const expected = field === 'judge' ? '"pass", "fail", a reward in [0, 1] or null' : '"pass", "fail", 0, 1 or null';
  return z
    .union([z.string(), z.number(), z.null()], { error: `the ${field} must be ${expected}` })
    .optional()
    .transform((value, context): Verdict | null => {
      if (value === undefined || value === null) return null;
      if (typeof value === 'number') {
        if (field === 'judge' && value >= 0 && value <= 1) return passBit(value);
        if (field === 'gold' && (value === 0 || value === 1)) return value;
        context.addIssue(
          field === 'judge'
            ? `the judge reward ${value} is outside [0, 1]: give a reward in [0, 1], "pass" or "fail"`
            : `the gold ${value} must be ${expected}`,
        );
        return z.NEVER;
      }
      const word = value.trim().toLowerCase();
      if (word === 'pass') return 1;
      if (word === 'fail') return 0;
      context.addIssue(`unknown label "${value}" in ${field}: use pass or fail`);
      return z.NEVER;
    });
}

const AgreementLine = z.object(
  {
    id: z
      .union([z.string(), z.number()], {
        error: (issue) =>
          issue.input === undefined ? 'the id is missing: give every line the "id" of its row' : 'the id must be a string or a number',
      })
      .transform((value) => String(value).trim())
      .refine((value) => value !== '', { error: 'the id is empty: give every line the "id" of its row' }),
    judge: verdictField('judge'),
    gold: verdictField('gold'),
    gold_kind: z
      .enum(LABEL_KINDS, { error: `the gold_kind must be one of ${LABEL_KINDS.join(', ')} or null` })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    author: z
      .string({ error: 'the author must be a string or null' })
      .nullable()
      .optional()
      .transform((value) => value ?? null),
    scenario_id: z.string({ error: 'the scenario_id must be a string' }).optional(),
    labels: FileLabels.optional(),
    settled: FileSettlement.nullable().optional(),
  },
  { error: 'the line is not a JSON object: write one {"id", "judge", "gold"} object per line' },
);

/** Non-blank lines of JSONL text, parsed, or the error that stopped each. Line numbers are 1-based. */
export function readJsonLines(text: string): Array<{ line: number; value: unknown } | { line: number; error: LineError }> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const results: Array<{ line: number; value: unknown } | { line: number; error: LineError }> = [];
  lines.forEach((content, index) => {
    const line = index + 1;
    if (content.trim() === '') return;
    try {
      results.push({ line, value: JSON.parse(content) as unknown });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      results.push({ line, error: { line, message: `not valid JSON: ${reason}` } });
    }
  });
  return results;
}

/** Turns zod issues into line errors, keeping the first path segment as the field. */
export function issuesToErrors(line: number, issues: readonly z.core.$ZodIssue[]): LineError[] {
  return issues.map((issue) => {
    const [field] = issue.path;
    return field === undefined ? { line, message: issue.message } : { line, field: String(field), message: issue.message };
  });
}

/**
 * Reads the CLI's agreement JSONL: one `{"id", "judge", "gold", "gold_kind", "author"}` per line, or with `labels`
 * (every author's current label) and `settled`, from which the line's gold is derived. A numeric judge is a reward
 * (pass when >= 0.5). A missing or null judge/gold is kept as null and counted as skipped by judge_agreement. Every bad
 * line is reported; the caller decides to refuse.
 */
export function parseAgreementFile(text: string): AgreementFile {
  const pairs: AgreementFilePair[] = [];
  const errors: LineError[] = [];
  for (const entry of readJsonLines(text)) {
    if ('error' in entry) {
      errors.push(entry.error);
      continue;
    }
    const parsed = AgreementLine.safeParse(entry.value);
    if (!parsed.success) {
      errors.push(...issuesToErrors(entry.line, parsed.error.issues));
      continue;
    }
    const { labels, settled, scenario_id, ...pair } = parsed.data;
    const read = { ...pair, line: entry.line, ...(scenario_id === undefined ? {} : { scenario_id }) };
    if (labels === undefined) {
      pairs.push(read);
      continue;
    }
    const hasGold = typeof entry.value === 'object' && entry.value !== null && 'gold' in entry.value;
    const labelled = labelledLine(read, labels, settled ?? null, hasGold);
    if ('error' in labelled) errors.push(labelled.error);
    else pairs.push(labelled);
  }
  return { pairs, errors };
}

function show(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(4);
}

/** The human-readable agreement report: warnings first, then the numbers. */
export function formatAgreement(result: JudgeAgreement): string {
  const { tp, fp, tn, fn } = result.confusion;
  const lines = result.warnings.map((warning) => `warning: ${warning}`);
  if (lines.length > 0) lines.push('');
  const unmeasured = result.n_unmeasured > 0 ? `, ${result.n_unmeasured} unmeasured (no author)` : '';
  lines.push(
    `pairs        ${result.n} counted, ${result.n_skipped} skipped${unmeasured}`,
    `agreement    ${show(result.agreement)}`,
    `kappa        ${kappaText(result.kappa, result.kappa_defined, result.kappa_undefined_reason)}`,
    `confusion    tp ${tp}  fp ${fp}  tn ${tn}  fn ${fn}  (pass = positive)`,
    `leak         ${show(result.pass_when_gold_fail)}  pass_when_gold_fail: judge passed ${fp} of ${fp + tn} gold failures`,
    `miss         ${show(result.fail_when_gold_pass)}  fail_when_gold_pass: judge failed ${fn} of ${fn + tp} gold passes`,
    `pass rate    judge ${show(result.judge_pass_rate)}  gold ${show(result.gold_pass_rate)}`,
    `gold kind    ${result.gold_kind ?? 'n/a'}`,
    `ok           ${result.ok ? 'yes' : 'no'}`,
  );
  return lines.join('\n');
}
