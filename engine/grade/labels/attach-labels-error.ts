const marker = 'while-studio.engine.grade.attach-labels-error';
const symbol = Symbol.for(marker);

/** Labels that cannot be attached as given; nothing was changed. `problems` lists each one a person must fix. */
export class AttachLabelsError extends Error {
  private readonly [symbol] = true;

  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'AttachLabelsError';
  }

  static isInstance(error: unknown): error is AttachLabelsError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
