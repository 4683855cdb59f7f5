import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';
import type { Transport } from './transport';

function transportAnswering(value: unknown): Transport & { calls: [string, unknown][] } {
  const calls: [string, unknown][] = [];
  return {
    calls,
    async invoke(method, input) {
      calls.push([method, input]);
      return { ok: true, value };
    },
    on: () => () => undefined,
  };
}

describe('API client', () => {
  it('passes the method and input through and returns the parsed output', async () => {
    const transport = transportAnswering({ runs: [], total: 0 });
    const result = await createApiClient(transport).call('runs.list', { limit: 5 });
    expect(transport.calls).toEqual([['runs.list', { limit: 5 }]]);
    expect(result).toEqual({ ok: true, value: { runs: [], total: 0 } });
  });

  it('turns an answer that breaks the contract into an error instead of passing it on', async () => {
    const result = await createApiClient(transportAnswering({ runs: 'nope' })).call('runs.list', {});
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.message).toContain('does not match the contract');
  });
});
