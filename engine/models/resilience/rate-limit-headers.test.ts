import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exhaustedWindow, parseDuration, rateLimitWindows, resetMs, serverWait } from './rate-limit-headers';

const NOW = Date.parse('2026-11-30T08:00:00Z');
const headers = (values: Record<string, string>) => ({ get: (name: string) => values[name] ?? null });

describe('reset values', () => {
  it("reads OpenAI's durations, bare seconds and Anthropic's RFC 3339 times", () => {
    expect(parseDuration('20ms')).toBe(20);
    expect(parseDuration('1s')).toBe(1000);
    expect(parseDuration('6m0s')).toBe(360_000);
    expect(parseDuration('1h2m3.5s')).toBe(3_723_500);
    expect(parseDuration('7.66s')).toBeCloseTo(7660, 6);
    expect(parseDuration('soon')).toBeUndefined();
    expect(parseDuration('6m 0s')).toBeUndefined();
    expect(resetMs('2', NOW)).toBe(2000);
    expect(resetMs('2026-11-30T08:00:06Z', NOW)).toBe(6000);
    expect(resetMs('2026-11-30T07:59:00Z', NOW)).toBe(0);
    expect(resetMs('', NOW)).toBeUndefined();
    expect(resetMs('whenever', NOW)).toBeUndefined();
  });

  it('reads back any duration written as hours, minutes, seconds and milliseconds', () => {
    fc.assert(
      fc.property(fc.nat(5), fc.nat(59), fc.nat(59), fc.nat(999), (hours, minutes, seconds, millis) => {
        const text = `${hours}h${minutes}m${seconds}s${millis}ms`;
        return parseDuration(text) === ((hours * 60 + minutes) * 60 + seconds) * 1000 + millis;
      }),
    );
  });
});

describe('the wait a 429 asks for', () => {
  const openai = {
    'x-ratelimit-limit-requests': '60',
    'x-ratelimit-remaining-requests': '0',
    'x-ratelimit-reset-requests': '6s',
    'x-ratelimit-limit-tokens': '150000',
    'x-ratelimit-remaining-tokens': '149000',
    'x-ratelimit-reset-tokens': '6m0s',
  };

  it('takes retry-after-ms, then retry-after, then the reset of the limit that ran out', () => {
    expect(serverWait(headers({ ...openai, 'retry-after': '2', 'retry-after-ms': '250' }), NOW)).toEqual({
      ms: 250,
      header: 'retry-after-ms',
      value: '250',
    });
    expect(serverWait(headers({ ...openai, 'retry-after': '2' }), NOW)).toEqual({ ms: 2000, header: 'retry-after', value: '2' });
    expect(serverWait(headers({ ...openai, 'retry-after': 'Mon, 30 Nov 2026 08:00:10 GMT' }), NOW)).toMatchObject({
      ms: 10_000,
      header: 'retry-after',
    });
    expect(serverWait(headers(openai), NOW)).toEqual({ ms: 6000, header: 'x-ratelimit-reset-requests', value: '6s' });
    expect(serverWait(headers({ ...openai, 'x-ratelimit-remaining-requests': '12', 'x-ratelimit-remaining-tokens': '0' }), NOW)).toEqual({
      ms: 360_000,
      header: 'x-ratelimit-reset-tokens',
      value: '6m0s',
    });
    expect(serverWait(headers({}), NOW)).toBeUndefined();
    expect(serverWait(undefined, NOW)).toBeUndefined();
  });

  it('picks the limit nearest empty when none is at 0, and the latest reset when there are no counts', () => {
    expect(
      serverWait(headers({ ...openai, 'x-ratelimit-remaining-requests': '30', 'x-ratelimit-remaining-tokens': '900' }), NOW)?.header,
    ).toBe('x-ratelimit-reset-tokens');
    expect(serverWait(headers({ 'x-ratelimit-reset-requests': '1s', 'x-ratelimit-reset-tokens': '20ms' }), NOW)).toMatchObject({
      ms: 1000,
      header: 'x-ratelimit-reset-requests',
    });
  });

  it("reads Anthropic's limits, with input and output tokens, reset as times", () => {
    const anthropic = headers({
      'anthropic-ratelimit-requests-limit': '50',
      'anthropic-ratelimit-requests-remaining': '20',
      'anthropic-ratelimit-requests-reset': '2026-11-30T08:00:01Z',
      'anthropic-ratelimit-input-tokens-limit': '30000',
      'anthropic-ratelimit-input-tokens-remaining': '0',
      'anthropic-ratelimit-input-tokens-reset': '2026-11-30T08:00:12Z',
      'anthropic-ratelimit-output-tokens-remaining': '0',
      'anthropic-ratelimit-output-tokens-reset': '2026-11-30T08:00:04Z',
    });
    expect(rateLimitWindows(anthropic, NOW).map((window) => [window.name, window.remaining, window.reset?.ms])).toEqual([
      ['requests', 20, 1000],
      ['input-tokens', 0, 12_000],
      ['output-tokens', 0, 4000],
    ]);
    expect(serverWait(anthropic, NOW)).toEqual({
      ms: 12_000,
      header: 'anthropic-ratelimit-input-tokens-reset',
      value: '2026-11-30T08:00:12Z',
    });
  });

  it('finds a used-up limit on a successful reply only when one is at 0', () => {
    expect(exhaustedWindow(rateLimitWindows(headers(openai), NOW))).toMatchObject({ name: 'requests', reset: { ms: 6000 } });
    expect(exhaustedWindow(rateLimitWindows(headers({ ...openai, 'x-ratelimit-remaining-requests': '1' }), NOW))).toBeUndefined();
  });
});
