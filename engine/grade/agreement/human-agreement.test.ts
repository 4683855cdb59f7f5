import { describe, expect, it } from 'vitest';
import type { Verdict } from './confusion';
import type { Label } from '../../../shared/domain';
import { humanAgreement, humanAgreementsOf, type AuthoredLabel } from './human-agreement';

function labels(author: string, values: readonly Verdict[], offset = 0): AuthoredLabel[] {
  return values.map((label, index) => ({ id: `row-${index + offset}`, author, label }));
}

describe('humanAgreement', () => {
  it('compares two annotators on the rows both labelled', () => {
    const ana = labels('ana', [1, 1, 1, 0, 0, 0, 1, 0]);
    const bo = labels('bo', [1, 1, 0, 0, 0, 1, 1, 0, 1, 1]);
    const result = humanAgreement([...ana, ...bo]);
    expect(result).toMatchObject({
      authors: ['ana', 'bo'],
      n: 8,
      n_only_first: 0,
      n_only_second: 2,
      agreement: 0.75,
      kappa: 0.5,
      confusion: { tp: 3, fp: 1, fn: 1, tn: 3 },
    });
    expect(result.warnings).toEqual([]);
  });

  it('warns when the two authors share no row', () => {
    const result = humanAgreement([...labels('ana', [1, 0]), ...labels('bo', [1, 0], 10)], ['ana', 'bo']);
    expect(result.n).toBe(0);
    expect(result.kappa).toBeNull();
    expect(result.agreement).toBeNull();
    expect(result.warnings).toEqual([
      'Authors ana and bo labelled no row in common, so there is nothing to compare: have both label the same rows.',
    ]);
  });

  it('asks for two authors when there are more or fewer', () => {
    expect(humanAgreement(labels('ana', [1])).warnings).toEqual([
      'Two authors are needed, found ana: have a second person label the same rows.',
    ]);
    const three = [...labels('ana', [1]), ...labels('bo', [1]), ...labels('cy', [0])];
    expect(humanAgreement(three).warnings[0]).toMatch(/^There are more than two authors \(.*\): name the two to compare\.$/);
    expect(humanAgreement(three, ['ana', 'cy'])).toMatchObject({ n: 1, agreement: 0 });
  });

  it('keeps the last label when an author labels a row twice', () => {
    const input = [...labels('ana', [0]), ...labels('ana', [1]), ...labels('bo', [1])];
    const result = humanAgreement(input);
    expect(result.agreement).toBe(1);
    expect(result.warnings).toContain('Author ana labelled 1 rows more than once: the last label counts.');
  });

  it('warns when both authors used one class', () => {
    const result = humanAgreement([...labels('ana', [1, 1]), ...labels('bo', [1, 1])]);
    expect(result.kappa).toBe(1);
    expect(result.warnings[0]).toMatch(/^Both authors passed every shared row/);
  });
});

describe('humanAgreementsOf', () => {
  const label = (author: string | null, rowId: string, value: Label['label'], kind: Label['kind'] = 'human'): Label => ({
    row_id: rowId,
    label: value,
    kind,
    author,
    note: null,
    created_at: '2025-01-01T00:00:00Z',
  });

  it('compares every two people on their latest human pass/fail labels, leaving other labels out', () => {
    const result = humanAgreementsOf([
      label('bo', 'r1', 'fail'),
      label('ana', 'r1', 'pass'),
      label('bo', 'r1', 'pass'),
      label('ana', 'r2', 'fail'),
      label('bo', 'r2', 'fail'),
      label('cy', 'r3', 'pass'),
      label('bot', 'r1', 'fail', 'model'),
      label(null, 'r2', 'pass'),
      label('cy', 'r1', 'unsure'),
    ]);
    expect(result.agreements.map((entry) => [entry.authors, entry.n, entry.agreement])).toEqual([[['ana', 'bo'], 2, 1]]);
    // Three people, but no row all three labelled pass or fail: Fleiss' kappa has nothing to measure, and says so.
    expect(result.fleiss).toMatchObject({ authors: ['ana', 'bo', 'cy'], n: 0, kappa: null, kappa_defined: false });
    expect(result.warnings).toEqual(["No row was labelled by all of ana, bo, cy, so Fleiss' kappa has nothing to measure."]);
  });

  it('warns when people labelled no row in common', () => {
    const result = humanAgreementsOf([label('ana', 'r1', 'pass'), label('bo', 'r2', 'fail')]);
    expect(result.agreements).toEqual([]);
    expect(result.warnings).toEqual(['ana, bo labelled no row in common: human-human agreement needs two people on the same rows.']);
  });
});
