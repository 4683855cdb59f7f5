const marker = 'while-studio.engine.spec.spec-draft-error';
const symbol = Symbol.for(marker);

/** A sentence no spec can be drafted from (empty, or no words at all). */
export class SpecDraftError extends Error {
  private readonly [symbol] = true;

  constructor(message: string) {
    super(message);
    this.name = 'SpecDraftError';
  }

  static isInstance(error: unknown): error is SpecDraftError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
