import { describe, expect, it } from 'vitest';
import { asSentence } from './sentence';

describe('asSentence', () => {
  it('capitalises an engine fragment and ends it with a full stop', () => {
    expect(asSentence('judge module ./tone.mjs must have a default export (row) => result')).toBe(
      'Judge module ./tone.mjs must have a default export (row) => result.',
    );
    expect(asSentence('no label matches any row (keys such as r:1, r:2)')).toBe('No label matches any row (keys such as r:1, r:2).');
  });

  it('leaves a sentence as it is', () => {
    expect(asSentence('The key is empty.')).toBe('The key is empty.');
    expect(asSentence('Is it still running?')).toBe('Is it still running?');
    expect(asSentence('  ')).toBe('');
  });
});
