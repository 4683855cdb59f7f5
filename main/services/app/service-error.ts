import type { ErrorCode, Issue } from '../../../shared/api';

const marker = Symbol.for('while-studio.ServiceError');

/** An error a service raises on purpose: its code and message reach the user as they are. */
export class ServiceError extends Error {
  readonly [marker] = true;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly issues?: Issue[],
  ) {
    super(message);
    this.name = 'ServiceError';
  }

  static isInstance(error: unknown): error is ServiceError {
    return typeof error === 'object' && error !== null && marker in error;
  }
}
