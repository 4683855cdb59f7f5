const marker = Symbol.for('while-studio.TraceImportError');

/** Where one problem in an input file is: the file, a 1-based line or a span id, and the field at fault. */
export interface TraceIssue {
  file: string;
  line?: number;
  span_id?: string;
  field?: string;
  message: string;
}

/** `file:line span abc field x: message`, the way every surface prints an issue. */
export function formatTraceIssue(issue: TraceIssue): string {
  const where = [issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`];
  if (issue.span_id !== undefined) where.push(`span ${issue.span_id}`);
  if (issue.field !== undefined) where.push(`field ${issue.field}`);
  return `${where.join(' ')}: ${issue.message}`;
}

/** An input file that cannot be imported as it is; nothing of it is kept. */
export class TraceImportError extends Error {
  readonly [marker] = true;

  constructor(readonly issues: readonly TraceIssue[]) {
    const shown = issues.slice(0, 5).map(formatTraceIssue);
    const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : '';
    super(`${issues.length === 1 ? 'A problem' : `${issues.length} problems`} in the trace file${more}: ${shown.join('; ')}`);
    this.name = 'TraceImportError';
  }

  static isInstance(error: unknown): error is TraceImportError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
