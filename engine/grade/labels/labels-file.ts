import { jsonlLines } from '../../text';
import type { Label, LabelKind, LabelValue } from '../../../shared/domain';
import type { LineError } from '../agreement';
import { formatCsv, parseCsv } from './csv';
import { KIND_CHOICES, parseLabelKind, parseLabelValue } from './label-values';

export type LabelsFormat = 'jsonl' | 'csv';

/** One label read from an import file, before it is matched to a row. */
export interface ParsedLabel {
  /** The row it names: a row id, a rollout id, `<scenario_id>#<rollout_index>`, or a bare scenario id. */
  key: string;
  label: LabelValue;
  author: string | null;
  /** Null: use the kind the import was given. */
  kind: LabelKind | null;
  note: string | null;
  created_at: string | null;
  /** 1-based line the label starts on. */
  line: number;
}

export interface LabelsFile {
  labels: ParsedLabel[];
  errors: LineError[];
}

/** Accepted names for each field, first present wins (the SDK's spellings included). */
const FIELD_NAMES = {
  key: ['row_id', 'id', 'key', 'rollout_id'],
  label: ['label', 'reward', 'gold_reward', 'gold'],
  author: ['author', 'annotator'],
  kind: ['kind'],
  note: ['note'],
  created_at: ['created_at', 'ts'],
} as const;

/** The columns (and JSONL keys) an export writes, in order. */
export const LABEL_COLUMNS = ['row_id', 'label', 'kind', 'author', 'note', 'created_at'] as const;

function pick(fields: Readonly<Record<string, unknown>>, names: readonly string[]): unknown {
  for (const name of names) {
    const value = fields[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

function optionalText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value : String(value);
  return text.trim() === '' ? null : text;
}

function keyOf(fields: Readonly<Record<string, unknown>>): string | null {
  const direct = pick(fields, FIELD_NAMES.key);
  if (typeof direct === 'string' || typeof direct === 'number') return String(direct).trim() || null;
  const scenario = pick(fields, ['scenario_id']);
  if (typeof scenario !== 'string' || scenario.trim() === '') return null;
  const rolloutIndex = pick(fields, ['rollout_index']);
  return rolloutIndex === undefined ? scenario.trim() : `${scenario.trim()}#${String(rolloutIndex).trim()}`;
}

/** One label from a record's fields (JSONL values, or CSV cells as text), or the line's errors. */
function labelFrom(fields: Readonly<Record<string, unknown>>, line: number): ParsedLabel | LineError[] {
  const errors: LineError[] = [];
  const key = keyOf(fields);
  if (key === null)
    errors.push({
      line,
      field: 'row_id',
      message: 'the row_id is missing: give each label a row_id (or a scenario_id with its rollout_index)',
    });
  const rawLabel = pick(fields, FIELD_NAMES.label);
  const label = parseLabelValue(rawLabel);
  if (label === null) {
    errors.push({
      line,
      field: 'label',
      message:
        rawLabel === undefined
          ? 'the label is missing: give pass, fail, unsure, skip, simulator_error, 1 or 0'
          : `unknown label ${JSON.stringify(rawLabel)}: use pass, fail, unsure, skip, simulator_error, 1 or 0`,
    });
  }
  const rawKind = pick(fields, FIELD_NAMES.kind);
  const kind = rawKind === undefined ? null : parseLabelKind(rawKind);
  if (rawKind !== undefined && kind === null)
    errors.push({ line, field: 'kind', message: `unknown kind ${JSON.stringify(rawKind)}: use ${KIND_CHOICES}` });
  if (errors.length > 0 || key === null || label === null) return errors;
  return {
    key,
    label,
    author: optionalText(pick(fields, FIELD_NAMES.author))?.trim() ?? null,
    kind,
    note: optionalText(pick(fields, FIELD_NAMES.note)),
    created_at: optionalText(pick(fields, FIELD_NAMES.created_at))?.trim() ?? null,
    line,
  };
}

function collect(into: LabelsFile, result: ParsedLabel | LineError[]): void {
  if (Array.isArray(result)) into.errors.push(...result);
  else into.labels.push(result);
}

function parseJsonl(text: string): LabelsFile {
  const file: LabelsFile = { labels: [], errors: [] };
  for (const parsed of jsonlLines(text)) {
    const { line } = parsed;
    if ('parseError' in parsed) {
      file.errors.push({ line, message: 'not valid JSON: write one JSON object per line' });
      continue;
    }
    const { value } = parsed;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      file.errors.push({ line, message: 'the line is not a JSON object: write one {"row_id", "label"} object per line' });
      continue;
    }
    collect(file, labelFrom(value as Record<string, unknown>, line));
  }
  return file;
}

function parseCsvLabels(text: string): LabelsFile {
  const { records, errors } = parseCsv(text);
  const file: LabelsFile = { labels: [], errors: [...errors] };
  const [header, ...body] = records;
  if (header === undefined) return file;
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const hasKey = FIELD_NAMES.key.some((name) => columns.includes(name)) || columns.includes('scenario_id');
  const hasLabel = FIELD_NAMES.label.some((name) => columns.includes(name));
  if (!hasKey || !hasLabel) {
    file.errors.unshift({
      line: header.line,
      message: `the header needs a row_id and a label column, but has ${columns.join(', ') || 'nothing'}: add the missing column`,
    });
    return file;
  }
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      file.errors.push({
        line: record.line,
        message:
          `the line has ${record.fields.length} fields where the header has ${columns.length}: put a field ` +
          `that holds a comma in double quotes`,
      });
      continue;
    }
    const fields = Object.fromEntries(columns.map((name, index) => [name, record.fields[index]]));
    collect(file, labelFrom(fields, record.line));
  }
  file.errors.sort((left, right) => left.line - right.line);
  return file;
}

/**
 * Reads a label import file: JSONL (one object per line) or CSV with a header. Fields: row id (`row_id`, `id`,
 * `key`, `rollout_id`, or `scenario_id` + `rollout_index`), `label` (pass, fail, unsure, skip, simulator_error,
 * 1/0, true/false; `reward`/`gold_reward` accepted), `author` (or `annotator`), `kind`, `note`, `created_at` (or
 * `ts`). Bad lines are reported with their 1-based line numbers; good ones are still read.
 */
export function parseLabelsFile(text: string, format: LabelsFormat): LabelsFile {
  switch (format) {
    case 'jsonl':
      return parseJsonl(text);
    case 'csv':
      return parseCsvLabels(text);
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}

/** Writes labels for export, columns in LABEL_COLUMNS order; null fields are empty in CSV and null in JSONL. */
export function formatLabels(labels: readonly Label[], format: LabelsFormat): string {
  switch (format) {
    case 'jsonl':
      return labels
        .map(
          (label) =>
            JSON.stringify({
              row_id: label.row_id,
              label: label.label,
              kind: label.kind,
              author: label.author,
              note: label.note,
              created_at: label.created_at,
            }) + '\n',
        )
        .join('');
    case 'csv':
      return formatCsv([
        [...LABEL_COLUMNS],
        ...labels.map((label) => [label.row_id, label.label, label.kind, label.author ?? '', label.note ?? '', label.created_at]),
      ]);
    default: {
      const unreachable: never = format;
      return unreachable;
    }
  }
}
