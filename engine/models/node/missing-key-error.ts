const MARKER = Symbol.for('while.missing-key-error');

/** A hosted model with no key anywhere: the run cannot start, and the message names where to put one. */
export class MissingKeyError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'MissingKeyError';

  constructor(
    readonly spec: string,
    readonly variables: readonly string[],
  ) {
    super(`No key for ${spec}: set ${variables.join(' or ')} in the environment, or store one in the app's settings.`);
  }

  static isInstance(error: unknown): error is MissingKeyError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
