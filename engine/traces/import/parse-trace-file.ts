import { rowsFromJsonl } from './jsonl-traces';
import { rowsFromOtel } from './rows-from-otel';
import { TraceImportError, type TraceIssue } from './trace-import-error';
import type { TraceFormat, TraceRow } from '../trace-row';

export interface TraceFileOptions {
  /** Attribute (OTLP) or key (JSONL) names read for the reward, first present wins. */
  reward_keys?: readonly string[];
}

export interface TraceFile {
  file: string;
  format: TraceFormat;
  rows: TraceRow[];
  /** Sentences for the person, printed before any number. */
  warnings: string[];
}

/** 1-based line of a character offset. */
function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < text.length; index++) if (text.charCodeAt(index) === 10) line++;
  return line;
}

/** A JSON syntax error with the line it is on (V8 reports a character position). */
function jsonSyntaxIssue(file: string, text: string, error: unknown): TraceIssue {
  const message = error instanceof Error ? error.message : String(error);
  const position = /position (\d+)/.exec(message);
  const lineColumn = /line (\d+) column \d+/.exec(message);
  const line = lineColumn ? Number(lineColumn[1]) : position ? lineAt(text, Number(position[1])) : undefined;
  return { file, ...(line === undefined ? {} : { line }), message: `not valid JSON: ${message.replace(/\s*\(line \d+ column \d+\)/, '')}` };
}

type Shape = { kind: 'otlp'; document: unknown } | { kind: 'jsonl' } | { kind: 'broken'; error: unknown };

const ROW_KEYS = ['messages', 'prompt', 'steps', 'question', 'input', 'task', 'ask'];

/**
 * A whole-file JSON document is OTLP JSON (a batch, `{spans}`, or a list of spans); a one-line object that looks
 * like a row, or lines that each parse, are JSONL. A file that is neither is reported at its syntax error.
 */
function shapeOf(text: string): Shape {
  try {
    const document: unknown = JSON.parse(text);
    const isRowLine =
      typeof document === 'object' &&
      document !== null &&
      !Array.isArray(document) &&
      ROW_KEYS.some((key) => key in document) &&
      !('resourceSpans' in document) &&
      !('spans' in document);
    return isRowLine ? { kind: 'jsonl' } : { kind: 'otlp', document };
  } catch (error) {
    const parses = (line: string) => {
      try {
        return typeof JSON.parse(line) === 'object';
      } catch {
        return false;
      }
    };
    if (text.split('\n', 5).some(parses)) return { kind: 'jsonl' };
    return text.trimStart().startsWith('{') || text.trimStart().startsWith('[') ? { kind: 'broken', error } : { kind: 'jsonl' };
  }
}

/**
 * Reads one trace file, OTLP JSON (GenAI or OpenInference) or JSONL rows. Any malformed part makes the whole
 * file fail with every problem listed by line or span id and field: nothing is half imported.
 */
export function parseTraceFile(file: string, text: string, options: TraceFileOptions = {}): TraceFile {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw new TraceImportError([{ file, message: 'the file is empty' }]);
  const warnings: string[] = [];
  let result: { rows: TraceRow[]; format: TraceFormat; issues: TraceIssue[] };
  const shape = shapeOf(body);
  if (shape.kind === 'broken') throw new TraceImportError([jsonSyntaxIssue(file, body, shape.error)]);
  if (shape.kind === 'otlp') {
    const otel = rowsFromOtel(shape.document, { file, ...(options.reward_keys ? { reward_keys: options.reward_keys } : {}) });
    result = otel;
    if (otel.skipped_groups > 0) {
      warnings.push(
        `${file}: ${otel.skipped_groups} trace${otel.skipped_groups === 1 ? '' : 's'} had no user ` +
          `message, tool call or reply and ${otel.skipped_groups === 1 ? 'was' : 'were'} skipped`,
      );
    }
  } else {
    result = { ...rowsFromJsonl(body, { file, ...(options.reward_keys ? { reward_keys: options.reward_keys } : {}) }), format: 'jsonl' };
  }
  if (result.issues.length > 0) throw new TraceImportError(result.issues);
  if (result.rows.length === 0)
    throw new TraceImportError([{ file, message: 'no conversation found: the file holds no user message, tool call or reply' }]);
  const ungraded = result.rows.filter((row) => row.reward === null).length;
  if (ungraded === result.rows.length) {
    warnings.push(
      `${file}: no trace carries a reward, so the failure map shows traces and faults but no failures; ` +
        `set whileai.reward (0..1) on a span, add gen_ai.evaluation.result events (or OpenInference annotations), ` +
        `or "reward" on a JSONL line`,
    );
  } else if (ungraded > 0) {
    warnings.push(`${file}: ${ungraded} of ${result.rows.length} traces carry no reward and are counted as ungraded, never as failures`);
  }
  return { file, format: result.format, rows: result.rows, warnings };
}
