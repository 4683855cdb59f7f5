const marker = 'while-studio.engine.writers.unknown-probe-kind-error';
const symbol = Symbol.for(marker);

/** A probe kind outside the open-ended arm's list. */
export class UnknownProbeKindError extends Error {
  private readonly [symbol] = true;
  readonly kind: string;

  constructor(kind: string, known: readonly string[]) {
    super(`unknown probe kind "${kind}"; use one of ${known.join(', ')}`);
    this.name = 'UnknownProbeKindError';
    this.kind = kind;
  }

  static isInstance(error: unknown): error is UnknownProbeKindError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
