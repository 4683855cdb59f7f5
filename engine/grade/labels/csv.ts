import type { LineError } from '../agreement';

/** One CSV record and the 1-based line it starts on (a quoted field may span lines). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

export interface CsvParse {
  records: CsvRecord[];
  errors: LineError[];
}

/**
 * A cell a spreadsheet would run as a formula starts with =, +, -, @, tab or carriage return (OWASP, CSV
 * injection). The writer guards it with one leading single quote, inside double quotes. Quotes already in front
 * of such a character are looked through, so a note that truly starts with `'=` is guarded too (`''=`) and every
 * string survives the round trip.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** What the writer makes of a formula cell: the reader drops one quote from a quoted field of this shape. */
const GUARDED_FORMULA = /^'+[=+\-@\t\r]/;

/** `value` as a spreadsheet shows it without running it: one single quote in front of a formula cell. */
export function guardFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The inverse of `guardFormula` on a quoted field's text: drops the quote the writer added. */
export function unguardFormula(value: string): string {
  return GUARDED_FORMULA.test(value) ? value.slice(1) : value;
}

/**
 * Reads RFC 4180 CSV: comma-separated fields, double-quoted fields may hold commas, line breaks and doubled
 * quotes (`""`); CRLF, LF or CR end a record; a leading BOM and blank lines are skipped. A quote inside an
 * unquoted field, text after a closing quote, or a quote never closed is an error on the record's line, and
 * that record is dropped. A quoted field that holds a guarded formula (`'=...`, see `guardFormula`) is read
 * without its guard quote; unquoted fields are read as they are (the writer always quotes a guarded cell).
 */
export function parseCsv(text: string): CsvParse {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  const errors: LineError[] = [];
  let line = 1;
  let index = 0;
  while (index < source.length) {
    const startLine = line;
    const fields: string[] = [];
    let error: string | null = null;
    for (;;) {
      let field = '';
      if (source[index] === '"') {
        const quoted = readQuoted(source, index + 1);
        line += quoted.newlines;
        index = quoted.next;
        if (quoted.value === null) {
          error = `a quoted field that starts on line ${startLine} is never closed: end it with a double quote`;
          break;
        }
        field = unguardFormula(quoted.value);
        if (!isFieldEnd(source[index])) error ??= 'text after a closing quote: put the whole field in double quotes';
      }
      while (!isFieldEnd(source[index])) {
        if (source[index] === '"') error ??= 'a quote inside an unquoted field: put the field in double quotes and double the quote';
        field += source[index];
        index += 1;
      }
      fields.push(field);
      if (source[index] === ',') {
        index += 1;
        continue;
      }
      if (source[index] !== undefined) {
        index += source[index] === '\r' && source[index + 1] === '\n' ? 2 : 1;
        line += 1;
      }
      break;
    }
    if (error !== null) errors.push({ line: startLine, message: error });
    else if (!(fields.length === 1 && fields[0] === '')) records.push({ line: startLine, fields });
  }
  return { records, errors };
}

function isFieldEnd(char: string | undefined): boolean {
  return char === undefined || char === ',' || char === '\n' || char === '\r';
}

/** A quoted field's value from just after its opening quote; null when it never closes. */
function readQuoted(source: string, from: number): { value: string | null; next: number; newlines: number } {
  let value = '';
  let newlines = 0;
  let index = from;
  while (index < source.length) {
    const char = source[index]!;
    if (char === '"') {
      if (source[index + 1] === '"') {
        value += '"';
        index += 2;
        continue;
      }
      return { value, next: index + 1, newlines };
    }
    if (char === '\n' || (char === '\r' && source[index + 1] !== '\n')) newlines += 1;
    value += char;
    index += 1;
  }
  return { value: null, next: index, newlines };
}

function formatField(value: string): string {
  const guarded = guardFormula(value);
  return guarded !== value || /[",\r\n]|^\s|\s$/.test(value) ? `"${guarded.replace(/"/g, '""')}"` : value;
}

/**
 * Writes RFC 4180 CSV: fields with a comma, quote, line break or edge space are quoted; a field a spreadsheet
 * would run as a formula is guarded with a leading single quote and quoted (see `guardFormula`); CRLF after every
 * record. `parseCsv` gives back every field exactly.
 */
export function formatCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map(formatField).join(',') + '\r\n').join('');
}
