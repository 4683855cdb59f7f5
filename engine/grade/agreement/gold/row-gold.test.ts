import { describe, expect, it } from 'vitest';
import type { Label } from '../../../../shared/domain';
import { NO_GOLD, rowGold } from './row-gold';

const label = (author: string | null, value: Label['label'], kind: Label['kind'] = 'human'): Label => ({
  row_id: 'row-1',
  label: value,
  kind,
  author,
  note: null,
  created_at: '2025-01-01T00:00:00Z',
});

describe('rowGold', () => {
  it("takes each author's latest vote and names the voters, sorted", () => {
    expect(rowGold([label('bo', 'fail'), label('ana', 'pass'), label('bo', 'pass')])).toEqual({
      gold: 1,
      gold_kind: 'human',
      author: 'ana, bo',
      isMixed: false,
      isConflict: false,
    });
  });

  it('leaves the author out when any counted vote is unsigned', () => {
    expect(rowGold([label(null, 'fail'), label('ana', 'fail')]).author).toBeNull();
  });

  it('gives no gold while annotators disagree, even two against one: the row is a conflict until settled', () => {
    expect(rowGold([label('ana', 'pass'), label('bo', 'fail')])).toEqual({ ...NO_GOLD, isConflict: true });
    expect(rowGold([label('ana', 'pass'), label('bo', 'pass'), label('cy', 'fail')])).toEqual({ ...NO_GOLD, isConflict: true });
    // Unsure abstains: the others agree.
    expect(rowGold([label('ana', 'pass'), label('bo', 'unsure')])).toMatchObject({ gold: 1, author: 'ana', isConflict: false });
  });

  it('takes the settled label over every vote, with the settler as its author', () => {
    const votes = [label('ana', 'pass'), label('bo', 'fail')];
    expect(rowGold(votes, { label: 0, author: 'cy' })).toEqual({
      gold: 0,
      gold_kind: 'human',
      author: 'cy',
      isMixed: false,
      isConflict: false,
    });
  });

  it('reports mixed gold with its least trusted kind', () => {
    expect(rowGold([label('ana', 'pass'), label('bot', 'pass', 'model')])).toMatchObject({ gold: 1, gold_kind: 'model', isMixed: true });
    expect(rowGold([label('ana', 'fail'), label('check', 'fail', 'program')])).toMatchObject({ gold_kind: 'program', isMixed: true });
  });
});
