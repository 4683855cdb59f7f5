import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce, debounce } from './debounce';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, the delay after the last call', () => {
    const run = vi.fn();
    const check = debounce(run, 300);
    check();
    vi.advanceTimersByTime(200);
    check();
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    expect(check.isPending()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    expect(check.isPending()).toBe(false);
  });

  it('forgets a cancelled run', () => {
    const run = vi.fn();
    const check = debounce(run, 300);
    check();
    check.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
    check();
    vi.advanceTimersByTime(300);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs on a scheduler a test drives by hand', () => {
    const waiting = new Map<number, () => void>();
    let handles = 0;
    const scheduler = {
      set: (callback: () => void) => waiting.set(++handles, callback) && handles,
      clear: (handle: unknown) => void waiting.delete(handle as number),
    };
    const run = vi.fn();
    const check = debounce(run, 300, scheduler);
    check();
    check();
    expect(waiting.size).toBe(1);
    for (const callback of waiting.values()) callback();
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('coalesce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once, the delay after the first call of a burst', () => {
    const run = vi.fn();
    const refresh = coalesce(run, 2_000);
    refresh();
    vi.advanceTimersByTime(1_500);
    refresh();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);
    refresh();
    vi.advanceTimersByTime(2_000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('reads a delay given as a function when the wait starts', () => {
    const run = vi.fn();
    let lastReadMs = 40;
    const refresh = coalesce(run, () => lastReadMs);
    refresh();
    lastReadMs = 1_000;
    vi.advanceTimersByTime(40);
    expect(run).toHaveBeenCalledTimes(1);
    refresh();
    vi.advanceTimersByTime(999);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
  });
});
