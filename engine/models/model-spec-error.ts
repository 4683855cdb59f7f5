const MARKER = Symbol.for('while.model-spec-error');

/** A model spec string that does not parse; the message shows the colon form to write instead. */
export class ModelSpecError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'ModelSpecError';

  constructor(
    message: string,
    /** The text as given. */
    readonly spec: string,
  ) {
    super(message);
  }

  static isInstance(error: unknown): error is ModelSpecError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
