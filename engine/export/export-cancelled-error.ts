const marker = 'while-studio.engine.export.export-cancelled-error';
const symbol = Symbol.for(marker);

/** The user cancelled the export; nothing was left behind. */
export class ExportCancelledError extends Error {
  private readonly [symbol] = true;

  constructor(message = 'export cancelled') {
    super(message);
    this.name = 'ExportCancelledError';
  }

  static isInstance(error: unknown): error is ExportCancelledError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
