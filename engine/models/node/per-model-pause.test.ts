// A pause learnt from one model's limits (a reply at 0, a 429 timed by a reset, a 429 not to be retried) holds that
// model's calls only: OpenAI and Anthropic limit each model on its own, so model B on the same server, or the same
// model name on another server, is never held. Real `openai` and `@anthropic-ai/sdk` clients talk to the local
// server; time is a manual clock, so nothing here really waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callWarnings } from '../resilience/call-stats';
import type { GenerateRequest, GenerateResponse } from '../model-backend';
import { ModelCallError } from '../model-call-error';
import { parseModelSpec } from '../model-spec';
import { DEFAULT_RETRY_POLICY } from '../resilience/retry-policy';
import { startLocalModelServer, type Fault, type LocalModelServer, type RateLimitState } from './__fixtures__/local-model-server';
import { ModelBackends } from './model-backends';

const KEY = 'sk-test-4f1c9a7e2b8d6053';
const ASK: GenerateRequest = { system: 'You are a shop assistant.', messages: [{ role: 'user', content: 'Hello there.' }] };
const REQUESTS_USED_UP: RateLimitState = {
  requests: { limit: 60, remaining: 0, reset_ms: 2000 },
  tokens: { limit: 150_000, remaining: 140_000, reset_ms: 500 },
};

/** A clock that moves only when the test says so: a sleeper wakes when `advance` passes its time. */
function manualClock() {
  let time = Date.UTC(2026, 10, 30, 8, 0, 0);
  let sleepers: { until: number; wake: () => void }[] = [];
  return {
    now: () => time,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ until: time + ms, wake })),
    get sleeping() {
      return sleepers.length;
    },
    advance(ms: number) {
      time += ms;
      const due = sleepers.filter((sleeper) => sleeper.until <= time);
      sleepers = sleepers.filter((sleeper) => sleeper.until > time);
      for (const sleeper of due) sleeper.wake();
    },
  };
}

/** Resolves once `check` holds (real I/O is in between), failing after two seconds. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !check(); waited += 2) {
    if (waited > 2000) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** The call's answer, or `held` when it has not answered within a second of real time (a wrongly paused call). */
async function answeredOrHeld(call: Promise<GenerateResponse>): Promise<'answered' | 'held'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const held = new Promise<'held'>((resolve) => (timer = setTimeout(() => resolve('held'), 1000)));
  const outcome = await Promise.race([call.then(() => 'answered' as const), held]);
  clearTimeout(timer);
  return outcome;
}

const PAIRS = [
  ['openai', 'gpt-4.1-mini', 'gpt-4.1'],
  ['anthropic', 'claude-sonnet-5', 'claude-haiku-5'],
] as const;

describe.each(PAIRS)('%s: a limit used up by model %s never holds %s on the same server', (provider, modelA, modelB) => {
  let clock: ReturnType<typeof manualClock>;
  let server: LocalModelServer;

  beforeAll(async () => {
    clock = manualClock();
    server = await startLocalModelServer({ now: () => clock.now() });
  });
  afterAll(async () => server.close());

  const registry = () =>
    new ModelBackends({
      key: () => KEY,
      base_urls: { openai: server.openai_base_url, anthropic: server.anthropic_base_url },
      concurrency: 4,
      timeout_ms: 60_000,
      now: clock.now,
      sleep: clock.sleep,
    });
  /** `fault` on model A's first request only. */
  const onceOnA = (fault: Fault) => {
    let sent = false;
    server.setFaults((request) => (request.model === modelA && !sent ? ((sent = true), fault) : undefined));
  };
  const sentSince = (before: number) => server.requests.slice(before).map((request) => `${request.model} ${request.status}`);

  it('a 429 with retry-after on A: B answers at once while A waits, then A is retried', async () => {
    const backends = registry();
    const [a, b] = [backends.get(parseModelSpec(`${provider}:${modelA}`)), backends.get(parseModelSpec(`${provider}:${modelB}`))];
    await Promise.all([a.generate(ASK), b.generate(ASK)]); // the clients load before anything is timed
    const before = server.requests.length;
    onceOnA({ kind: 'rate_limit', retry_after_s: 1 });
    const first = a.generate(ASK);
    await until(() => clock.sleeping === 1, "A's retry waits");
    expect(await answeredOrHeld(b.generate(ASK))).toBe('answered');
    clock.advance(1000);
    await first;
    expect(sentSince(before)).toEqual([`${modelA} 429`, `${modelB} 200`, `${modelA} 200`]);
    expect(b.stats.snapshot()).toMatchObject({ retries: 0, pauses: {} });
  });

  it('a 429 timed by a reset header on A: A is held until the reset, B is not', async () => {
    const backends = registry();
    const [a, b] = [backends.get(parseModelSpec(`${provider}:${modelA}`)), backends.get(parseModelSpec(`${provider}:${modelB}`))];
    await Promise.all([a.generate(ASK), b.generate(ASK)]);
    const before = server.requests.length;
    onceOnA({ kind: 'rate_limit', limits: REQUESTS_USED_UP });
    const first = a.generate(ASK);
    await until(() => clock.sleeping === 1, "A's retry waits");
    const second = a.generate(ASK);
    await until(() => clock.sleeping === 2, "A's next call is held");
    expect(await answeredOrHeld(b.generate(ASK))).toBe('answered');
    expect(sentSince(before)).toEqual([`${modelA} 429`, `${modelB} 200`]);
    clock.advance(2000);
    await Promise.all([first, second]);
    expect(sentSince(before)).toEqual([`${modelA} 429`, `${modelB} 200`, `${modelA} 200`, `${modelA} 200`]);
  });

  it("a 429 on A the server says not to retry: that call fails at once, A's next call is held for retry-after, B's is not", async () => {
    const backends = registry();
    const [a, b] = [backends.get(parseModelSpec(`${provider}:${modelA}`)), backends.get(parseModelSpec(`${provider}:${modelB}`))];
    await Promise.all([a.generate(ASK), b.generate(ASK)]);
    const before = server.requests.length;
    onceOnA({ kind: 'rate_limit', retry_after_s: 1, should_retry: false });
    const refused = await a.generate(ASK).catch((error: unknown) => error);
    expect(ModelCallError.isInstance(refused) && refused.kind).toBe('rate_limit');
    expect(clock.sleeping).toBe(0);
    const next = a.generate(ASK);
    await until(() => clock.sleeping === 1, "A's next call is held");
    expect(await answeredOrHeld(b.generate(ASK))).toBe('answered');
    expect(sentSince(before)).toEqual([`${modelA} 429`, `${modelB} 200`]);
    clock.advance(1000);
    await next;
    expect(sentSince(before)).toEqual([`${modelA} 429`, `${modelB} 200`, `${modelA} 200`]);
    expect(a.stats.snapshot()).toMatchObject({
      retries: 0,
      failed_by: { rate_limit: 1 },
      pauses: { 'retry-after': { count: 1, total_ms: 1000 } },
    });
    expect(callWarnings(a.stats.snapshot())).toContain(
      `${a.spec} answered 429 with x-should-retry: false; that call was not retried, and ` +
        `new calls were held 1.0 s as retry-after said.`,
    );
    expect(b.stats.snapshot().pauses).toEqual({});
  });

  it('a 429 on A the server says not to retry, naming no wait: A is held for the first backoff', async () => {
    const backends = registry();
    const a = backends.get(parseModelSpec(`${provider}:${modelA}`));
    await a.generate(ASK);
    const before = server.requests.length;
    onceOnA({ kind: 'rate_limit', should_retry: false });
    expect(ModelCallError.isInstance(await a.generate(ASK).catch((error: unknown) => error))).toBe(true);
    const next = a.generate(ASK);
    await until(() => clock.sleeping === 1, "A's next call is held");
    clock.advance(DEFAULT_RETRY_POLICY.initial_delay_ms - 1);
    expect(await answeredOrHeld(next)).toBe('held');
    clock.advance(1);
    await next;
    expect(sentSince(before)).toEqual([`${modelA} 429`, `${modelA} 200`]);
    expect(a.stats.snapshot().pauses).toEqual({
      backoff: expect.objectContaining({ count: 1, total_ms: DEFAULT_RETRY_POLICY.initial_delay_ms }),
    });
  });

  it("a reply on A saying no requests are left: A's next call is held until the reset, B's is sent at once", async () => {
    const backends = registry();
    const [a, b] = [backends.get(parseModelSpec(`${provider}:${modelA}`)), backends.get(parseModelSpec(`${provider}:${modelB}`))];
    await Promise.all([a.generate(ASK), b.generate(ASK)]);
    server.setFaults(undefined);
    let told = false;
    server.setRateLimits((request) => (request.model === modelA && !told ? ((told = true), REQUESTS_USED_UP) : undefined));
    await a.generate(ASK);
    server.setRateLimits(undefined);
    const before = server.requests.length;
    const next = a.generate(ASK);
    await until(() => clock.sleeping === 1, "A's next call is held");
    expect(await answeredOrHeld(b.generate(ASK))).toBe('answered');
    clock.advance(2000);
    await next;
    expect(sentSince(before)).toEqual([`${modelB} 200`, `${modelA} 200`]);
    expect(Object.keys(a.stats.snapshot().pauses)).toHaveLength(1);
    expect(b.stats.snapshot().pauses).toEqual({});
  });
});

describe('the same model name on two servers', () => {
  it('shares a pause only on the same server, however the spec names it', async () => {
    const clock = manualClock();
    const [one, two] = await Promise.all([startLocalModelServer({ now: clock.now }), startLocalModelServer({ now: clock.now })]);
    try {
      const backends = new ModelBackends({
        key: () => KEY,
        base_urls: { openai: `${one.openai_base_url}/` },
        concurrency: 4,
        timeout_ms: 60_000,
        now: clock.now,
        sleep: clock.sleep,
      });
      const compatibleOne = backends.get(parseModelSpec(`compatible:gpt-4.1-mini@${one.openai_base_url}`));
      const openaiOne = backends.get(parseModelSpec('openai:gpt-4.1-mini'));
      const compatibleTwo = backends.get(parseModelSpec(`compatible:gpt-4.1-mini@${two.openai_base_url}`));
      await Promise.all([compatibleOne.generate(ASK), openaiOne.generate(ASK), compatibleTwo.generate(ASK)]);
      let told = false;
      one.setRateLimits(() => (told ? undefined : ((told = true), REQUESTS_USED_UP)));
      await compatibleOne.generate(ASK);
      const heldOnOne = openaiOne.generate(ASK);
      await until(() => clock.sleeping === 1, 'the same model on the same server is held');
      expect(await answeredOrHeld(compatibleTwo.generate(ASK))).toBe('answered');
      clock.advance(2000);
      await heldOnOne;
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });
});
