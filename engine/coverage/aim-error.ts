const symbol = Symbol.for('while-studio.engine.coverage.aim-error');

/** An aim ("fill this cell") that no planned cell can carry: a value the axis lacks, or a pair that never occurs. */
export class AimError extends Error {
  private readonly [symbol] = true;

  constructor(readonly problems: readonly string[]) {
    super(`The aim cannot be planned: ${problems.join('; ')}.`);
    this.name = 'AimError';
  }

  static isInstance(error: unknown): error is AimError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
