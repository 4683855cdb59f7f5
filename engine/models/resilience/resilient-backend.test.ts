import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callWarnings } from './call-stats';
import { ConcurrencyLimit } from './concurrency-limit';
import { MockModelBackend } from '../__fixtures__/mock-backend';
import { ModelCallError } from '../model-call-error';
import { withResilience } from './resilient-backend';
import type { RateLimitWindow } from './rate-limit-headers';
import { RatePause } from './rate-pause';
import { DEFAULT_RETRY_POLICY, retryAfterMs, retryDelay, retryWait, retryWaitText, shouldRetryHeader, waitCap } from './retry-policy';

const SPEC = 'openai:gpt-4.1-mini';
const fail = (kind: ModelCallError['kind'], extra: { retry_after_ms?: number; param?: string; should_retry?: boolean } = {}) =>
  new ModelCallError(`${kind}!`, { kind, spec: SPEC, ...extra });

describe('retry delays', () => {
  it('honours retry-after, else backs off 0.5 s x 2^n up to 8 s with at most 25% jitter', () => {
    expect(retryDelay(fail('rate_limit', { retry_after_ms: 1200 }), 0, DEFAULT_RETRY_POLICY, 0.9)).toBe(1200);
    expect(retryDelay(fail('server'), 3, DEFAULT_RETRY_POLICY, 0)).toBe(4000);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), fc.double({ min: 0, max: 0.999, noNaN: true }), (retry, jitter) => {
        const delay = retryDelay(fail('server'), retry, DEFAULT_RETRY_POLICY, jitter)!;
        const full = Math.min(500 * 2 ** retry, 8000);
        return delay <= full && delay >= full * 0.75 - 1;
      }),
    );
  });

  it('caps every wait at the longest allowed, lowered to the call timeout, and says what the server asked', () => {
    const reset = new ModelCallError('429', {
      kind: 'rate_limit',
      spec: SPEC,
      wait: { ms: 360_000, header: 'x-ratelimit-reset-tokens', value: '6m0s' },
    });
    expect(retryWait(reset, 0, DEFAULT_RETRY_POLICY, 0)).toEqual({
      ms: 60_000,
      source: 'x-ratelimit-reset-tokens',
      said: '6m0s',
      asked_ms: 360_000,
    });
    expect(retryWait(reset, 0, DEFAULT_RETRY_POLICY, 0, waitCap(DEFAULT_RETRY_POLICY, 5000))?.ms).toBe(5000);
    expect(retryWait(fail('server'), 3, DEFAULT_RETRY_POLICY, 0, waitCap(DEFAULT_RETRY_POLICY, 1000))).toEqual({
      ms: 1000,
      source: 'backoff',
    });
    expect(waitCap(DEFAULT_RETRY_POLICY, undefined)).toBe(60_000);
    expect(retryWaitText(SPEC, reset, retryWait(reset, 0, DEFAULT_RETRY_POLICY, 0, 5000)!)).toBe(
      `rate limited by ${SPEC}; waited 5.0 s, the longest wait allowed, though x-ratelimit-reset-tokens said 6m0s`,
    );
    const asked = new ModelCallError('429', {
      kind: 'rate_limit',
      spec: SPEC,
      wait: { ms: 6000, header: 'x-ratelimit-reset-requests', value: '6s' },
    });
    expect(retryWaitText(SPEC, asked, retryWait(asked, 0, DEFAULT_RETRY_POLICY, 0)!)).toBe(
      `rate limited by ${SPEC}; waited 6.0 s as x-ratelimit-reset-requests said`,
    );
    expect(retryWaitText(SPEC, fail('rate_limit'), retryWait(fail('rate_limit'), 1, DEFAULT_RETRY_POLICY, 0)!)).toBe(
      `rate limited by ${SPEC}; waited 1.0 s (backoff: the server named no wait)`,
    );
  });

  it('never retries auth, quota, bad requests or timeouts, nor past the limit', () => {
    for (const kind of ['auth', 'quota', 'bad_request', 'timeout', 'unsupported_parameter'] as const)
      expect(retryDelay(fail(kind), 0, DEFAULT_RETRY_POLICY, 0)).toBeUndefined();
    expect(retryDelay(fail('server'), DEFAULT_RETRY_POLICY.max_retries, DEFAULT_RETRY_POLICY, 0)).toBeUndefined();
    expect(retryDelay(new Error('bug'), 0, DEFAULT_RETRY_POLICY, 0)).toBeUndefined();
  });

  it('lets x-should-retry decide whatever the kind, as the SDKs do: true retries a 400, false stops a 500 or a 429', () => {
    expect(retryWait(fail('bad_request', { should_retry: true }), 0, DEFAULT_RETRY_POLICY, 0)).toEqual({ ms: 500, source: 'backoff' });
    expect(retryWait(fail('auth', { should_retry: true, retry_after_ms: 300 }), 1, DEFAULT_RETRY_POLICY, 0)).toEqual({
      ms: 300,
      source: 'retry-after-ms',
      said: '300',
    });
    expect(retryWait(fail('server', { should_retry: false }), 0, DEFAULT_RETRY_POLICY, 0)).toBeUndefined();
    expect(retryWait(fail('rate_limit', { should_retry: false, retry_after_ms: 100 }), 0, DEFAULT_RETRY_POLICY, 0)).toBeUndefined();
    // Forcing a retry never lifts the policy's count.
    expect(
      retryWait(fail('bad_request', { should_retry: true }), DEFAULT_RETRY_POLICY.max_retries, DEFAULT_RETRY_POLICY, 0),
    ).toBeUndefined();
  });

  it('reads x-should-retry exactly as the SDKs do: only `true` and `false` decide', () => {
    const headers = (value: string | undefined) => ({ get: (name: string) => (name === 'x-should-retry' ? (value ?? null) : null) });
    expect(shouldRetryHeader(headers('true'))).toBe(true);
    expect(shouldRetryHeader(headers('false'))).toBe(false);
    for (const value of ['TRUE', ' true', '1', 'yes', '', undefined]) expect(shouldRetryHeader(headers(value))).toBeUndefined();
    expect(shouldRetryHeader(undefined)).toBeUndefined();
  });

  it('reads retry-after-ms, retry-after seconds and an HTTP date', () => {
    const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });
    expect(retryAfterMs(headers({ 'retry-after-ms': '250' }), 0)).toBe(250);
    expect(retryAfterMs(headers({ 'retry-after': '3' }), 0)).toBe(3000);
    expect(retryAfterMs(headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:10 GMT' }), Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(
      10_000,
    );
    expect(retryAfterMs(headers({}), 0)).toBeUndefined();
  });
});

describe('the concurrency limit', () => {
  it('runs at most `limit` tasks at once, in arrival order', async () => {
    const limit = new ConcurrencyLimit(2);
    const started: number[] = [];
    let peak = 0;
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 5 }, (_, index) =>
      limit.run(async () => {
        started.push(index);
        peak = Math.max(peak, limit.active);
        await new Promise<void>((resolve) => releases.push(resolve));
      }),
    );
    for (let done = 0; done < 5; done++) {
      await Promise.resolve()
        .then(() => undefined)
        .then(() => undefined);
      releases.shift()!();
    }
    await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limit.active).toBe(0);
  });
});

/** A clock that moves only when slept on: no real waiting, and every wait recorded. */
function fakeClock(start = Date.UTC(2026, 10, 30, 8, 0, 0)) {
  let time = start;
  const sleeps: number[] = [];
  return {
    now: () => time,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      time += ms;
    },
    sleeps,
  };
}

/** A clock that moves only when the test says: sleepers wake when `advance` passes their time. */
function manualClock(start = Date.UTC(2026, 10, 30, 8, 0, 0)) {
  let time = start;
  let sleepers: { until: number; wake: () => void }[] = [];
  const settle = async () => {
    for (let turn = 0; turn < 20; turn++) await Promise.resolve();
  };
  return {
    now: () => time,
    sleep: (ms: number) => new Promise<void>((wake) => sleepers.push({ until: time + ms, wake })),
    settle,
    async advance(ms: number) {
      time += ms;
      const due = sleepers.filter((sleeper) => sleeper.until <= time);
      sleepers = sleepers.filter((sleeper) => sleeper.until > time);
      for (const sleeper of due) sleeper.wake();
      await settle();
    },
  };
}

describe('a rate-limit pause', () => {
  it('starts no task until the pause is over and keeps the longer of two pauses', async () => {
    const clock = fakeClock();
    const limit = new ConcurrencyLimit(2);
    const pause = new RatePause(clock);
    const started: number[] = [];
    pause.pauseFor(3000);
    pause.pauseFor(1000);
    expect(pause.pausedFor).toBe(3000);
    await Promise.all([
      limit.run(async () => void started.push(clock.now()), pause),
      limit.run(async () => void started.push(clock.now()), pause),
    ]);
    expect(started.every((time) => time >= Date.UTC(2026, 10, 30, 8, 0, 3))).toBe(true);
    expect(pause.pausedFor).toBe(0);
  });

  it("holds only its own model's tasks: they wait outside the server's slots, so another model's tasks run", async () => {
    const clock = manualClock();
    const limit = new ConcurrencyLimit(1);
    const pauseA = new RatePause(clock);
    const pauseB = new RatePause(clock);
    const started: string[] = [];
    const task = (name: string) => async () => void started.push(name);
    pauseA.pauseFor(2000);
    const heldA = limit.run(task('A1'), pauseA);
    await clock.settle();
    expect(limit.active).toBe(0);
    await limit.run(task('B1'), pauseB);
    expect(started).toEqual(['B1']);
    await clock.advance(2000);
    await heldA;
    expect(started).toEqual(['B1', 'A1']);
  });

  it('gives the slot back when its model is paused while it queued, and the next task goes first', async () => {
    const clock = manualClock();
    const limit = new ConcurrencyLimit(1);
    const pauseA = new RatePause(clock);
    const pauseB = new RatePause(clock);
    const started: string[] = [];
    let finishB1: () => void = () => undefined;
    const b1 = limit.run(() => new Promise<void>((resolve) => ((finishB1 = resolve), started.push('B1'))), pauseB);
    const a1 = limit.run(async () => void started.push('A1'), pauseA);
    const b2 = limit.run(async () => void started.push('B2'), pauseB);
    await clock.settle();
    expect(limit.waiting).toBe(2);
    // B1's reply says model A has no requests left (as a shared organisation limit could): A1 must not be sent yet.
    pauseA.pauseFor(1000);
    finishB1();
    await b1;
    await b2;
    expect(started).toEqual(['B1', 'B2']);
    await clock.advance(1000);
    await a1;
    expect(started).toEqual(['B1', 'B2', 'A1']);
  });
});

describe('a resilient backend', () => {
  const request = { messages: [{ role: 'user' as const, content: 'hi' }], temperature: 0.3, logprobs: true };

  it('retries what can be retried, counts it, and words it for the run', async () => {
    const delays: number[] = [];
    const inner = new MockModelBackend(SPEC, [fail('rate_limit', { retry_after_ms: 700 }), fail('connection'), { text: 'ok' }]);
    const backend = withResilience(inner, { limit: new ConcurrencyLimit(1), sleep: async (ms) => void delays.push(ms) });
    expect((await backend.generate(request)).text).toBe('ok');
    expect(delays[0]).toBe(700);
    const stats = backend.stats.snapshot();
    expect(stats).toMatchObject({ calls: 1, succeeded: 1, retries: 2, retried_by: { rate_limit: 1, connection: 1 } });
    expect(callWarnings(stats)).toEqual([
      `${SPEC}: 2 model calls were retried (connection 1, rate_limit 1) out of 1.`,
      `rate limited by ${SPEC}; waited 0.7 s as retry-after-ms said.`,
    ]);
  });

  it('drops a refused temperature and then logprobs, re-sending at once, and remembers', async () => {
    const inner = new MockModelBackend(SPEC, (sent) =>
      sent.temperature !== undefined
        ? fail('unsupported_parameter', { param: 'temperature' })
        : sent.logprobs
          ? fail('unsupported_parameter', { param: 'logprobs' })
          : { text: 'ok' },
    );
    const sleeps: number[] = [];
    const backend = withResilience(inner, { limit: new ConcurrencyLimit(1), sleep: async (ms) => void sleeps.push(ms) });
    expect((await backend.generate(request)).dropped_parameters).toEqual(['logprobs', 'temperature']);
    expect((await backend.generate(request)).dropped_parameters).toEqual(['logprobs', 'temperature']);
    expect(inner.requests).toHaveLength(4);
    expect(inner.requests.at(-1)).toEqual({ messages: request.messages });
    expect(sleeps).toEqual([]);
    expect(callWarnings(backend.stats.snapshot())).toEqual([
      `${SPEC} refused \`logprobs\`: it was dropped and 2 calls were sent without it.`,
      `${SPEC} refused \`temperature\`: it was dropped and 2 calls were sent without it.`,
    ]);
  });

  it('throws a refusal of a field it cannot drop', async () => {
    const backend = withResilience(new MockModelBackend(SPEC, fail('unsupported_parameter', { param: 'max_tokens' })), {
      limit: new ConcurrencyLimit(1),
      sleep: async () => undefined,
    });
    await expect(backend.generate(request)).rejects.toThrow('unsupported_parameter!');
    expect(backend.stats.snapshot().failed_by).toEqual({ unsupported_parameter: 1 });
  });

  it('gives the slot back while it waits out a backoff', async () => {
    const limit = new ConcurrencyLimit(1);
    let release: () => void = () => undefined;
    const inner = new MockModelBackend(SPEC, [fail('server'), { text: 'second' }, { text: 'first' }]);
    const backend = withResilience(inner, { limit, sleep: () => new Promise<void>((resolve) => (release = resolve)) });
    const first = backend.generate(request);
    await Promise.resolve()
      .then(() => undefined)
      .then(() => undefined);
    expect(limit.active).toBe(0);
    const second = await backend.generate(request);
    release();
    expect(second.text).toBe('second');
    expect((await first).text).toBe('first');
  });
});

describe('rate limits on a resilient backend', () => {
  const request = { messages: [{ role: 'user' as const, content: 'hi' }] };
  const usedUp: RateLimitWindow[] = [
    { name: 'requests', limit: 60, remaining: 0, reset: { ms: 6000, header: 'x-ratelimit-reset-requests', value: '6s' } },
    { name: 'tokens', limit: 1000, remaining: 900, reset: { ms: 20, header: 'x-ratelimit-reset-tokens', value: '20ms' } },
  ];

  it('holds new calls until the reset when a reply says no requests are left, and says so', async () => {
    const clock = fakeClock();
    const sentAt: number[] = [];
    const inner = new MockModelBackend(SPEC, (_sent, index) => {
      sentAt.push(clock.now());
      return index === 0 ? { text: 'last one', rate_limits: usedUp } : { text: 'ok' };
    });
    const backend = withResilience(inner, { limit: new ConcurrencyLimit(4), pause: new RatePause(clock), sleep: clock.sleep });
    await backend.generate(request);
    await Promise.all([backend.generate(request), backend.generate(request)]);
    expect(sentAt.map((time) => time - sentAt[0]!)).toEqual([0, 6000, 6000]);
    const stats = backend.stats.snapshot();
    expect(stats).toMatchObject({ retries: 0, pauses: { 'x-ratelimit-reset-requests': { count: 1, total_ms: 6000 } } });
    expect(callWarnings(stats)).toEqual([`${SPEC} had no requests left; new calls were held 6.0 s as x-ratelimit-reset-requests said.`]);
  });

  it('waits as the reset of the used-up limit says after a 429, holds the other calls too, and caps it at the call timeout', async () => {
    const clock = fakeClock();
    const refusal = (ms: number, value: string) =>
      new ModelCallError('429', { kind: 'rate_limit', spec: SPEC, wait: { ms, header: 'x-ratelimit-reset-tokens', value } });
    const pause = new RatePause(clock);
    const inner = new MockModelBackend(SPEC, [refusal(1500, '1.5s'), refusal(360_000, '6m0s'), { text: 'ok' }]);
    const heldFor: number[] = [];
    const sleep = (ms: number) => {
      heldFor.push(pause.pausedFor);
      return clock.sleep(ms);
    };
    const backend = withResilience(inner, { limit: new ConcurrencyLimit(2), pause, sleep, timeout_ms: 30_000 });
    expect((await backend.generate(request)).text).toBe('ok');
    expect(clock.sleeps).toEqual([1500, 30_000]);
    expect(heldFor).toEqual([1500, 30_000]);
    expect(callWarnings(backend.stats.snapshot())).toEqual([
      `${SPEC}: 2 model calls were retried (rate_limit 2) out of 1.`,
      `rate limited by ${SPEC} 2 times; waited 31.5 s in all as x-ratelimit-reset-tokens said (longest ` +
        `30.0 s; 1 cut to the longest wait allowed).`,
    ]);
  });
});
