import { ZodError } from 'zod';
import { err, issuesOf, type Result } from '../../shared/api';
import { ServiceError } from '../services/app/service-error';
import { NewerDatabaseError } from '../store/newer-database-error';

/** The one place anything thrown becomes a result with a closed error code. */
export function normalizeError(error: unknown): Result<never> {
  if (ServiceError.isInstance(error)) return err(error.code, error.message, error.issues);
  if (error instanceof ZodError) return err('VALIDATION_FAILED', 'The input is not valid.', issuesOf(error));
  if (NewerDatabaseError.isInstance(error)) return err('CONFLICT', error.message);
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && (error as { code?: unknown }).code === 'SQLITE_CONSTRAINT_UNIQUE') {
    return err('CONFLICT', `That already exists: ${message}`);
  }
  return err('INTERNAL', `Unexpected error: ${message}`);
}
