const marker = 'while-studio.engine.grade.judge-config-error';
const symbol = Symbol.for(marker);

/** A judge that cannot run as configured: no version on a custom judge, a bad scale, a module without a default export. */
export class JudgeConfigError extends Error {
  private readonly [symbol] = true;

  constructor(message: string) {
    super(message);
    this.name = 'JudgeConfigError';
  }

  static isInstance(error: unknown): error is JudgeConfigError {
    return typeof error === 'object' && error !== null && symbol in error;
  }
}
