const marker = 'while-studio.engine.export.environment-export-error';
const symbol = Symbol.for(marker);

/** The environment package cannot be built as asked (no train task, a bad reference or world dial). */
export class EnvironmentExportError extends Error {
  private readonly [symbol] = true;

  constructor(message: string) {
    super(message);
    this.name = 'EnvironmentExportError';
  }

  static isInstance(error: unknown): error is EnvironmentExportError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
