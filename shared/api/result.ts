import { z } from 'zod';

/** The closed set of error codes that cross a process boundary. */
export const ERROR_CODES = ['VALIDATION_FAILED', 'NOT_FOUND', 'CONFLICT', 'MODEL_ERROR', 'INTERNAL'] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/** One problem with an input, at a dotted path such as `source.sentence` or `tools.2.name`. */
export const Issue = z.object({ path: z.string(), message: z.string() });
export type Issue = z.infer<typeof Issue>;

export const ApiError = z.object({
  code: ErrorCode,
  /** A sentence a user can act on. */
  message: z.string(),
  issues: z.array(Issue).optional(),
});
export type ApiError = z.infer<typeof ApiError>;

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function err(code: ErrorCode, message: string, issues?: Issue[]): Result<never> {
  return { ok: false, error: issues ? { code, message, issues } : { code, message } };
}

/** Flattens zod issues into paths a person can find in a form or a file. */
export function issuesOf(error: z.ZodError): Issue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}

export function describeIssues(issues: readonly Issue[]): string {
  return issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
}
