const MARKER = Symbol.for('while.user-turn-error');

/**
 * The simulated person could not speak (its model failed after retries): the rollout is lost as `user_error` and
 * re-rolled, never finished with a made-up line, and the run's `degraded` gets `user_errors`.
 */
export class UserTurnError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'UserTurnError';

  static isInstance(error: unknown): error is UserTurnError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}
