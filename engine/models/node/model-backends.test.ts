import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createModelAgent } from '../../agents/model-agent';
import { ToolCallFormatError } from '../../agents/tool-call-format-error';
import type { GenerateRequest } from '../model-backend';
import { callWarnings } from '../resilience/call-stats';
import { ModelCallError } from '../model-call-error';
import { parseModelSpec } from '../model-spec';
import { runStopFor } from '../run-stop-error';
import { startLocalModelServer, type Fault, type LocalModelServer, type ServerRequest } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

const KEY = 'sk-test-4f1c9a7e2b8d6053';
const TOOLS = [
  {
    name: 'get_order',
    description: 'Look an order up. Orders on file: ORD-1001.',
    parameters: { type: 'object', properties: { order_id: { type: 'string', pattern: '^ORD-' } }, required: ['order_id'] },
  },
];
const ASK: GenerateRequest = {
  system: 'You are a shop assistant.',
  messages: [{ role: 'user', content: 'Where is ORD-1001?' }],
  tools: TOOLS,
  temperature: 0.7,
};

let server: LocalModelServer;
const delays: number[] = [];

beforeAll(async () => {
  server = await startLocalModelServer({ key: KEY });
});
afterAll(async () => server.close());

function backends(options: { concurrency?: number; timeout_ms?: number; key?: string } = {}) {
  return new ModelBackends({
    key: (variable) =>
      variable === 'OPENAI_API_KEY' || variable === 'ANTHROPIC_API_KEY' || variable.startsWith('WAI_KEY_')
        ? (options.key ?? KEY)
        : undefined,
    base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
    concurrency: options.concurrency ?? 4,
    timeout_ms: options.timeout_ms ?? 5000,
    sleep: async (ms) => {
      delays.push(ms);
    },
  });
}

/** Faults for the next requests only, then a clean server again. */
function faultsOnce(...faults: Fault[]): void {
  let left = [...faults];
  server.setFaults(() => {
    const next = left[0];
    left = left.slice(1);
    return next;
  });
}

const SPECS = ['openai:gpt-4.1-mini', 'anthropic:claude-sonnet-5'] as const;

describe.each(SPECS)('%s on the real client against the local server', (spec) => {
  it('calls a tool with arguments parsed and checked, counts usage, and sends the result back', async () => {
    server.setFaults(undefined);
    const backend = backends().get(parseModelSpec(spec));
    const first = await backend.generate(ASK);
    expect(first.tool_calls).toEqual([{ id: expect.any(String), name: 'get_order', arguments: { order_id: 'ORD-1001' } }]);
    expect(first.tool_call_problems).toEqual([]);
    expect(first.finish_reason).toBe('tool_calls');
    expect(first.usage.input_tokens).toBeGreaterThan(0);
    const second = await backend.generate({
      ...ASK,
      messages: [
        ...ASK.messages,
        { role: 'assistant', content: '', tool_calls: first.tool_calls },
        { role: 'tool', tool_call_id: first.tool_calls[0]!.id, name: 'get_order', content: '{"status":"shipped"}' },
      ],
    });
    expect(second.text).toContain('shipped');
    expect(second.finish_reason).toBe('stop');
    const sent = server.requests.at(-1)!.body;
    expect(JSON.stringify(sent)).toContain(first.tool_calls[0]!.id);
  });

  it('answers structured output as JSON text', async () => {
    const backend = backends().get(parseModelSpec(spec));
    const response = await backend.generate({
      system: 'You grade one conversation between a support agent and a customer against a rubric.',
      messages: [{ role: 'user', content: 'FINAL REPLY:\nDone.' }],
      response_format: { type: 'json', name: 'verdict', schema: { type: 'object', properties: { reward: { type: 'number' } } } },
    });
    expect(JSON.parse(response.text)).toMatchObject({ reward: 1 });
  });

  it('retries a 429, waiting as long as retry-after says, and counts the retry', async () => {
    const backend = backends().get(parseModelSpec(spec));
    delays.length = 0;
    faultsOnce({ kind: 'rate_limit', retry_after_s: 2 }, { kind: 'server_error' });
    const response = await backend.generate(ASK);
    expect(response.tool_calls).toHaveLength(1);
    expect(delays[0]).toBe(2000);
    expect(delays[1]).toBeGreaterThan(0);
    expect(backend.stats.snapshot()).toMatchObject({ calls: 1, succeeded: 1, retries: 2, retried_by: { rate_limit: 1, server: 1 } });
  });

  it('retries a reply cut off mid-body', async () => {
    const backend = backends().get(parseModelSpec(spec));
    faultsOnce({ kind: 'cut_off' });
    const response = await backend.generate(ASK);
    expect(response.tool_calls).toHaveLength(1);
    expect(backend.stats.snapshot().retried_by).toEqual({ connection: 1 });
  });

  it('gives up after the retries with the last server error', async () => {
    const backend = backends().get(parseModelSpec(spec));
    server.setFaults(() => ({ kind: 'server_error' }));
    const failure = await backend.generate(ASK).catch((error: unknown) => error);
    server.setFaults(undefined);
    expect(ModelCallError.isInstance(failure) && failure.kind).toBe('server');
    expect(backend.stats.snapshot()).toMatchObject({ retries: 4, failed_by: { server: 1 } });
  });

  it('drops temperature when the model refuses it, and never sends it again', async () => {
    const backend = backends().get(parseModelSpec(spec));
    server.setFaults((request: ServerRequest) => (request.temperature !== undefined ? { kind: 'reject_temperature' } : undefined));
    const first = await backend.generate(ASK);
    const before = server.requests.length;
    const second = await backend.generate(ASK);
    server.setFaults(undefined);
    expect(first.dropped_parameters).toEqual(['temperature']);
    expect(second.dropped_parameters).toEqual(['temperature']);
    expect(server.requests.length - before).toBe(1);
    expect(server.requests.at(-1)!.body).not.toHaveProperty('temperature');
    expect(backend.stats.snapshot()).toMatchObject({ retries: 0, dropped: { temperature: 2 } });
  });

  it('reports tool-call arguments that are not JSON; the model agent sends the parse error back once, then gives up', async () => {
    const backend = backends().get(parseModelSpec(spec));
    faultsOnce({ kind: 'broken_tool_json' });
    const response = await backend.generate(ASK);
    expect(response.tool_call_problems).toMatchObject([{ name: 'get_order', kind: 'malformed_json' }]);
    expect(response.tool_calls).toEqual([]);

    const agent = createModelAgent(backend);
    const turn = {
      system_prompt: 'x',
      tools: TOOLS,
      messages: [{ role: 'user' as const, content: 'Where is ORD-1001?' }],
      rollout_key: '0:0',
    };
    faultsOnce({ kind: 'broken_tool_json' });
    const before = server.requests.length;
    const repaired = await agent.respond(turn);
    expect(repaired.tool_calls).toEqual([{ id: expect.any(String), name: 'get_order', arguments: { order_id: 'ORD-1001' } }]);
    expect(server.requests.length - before).toBe(2);
    // The second request answers the broken call with its parse error, as the tool's result.
    const resent = JSON.stringify(server.requests.at(-1)!.body);
    expect(resent).toContain('could not be read');
    expect(resent).toContain('Call get_order again with a JSON object.');

    faultsOnce({ kind: 'broken_tool_json' }, { kind: 'broken_tool_json' });
    const failure = await agent.respond(turn).catch((error: unknown) => error);
    expect(ToolCallFormatError.isInstance(failure)).toBe(true);
    expect((failure as Error).message).toContain('twice');
  });

  it('keeps a call whose arguments break the schema, and says so', async () => {
    const backend = backends().get(parseModelSpec(spec));
    server.setBrain(() => ({ tool_calls: [{ name: 'get_order', arguments: { order_id: 42 } }] }));
    const response = await backend.generate(ASK);
    server.setBrain((await import('./__fixtures__/default-brain')).defaultBrain);
    expect(response.tool_calls).toEqual([{ id: expect.any(String), name: 'get_order', arguments: { order_id: 42 } }]);
    expect(response.tool_call_problems).toMatchObject([{ kind: 'schema', message: expect.stringContaining('order_id') }]);
  });

  it('fails a call slower than its timeout as a timeout, without retrying it', async () => {
    const backend = backends({ timeout_ms: 150 }).get(parseModelSpec(spec));
    faultsOnce({ kind: 'slow', delay_ms: 600 });
    const failure = await backend.generate(ASK).catch((error: unknown) => error);
    expect(ModelCallError.isInstance(failure) && failure.kind).toBe('timeout');
    expect(backend.stats.snapshot()).toMatchObject({ retries: 0, failed_by: { timeout: 1 } });
  });

  it('reads a refused key as an auth failure that stops the run, never echoing the key', async () => {
    const wrongKey = 'sk-wrong-9d8c7b6a5f4e3d2c';
    const backend = backends({ key: wrongKey }).get(parseModelSpec(spec));
    const failure = await backend.generate(ASK).catch((error: unknown) => error);
    expect(ModelCallError.isInstance(failure) && failure.kind).toBe('auth');
    expect(String((failure as Error).message)).not.toContain(wrongKey);
    expect(String((failure as Error).message)).toMatch(spec === 'openai:gpt-4.1-mini' ? /OPENAI_API_KEY/ : /ANTHROPIC_API_KEY/);
    expect(runStopFor(failure, 'agent')?.stopped_because).toBe('agent_auth_failed');
  });

  it('reads an empty account as quota, which stops the run', async () => {
    const backend = backends().get(parseModelSpec(spec));
    faultsOnce({ kind: 'quota' });
    const failure = await backend.generate(ASK).catch((error: unknown) => error);
    expect(ModelCallError.isInstance(failure) && failure.kind).toBe('quota');
    expect(runStopFor(failure, 'writer')?.stopped_because).toBe('writer_quota_exceeded');
  });
});

describe.each(SPECS)('%s rate limits, on a fake clock', (spec) => {
  const resetHeader = spec.startsWith('openai') ? 'x-ratelimit-reset-requests' : 'anthropic-ratelimit-requests-reset';
  const tokensHeader = spec.startsWith('openai') ? 'x-ratelimit-reset-tokens' : 'anthropic-ratelimit-tokens-reset';
  let limited: LocalModelServer;
  let time = Date.UTC(2026, 10, 30, 8, 0, 0);
  const sleeps: number[] = [];
  const clock = { now: () => time, sleep: async (ms: number) => void (sleeps.push(ms), (time += ms)) };
  const requestsUsedUp = {
    requests: { limit: 60, remaining: 0, reset_ms: 6000 },
    tokens: { limit: 150_000, remaining: 140_000, reset_ms: 360_000 },
  };

  beforeAll(async () => {
    limited = await startLocalModelServer({ now: clock.now });
  });
  afterAll(async () => limited.close());

  const fresh = (timeout_ms = 120_000) => {
    sleeps.length = 0;
    limited.setFaults(undefined);
    limited.setRateLimits(undefined);
    return new ModelBackends({
      key: () => KEY,
      base_urls: { openai: limited.openai_base_url, anthropic: limited.anthropic_base_url },
      concurrency: 4,
      timeout_ms,
      ...clock,
    }).get(parseModelSpec(spec));
  };
  const once = (fault: Fault) => {
    let sent = false;
    limited.setFaults(() => (sent ? undefined : ((sent = true), fault)));
  };

  it('waits after a 429 as long as the reset of the used-up limit says, and names the header', async () => {
    const backend = fresh();
    once({ kind: 'rate_limit', limits: requestsUsedUp });
    expect((await backend.generate(ASK)).tool_calls).toHaveLength(1);
    expect(sleeps).toEqual([6000]);
    expect(backend.spec).toBe(`${spec}@${spec.startsWith('openai') ? limited.openai_base_url : limited.anthropic_base_url}`);
    expect(callWarnings(backend.stats.snapshot())).toContain(`rate limited by ${backend.spec}; waited 6.0 s as ${resetHeader} said.`);
  });

  it('prefers retry-after-ms, then retry-after, to the reset headers', async () => {
    const backend = fresh();
    once({ kind: 'rate_limit', limits: requestsUsedUp, retry_after_s: 2 });
    await backend.generate(ASK);
    once({ kind: 'rate_limit', limits: requestsUsedUp, retry_after_s: 2, retry_after_ms: 250 });
    await backend.generate(ASK);
    expect(sleeps).toEqual([2000, 250]);
    expect(Object.keys(backend.stats.snapshot().rate_limit_waits).sort()).toEqual(['retry-after', 'retry-after-ms']);
  });

  it('caps a long reset at the call timeout and says what the server asked', async () => {
    const backend = fresh(20_000);
    const sentAt = time;
    once({
      kind: 'rate_limit',
      limits: { requests: { limit: 60, remaining: 5, reset_ms: 1000 }, tokens: { limit: 150_000, remaining: 0, reset_ms: 360_000 } },
    });
    await backend.generate(ASK);
    expect(sleeps).toEqual([20_000]);
    const said = spec.startsWith('openai') ? '6m0s' : new Date(sentAt + 360_000).toISOString().replace('.000Z', 'Z');
    expect(callWarnings(backend.stats.snapshot())).toContain(
      `rate limited by ${backend.spec}; waited 20.0 s, the longest wait allowed, though ${tokensHeader} said ${said}.`,
    );
  });

  it('holds new calls until the reset when a reply says no requests are left, so the server sees no 429', async () => {
    const backend = fresh();
    const sentAt: number[] = [];
    limited.setFaults(() => void sentAt.push(time));
    // Only the first reply says the requests are used up (the faults hook runs first on each request).
    limited.setRateLimits(() => (sentAt.length === 1 ? requestsUsedUp : undefined));
    const before = limited.requests.length;
    await backend.generate(ASK);
    await Promise.all([backend.generate(ASK), backend.generate(ASK)]);
    expect(sentAt.map((at) => at - sentAt[0]!)).toEqual([0, 6000, 6000]);
    expect(limited.requests.slice(before).map((request) => request.status)).toEqual([200, 200, 200]);
    expect(backend.stats.snapshot()).toMatchObject({ retries: 0, pauses: { [resetHeader]: { count: 1, total_ms: 6000 } } });
  });
});

describe('the OpenAI-compatible path', () => {
  it('returns summed log-probabilities and the per-token list when asked', async () => {
    server.setFaults(undefined);
    const backend = backends().get(parseModelSpec(`compatible:qwen2.5:7b@${server.openai_base_url}`));
    server.setBrain(() => ({ text: 'Your order has shipped today.' }));
    const response = await backend.generate({ ...ASK, logprobs: true, max_tokens: 50 });
    server.setBrain((await import('./__fixtures__/default-brain')).defaultBrain);
    expect(response.logprobs?.n_tokens).toBe(5);
    expect(response.logprobs?.tokens.map((token) => token.token)).toEqual(['Your', 'order', 'has', 'shipped', 'today.']);
    expect(response.logprobs?.sum).toBeCloseTo(-0.05 * (1 + 2 + 3 + 4 + 5), 10);
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'qwen2.5:7b', logprobs: true, max_tokens: 50 });
    expect(server.requests.at(-1)!.body).not.toHaveProperty('max_completion_tokens');
  });

  it('never has more calls in flight than the server limit, shared by every model on that server', async () => {
    const slow = await startLocalModelServer({ latency_ms: 40 });
    const registry = new ModelBackends({ key: () => undefined, concurrency: 3, sleep: async () => undefined });
    const first = registry.get(parseModelSpec(`compatible:a@${slow.openai_base_url}`));
    const second = registry.get(parseModelSpec(`compatible:b@${slow.openai_base_url}`));
    await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? first : second).generate(ASK)));
    expect(slow.max_in_flight).toBe(3);
    expect(registry.stats().map((stats) => stats.calls)).toEqual([6, 6]);
    await slow.close();
  });

  it('refuses to build a hosted model with no key, naming the variable', () => {
    const registry = new ModelBackends({ key: () => undefined, concurrency: 1 });
    expect(() => registry.get(parseModelSpec('anthropic:claude-sonnet-4-5'))).toThrow(/ANTHROPIC_API_KEY/);
  });
});

describe('a retired Anthropic model', () => {
  it("shows the SDK's deprecation notice once per run, not on every call", async () => {
    server.setFaults(undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const backend = backends().get(parseModelSpec('anthropic:claude-sonnet-4-5'));
    await backend.generate(ASK);
    await backend.generate(ASK);
    await backend.generate(ASK);
    const notices = warn.mock.calls.filter(([message]) => String(message).includes('deprecated'));
    warn.mockRestore();
    expect(notices).toHaveLength(1);
    expect(server.requests.slice(-3).map((request) => request.model)).toEqual([
      'claude-sonnet-4-5',
      'claude-sonnet-4-5',
      'claude-sonnet-4-5',
    ]);
  });
});
