const marker = 'while-studio.engine.export.export-path-error';
const symbol = Symbol.for(marker);

/** An output path outside the chosen folder (`..`, an absolute path, a symlink out), or one that may not be replaced. */
export class ExportPathError extends Error {
  private readonly [symbol] = true;
  readonly path: string;

  constructor({ path, message }: { path: string; message: string }) {
    super(message);
    this.name = 'ExportPathError';
    this.path = path;
  }

  static isInstance(error: unknown): error is ExportPathError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
