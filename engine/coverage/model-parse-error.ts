const marker = 'while-studio.engine.coverage.model-parse-error';
const symbol = Symbol.for(marker);

/** A model file that is not in PICT's parameter format; `line` is 1-based. */
export class ModelParseError extends Error {
  private readonly [symbol] = true;
  readonly line: number;

  constructor({ line, message }: { line: number; message: string }) {
    super(`line ${line}: ${message}`);
    this.name = 'ModelParseError';
    this.line = line;
  }

  static isInstance(error: unknown): error is ModelParseError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
