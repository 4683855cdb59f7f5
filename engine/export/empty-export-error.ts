const marker = 'while-studio.engine.export.empty-export-error';
const symbol = Symbol.for(marker);

/**
 * An export whose every split came out empty: nothing was written. `warnings` are the exporters' own (the first names
 * the cause when they know it, such as DPO's single rollout per prompt), for the caller to say with its fix.
 */
export class EmptyExportError extends Error {
  private readonly [symbol] = true;
  readonly splits: string[];
  readonly warnings: string[];

  constructor({ splits, warnings }: { splits: readonly string[]; warnings: readonly string[] }) {
    super(`nothing to write: ${splits.join(', ')} ${splits.length === 1 ? 'is' : 'are'} empty${warnings[0] ? ` (${warnings[0]})` : ''}`);
    this.name = 'EmptyExportError';
    this.splits = [...splits];
    this.warnings = [...warnings];
  }

  static isInstance(error: unknown): error is EmptyExportError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
