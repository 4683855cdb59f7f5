const marker = 'while-studio.engine.spec.axis-override-error';
const symbol = Symbol.for(marker);

/** A `dimensions` override that would steer nothing: an unknown axis, an empty list, or an unknown stance. */
export class AxisOverrideError extends Error {
  private readonly [symbol] = true;
  /** The axis the override named. */
  readonly axis: string;

  constructor({ axis, message }: { axis: string; message: string }) {
    super(message);
    this.name = 'AxisOverrideError';
    this.axis = axis;
  }

  static isInstance(error: unknown): error is AxisOverrideError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
