import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { METHODS } from '../../shared/api';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { ServiceError } from '../services/app/service-error';
import { dispatch } from './dispatch';
import { handlers } from './handlers';
import { normalizeError } from './normalize-error';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
});

function freshContext(): AppContext {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-dispatch-')), mode: 'browser' });
  return context;
}

describe('dispatch', () => {
  it('has exactly one handler per contract method', () => {
    expect(Object.keys(handlers).sort()).toEqual([...METHODS].sort());
  });

  it('parses input with the contract, applying defaults', async () => {
    const result = await dispatch(freshContext(), 'runs.list', undefined);
    expect(result).toEqual({ ok: true, value: { runs: [], total: 0 } });
  });

  it('refuses unknown fields and wrong types with the path of each problem', async () => {
    const result = await dispatch(freshContext(), 'runs.list', { limit: 0, colour: 'red' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('VALIDATION_FAILED');
    expect(result.error.issues?.map((issue) => issue.path).sort()).toEqual(['(root)', 'limit']);
    expect(result.error.message).toContain('runs.list');
  });

  it('reports an unknown method as NOT_FOUND', async () => {
    expect(await dispatch(freshContext(), 'constructor', {})).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});

describe('normalizeError', () => {
  it("keeps a service error's code and message and wraps anything else as INTERNAL", () => {
    expect(normalizeError(new ServiceError('NOT_FOUND', 'No run r1.'))).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'No run r1.' },
    });
    expect(normalizeError(new Error('boom'))).toEqual({ ok: false, error: { code: 'INTERNAL', message: 'Unexpected error: boom' } });
  });
});
