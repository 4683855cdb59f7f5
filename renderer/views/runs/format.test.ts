import { describe, expect, it } from 'vitest';
import { fillTarget, formatListDate } from './format';

describe('the Runs list', () => {
  it('dates fit the column: "Nov 30 12:16" this year, the day alone for an older run', () => {
    const now = new Date('2026-12-01T08:00:00Z');
    expect(formatListDate('2026-11-30T12:16:41.120Z', now)).toBe('Nov 30 12:16');
    expect(formatListDate('2026-01-05T09:03:00Z', now)).toBe('Jan 5 09:03');
    expect(formatListDate('2025-11-30T12:16:41Z', now)).toBe('2025-11-30');
    expect(formatListDate('garbage', now)).toBe('garbage');
  });

  it('a fill run names the one cell it aims at; a run over the grid has no target', () => {
    expect(fillTarget({ tool: 'get_account_balance', stance: 'ambiguous' })).toEqual({
      mark: 'fills 1 cell',
      words: 'tool=get_account_balance · stance=ambiguous',
    });
    expect(fillTarget({ world_state: 'entity missing' })).toEqual({ mark: 'aims at one world state', words: 'world_state=entity missing' });
    expect(fillTarget(undefined)).toBeNull();
    expect(fillTarget({})).toBeNull();
  });
});
