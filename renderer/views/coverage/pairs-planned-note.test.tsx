// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { summaryOf } from '../../stores/coverage/__fixtures__/coverage-fixtures';
import { PairsPlannedNote } from './pairs-planned-note';

afterEach(cleanup);

describe('the pairs note on the Coverage view', () => {
  it('says how many pairs are planned and why each kind of the rest is out', () => {
    const { pairs_accounting } = summaryOf();
    render(<PairsPlannedNote accounting={pairs_accounting} />);
    const note = screen.getByRole('region', { name: 'Pairs planned' });
    expect(note.textContent).toContain('630 of the 759 pairs of axis values are planned; the other 129 are not in pairs_planned');
    const reasons = within(note)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(reasons).toEqual(pairs_accounting.notes);
    expect(reasons[0]).toContain('an unrelated ask touches no record and calls no tool');
  });

  it('says so when every pair is planned', () => {
    const accounting = {
      ...summaryOf().pairs_accounting,
      pairs_planned: 759,
      pairs_impossible: 0,
      pairs_flipped: 0,
      impossible: [],
      notes: [],
    };
    render(<PairsPlannedNote accounting={accounting} />);
    expect(screen.getByRole('region', { name: 'Pairs planned' }).textContent).toBe('Every one of the 759 pairs of axis values is planned.');
  });
});
