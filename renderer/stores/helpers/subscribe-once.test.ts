import { describe, expect, it, vi } from 'vitest';
import { subscribeOnce } from './subscribe-once';

describe('subscribe once', () => {
  it('subscribes on the first call and hands back the same unsubscribe after', () => {
    const stop = vi.fn();
    const subscribe = vi.fn(() => stop);
    const start = subscribeOnce(subscribe);
    const first = start();
    const second = start();
    expect(subscribe).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    first();
    first();
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('subscribes again once unsubscribed', () => {
    const subscribe = vi.fn(() => () => undefined);
    const start = subscribeOnce(subscribe);
    start()();
    start();
    expect(subscribe).toHaveBeenCalledTimes(2);
  });
});
