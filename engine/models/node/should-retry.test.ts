// The server's `x-should-retry` header decides whether a failed call is retried, whatever the status, as the official
// clients' `shouldRetry` reads it; and since the clients are built with `maxRetries: 0`, every attempt the server
// sees is one of ours (no retry is doubled). Real `openai` and `@anthropic-ai/sdk` clients against the local server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateRequest } from '../model-backend';
import { ModelCallError } from '../model-call-error';
import { parseModelSpec } from '../model-spec';
import { DEFAULT_RETRY_POLICY } from '../resilience/retry-policy';
import { startLocalModelServer, type Fault, type LocalModelServer } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

const KEY = 'sk-test-4f1c9a7e2b8d6053';
const ASK: GenerateRequest = { system: 'You are a shop assistant.', messages: [{ role: 'user', content: 'Hello there.' }] };

let server: LocalModelServer;
const sleeps: number[] = [];

beforeAll(async () => {
  server = await startLocalModelServer({ key: KEY });
});
afterAll(async () => server.close());

const backend = (spec: string) =>
  new ModelBackends({
    key: () => KEY,
    base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
    concurrency: 2,
    timeout_ms: 5000,
    sleep: async (ms) => void sleeps.push(ms),
  }).get(parseModelSpec(spec));

/** `faults` on the next requests, one each, then a clean server; returns the statuses the server answered. */
async function attempt(spec: string, ...faults: Fault[]) {
  const model = backend(spec);
  let left = [...faults];
  server.setFaults(() => {
    const next = left[0];
    left = left.slice(1);
    return next;
  });
  sleeps.length = 0;
  const before = server.requests.length;
  const outcome = await model.generate(ASK).catch((error: unknown) => error);
  server.setFaults(undefined);
  return { outcome, statuses: server.requests.slice(before).map((request) => request.status), stats: model.stats.snapshot() };
}

describe.each(['openai:gpt-4.1-mini', 'anthropic:claude-sonnet-5'])('%s: x-should-retry on the real client', (spec) => {
  it('does not retry a 500 the server says not to', async () => {
    const { outcome, statuses, stats } = await attempt(spec, { kind: 'server_error', status: 500, should_retry: false });
    expect(ModelCallError.isInstance(outcome) && outcome.kind).toBe('server');
    expect(ModelCallError.isInstance(outcome) && outcome.should_retry).toBe(false);
    expect(statuses).toEqual([500]);
    expect(stats).toMatchObject({ retries: 0, failed_by: { server: 1 } });
  });

  it('does not retry a 429 the server says not to, though it names a wait', async () => {
    const { outcome, statuses } = await attempt(spec, { kind: 'rate_limit', retry_after_ms: 20, should_retry: false });
    expect(ModelCallError.isInstance(outcome) && outcome.kind).toBe('rate_limit');
    expect(statuses).toEqual([429]);
    expect(sleeps).toEqual([]);
  });

  it('retries a 400 the server says to, with a backoff, and the retry answers', async () => {
    const { outcome, statuses, stats } = await attempt(spec, { kind: 'bad_request', should_retry: true });
    expect(ModelCallError.isInstance(outcome)).toBe(false);
    expect(statuses).toEqual([400, 200]);
    expect(sleeps).toHaveLength(1);
    expect(stats).toMatchObject({ calls: 1, succeeded: 1, retries: 1, retried_by: { bad_request: 1 } });
  });

  it('still throws a 400 at once when the server says nothing', async () => {
    const { outcome, statuses } = await attempt(spec, { kind: 'bad_request' });
    expect(ModelCallError.isInstance(outcome) && outcome.kind).toBe('bad_request');
    expect(statuses).toEqual([400]);
  });

  it('sends one request per attempt: the client never retries on its own, even when told to', async () => {
    const told = Array.from({ length: 10 }, (): Fault => ({ kind: 'server_error', status: 503, should_retry: true }));
    const { outcome, statuses, stats } = await attempt(spec, ...told);
    expect(ModelCallError.isInstance(outcome) && outcome.kind).toBe('server');
    expect(statuses).toEqual(Array.from({ length: DEFAULT_RETRY_POLICY.max_retries + 1 }, () => 503));
    expect(stats).toMatchObject({ retries: DEFAULT_RETRY_POLICY.max_retries, failed_by: { server: 1 } });
  });
});
