const marker = 'while-studio.engine.coverage.covering-input-error';
const symbol = Symbol.for(marker);

/** Axes or options that no covering array can satisfy: unknown names, duplicates, infeasible seed rows. */
export class CoveringInputError extends Error {
  private readonly [symbol] = true;

  constructor(message: string) {
    super(message);
    this.name = 'CoveringInputError';
  }

  static isInstance(error: unknown): error is CoveringInputError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
