import { describe, expect, it } from 'vitest';
import { orderedPool } from '../ordered-pool';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('orderedPool', () => {
  it('yields in input order whatever order tasks finish in, with at most `concurrency` running', async () => {
    let running = 0;
    let peak = 0;
    const delays = [30, 5, 20, 1, 15, 2, 8];
    const seen: number[] = [];
    for await (const { index, result } of orderedPool(delays, 3, async (delay, index) => {
      running++;
      peak = Math.max(peak, running);
      await later(delay);
      running--;
      return index * 10;
    })) {
      seen.push(index);
      expect(result).toEqual({ ok: true, value: index * 10 });
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(3);
  });

  it('reports a failed task in place without stopping the others', async () => {
    const outcomes: boolean[] = [];
    for await (const { result } of orderedPool([1, 2, 3], 2, async (value) => {
      if (value === 2) throw new Error('boom');
      return value;
    }))
      outcomes.push(result.ok);
    expect(outcomes).toEqual([true, false, true]);
  });

  it('starts nothing new once stopped, but finishes what is running', async () => {
    let stop = false;
    const done: number[] = [];
    for await (const { index } of orderedPool(
      [0, 1, 2, 3, 4, 5],
      2,
      async (value) => {
        await later(5);
        if (value === 1) stop = true;
        return value;
      },
      () => stop,
    ))
      done.push(index);
    expect(done.length).toBeLessThan(6);
    expect(done).toEqual(done.map((_, index) => index));
  });
});
