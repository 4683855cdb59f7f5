import { describe, expect, it } from 'vitest';
import { OrderedPool, type Settled } from '../ordered-pool';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readAll<R>(pool: OrderedPool<unknown, R>): Promise<Settled<R>[]> {
  const results: Settled<R>[] = [];
  for (let result = await pool.next(); result; result = await pool.next()) results.push(result);
  return results;
}

describe('OrderedPool', () => {
  it('gives results in input order whatever order tasks finish in, with at most `concurrency` running', async () => {
    let running = 0;
    let peak = 0;
    const pool = new OrderedPool<number, number>(3, async (delay, index) => {
      running++;
      peak = Math.max(peak, running);
      await later(delay);
      running--;
      return index * 10;
    });
    pool.add([30, 5, 20, 1, 15, 2, 8]);
    const results = await readAll(pool);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6].map((index) => ({ ok: true, value: index * 10 })));
    expect(peak).toBe(3);
  });

  it('keeps the pool full while an early task is slow, taking items added later', async () => {
    const started: number[] = [];
    const pool = new OrderedPool<number, number>(2, async (delay, index) => {
      started.push(index);
      await later(delay);
      return index;
    });
    pool.add([60, 1, 1]);
    await later(20);
    // Item 0 is still running and unread; the second slot went through items 1 and 2 and takes the new ones at once.
    pool.add([1, 1]);
    await later(20);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect((await readAll(pool)).map((result) => result.ok && result.value)).toEqual([0, 1, 2, 3, 4]);
  });

  it('reports a failed task in place without stopping the others', async () => {
    const pool = new OrderedPool<number, number>(2, async (value) => {
      if (value === 2) throw new Error('boom');
      return value;
    });
    pool.add([1, 2, 3]);
    expect((await readAll(pool)).map((result) => result.ok)).toEqual([true, false, true]);
  });

  it('starts nothing new once stopped, but finishes what is running', async () => {
    let stop = false;
    const pool = new OrderedPool<number, number>(
      2,
      async (value) => {
        await later(5);
        if (value === 1) stop = true;
        return value;
      },
      () => stop,
    );
    pool.add([0, 1, 2, 3, 4, 5]);
    const done = (await readAll(pool)).map((result) => result.ok && result.value);
    expect(done.length).toBeLessThan(6);
    expect(done).toEqual(done.map((_, index) => index));
  });
});
