import { describe, expect, it } from 'vitest';
import { scrollTarget } from './transcript-scroll';

describe('the transcript keys', () => {
  const at = { top: 300, height: 500, scrollHeight: 4000 };

  it('page by most of a screen, keeping a little of the last in view, and go a line at a time', () => {
    expect(scrollTarget('page-down', at)).toBe(750);
    expect(scrollTarget('page-up', at)).toBe(0);
    expect(scrollTarget('line-down', at)).toBe(340);
    expect(scrollTarget('line-up', at)).toBe(260);
  });

  it('jump to either end and never past them', () => {
    expect(scrollTarget('start', at)).toBe(0);
    expect(scrollTarget('end', at)).toBe(3500);
    expect(scrollTarget('page-down', { ...at, top: 3400 })).toBe(3500);
    expect(scrollTarget('end', { top: 0, height: 500, scrollHeight: 200 })).toBe(0);
  });
});
