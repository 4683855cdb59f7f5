// The setup service tests share: a fresh app context per test, with a clock that ticks, closed after the test; and
// a call through `dispatch` that returns the output or throws the service error.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import type { Method, MethodInput, MethodOutput } from '../../shared/api';
import { dispatch } from '../api/dispatch';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';

/**
 * Call at the top of a test file: returns `newContext()`, which makes a browser-mode context in a new temporary
 * folder whose clock starts at 2026-11-01 09:00:00 UTC and moves one second per reading (so stamps are distinct and
 * predictable). The context of each test is closed after it.
 */
export function serviceTestContexts(folderPrefix: string): () => AppContext {
  let context: AppContext | undefined;
  afterEach(async () => {
    if (context) await closeAppContext(context);
    context = undefined;
  });
  return () => {
    let clock = 0;
    context = createAppContext({
      dataDir: mkdtempSync(join(tmpdir(), folderPrefix)),
      mode: 'browser',
      now: () => new Date(Date.UTC(2026, 10, 1, 9, 0, clock++)),
    });
    return context;
  };
}

/** `method` through the contract's dispatch: its output, or a thrown Error carrying the service error's code. */
export async function callMethod<M extends Method>(app: AppContext, method: M, input: MethodInput<M>): Promise<MethodOutput<M>> {
  const result = await dispatch(app, method, input);
  if (!result.ok) throw Object.assign(new Error(result.error.message), result.error);
  return result.value as MethodOutput<M>;
}
