import type { StopReason } from '../../shared/domain';
import { ModelCallError } from './model-call-error';

const MARKER = Symbol.for('while.run-stop-error');

/** The part of a run a model plays, as `stopped_because` names it (`agent_auth_failed`, `writer_quota_exceeded`...). */
export type RunSide = 'agent' | 'writer' | 'user' | 'judge';

/**
 * A failure no retry or re-roll can fix (the key was refused, the account is out of credit): `simulate` stops
 * the run with `stopped_because` = `<side>_auth_failed` or `<side>_quota_exceeded` after the rollouts in flight.
 */
export class RunStopError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'RunStopError';

  constructor(
    message: string,
    readonly stopped_because: StopReason,
    readonly side: RunSide,
  ) {
    super(message);
  }

  static isInstance(error: unknown): error is RunStopError {
    return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** A RunStopError for an auth or quota failure of `side`'s model, else undefined. */
export function runStopFor(error: unknown, side: RunSide): RunStopError | undefined {
  if (RunStopError.isInstance(error)) return error;
  if (!ModelCallError.isInstance(error) || !error.stopsRun) return undefined;
  const stoppedBecause: StopReason = error.kind === 'quota' ? `${side}_quota_exceeded` : `${side}_auth_failed`;
  const role = side === 'user' ? 'simulated user' : side === 'judge' ? "run's grader" : side;
  return new RunStopError(`The ${role}'s model ${error.spec} failed: ${error.message}`, stoppedBecause, side);
}
