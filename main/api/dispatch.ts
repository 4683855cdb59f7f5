import { contract, describeIssues, err, isMethod, issuesOf, ok, type Result } from '../../shared/api';
import type { AppContext } from '../services/app/app-context';
import { handlers } from './handlers';
import { normalizeError } from './normalize-error';

/** Parses a call with the contract, runs its handler and returns a result: both transports go through here. */
export async function dispatch(context: AppContext, method: string, input: unknown): Promise<Result<unknown>> {
  if (!isMethod(method)) return err('NOT_FOUND', `There is no method named "${method}".`);
  const parsed = contract[method].input.safeParse(input ?? {});
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    return err('VALIDATION_FAILED', `Invalid input for ${method}: ${describeIssues(issues)}`, issues);
  }
  try {
    const handler = handlers[method] as (context: AppContext, input: unknown) => unknown;
    return ok(await handler(context, parsed.data));
  } catch (error) {
    return normalizeError(error);
  }
}
