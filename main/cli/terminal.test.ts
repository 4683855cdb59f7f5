import { describe, expect, it } from 'vitest';
import { throttledProgress } from './terminal';

describe('throttledProgress', () => {
  it('draws at most every interval, and always the last step', () => {
    const drawn: string[] = [];
    let clock = 0;
    const draw = throttledProgress((text) => drawn.push(text), 100, () => clock);
    for (let done = 1; done <= 1000; done += 1) {
      clock = done;
      draw(done, 1000, done > 500 ? 'Writing' : null);
    }
    expect(drawn).toEqual([
      '\r1/1000   ',
      '\r101/1000   ',
      '\r201/1000   ',
      '\r301/1000   ',
      '\r401/1000   ',
      '\rWriting: 501/1000   ',
      '\rWriting: 601/1000   ',
      '\rWriting: 701/1000   ',
      '\rWriting: 801/1000   ',
      '\rWriting: 901/1000   ',
      '\rWriting: 1000/1000   ',
    ]);
  });

  it('draws a count without a total', () => {
    const drawn: string[] = [];
    throttledProgress((text) => drawn.push(text), 100, () => 0)(7, null);
    expect(drawn).toEqual(['\r7   ']);
  });
});
