const marker = 'while-studio.engine.export.export-refused-error';
const symbol = Symbol.for(marker);

/**
 * A gate (tool-call round trip, privileged leak, line validation) failed with `validate` on: nothing may be written.
 * `report` is the full export report, so the dialog can show what failed and where.
 */
export class ExportRefusedError extends Error {
  private readonly [symbol] = true;
  readonly report: unknown;
  readonly reasons: string[];

  constructor({ reasons, report }: { reasons: string[]; report: unknown }) {
    super(`export refused: ${reasons.join('; ')}`);
    this.name = 'ExportRefusedError';
    this.reasons = reasons;
    this.report = report;
  }

  static isInstance(error: unknown): error is ExportRefusedError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
