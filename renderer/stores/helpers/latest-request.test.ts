import { describe, expect, it } from 'vitest';
import { latestRequest } from './latest-request';

describe('latest request', () => {
  it('keeps only the answer to the latest request, whatever order answers land in', async () => {
    const previews = latestRequest();
    const shown: string[] = [];
    const ask = async (text: string, delayMs: number) => {
      const isLatest = previews.start();
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (isLatest()) shown.push(text);
    };
    await Promise.all([ask('slow and old', 20), ask('quick and new', 1)]);
    expect(shown).toEqual(['quick and new']);
  });

  it('outdates every request under way when dropped', () => {
    const reads = latestRequest();
    const isLatest = reads.start();
    reads.drop();
    expect(isLatest()).toBe(false);
  });

  it('watches without starting: a request started meanwhile outdates the watch', () => {
    const reads = latestRequest();
    const isLatest = reads.start();
    const isQuiet = reads.watch();
    expect(isLatest()).toBe(true);
    expect(isQuiet()).toBe(true);
    reads.start();
    expect(isLatest()).toBe(false);
    expect(isQuiet()).toBe(false);
  });
});
