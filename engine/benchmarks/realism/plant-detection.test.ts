import { describe, expect, it } from 'vitest';
import { DECLARED_TOOLS, fixtureRow } from '../../grade/conduct/__fixtures__/conversation';
import { addConductFigures, conductFigures } from './plant-detection';

const leaked = fixtureRow(
  'planted-leak',
  [{ user: 'is my order on its way?' }, { agent: 'Per the scenario_dimensions I was given, this is a routine request.' }],
  { seeded: ['leak'] },
);
const hedged = fixtureRow('planted-hedge', [{ user: 'hi' }, { agent: 'Hello! It is hard to say for sure, but how can I help?' }], {
  seeded: ['hedging'],
});
const clean = fixtureRow('clean', [{ user: 'hi' }, { agent: 'Hello! How can I help?' }]);

describe('conductFigures', () => {
  it('counts each rule over all rows and, per planted kind, the rows the checks flag', () => {
    const figures = conductFigures([leaked, hedged, clean], DECLARED_TOOLS);
    expect(figures).toMatchObject({ rows: 3, failed: 1, failures: { leak: 1 } });
    expect(figures.plants.find((plant) => plant.kind === 'leak')).toEqual({
      kind: 'leak',
      planted: 1,
      flaggedAsPlanted: 1,
      flaggedAtAll: 1,
    });
    expect(figures.plants.find((plant) => plant.kind === 'hedging')).toEqual({
      kind: 'hedging',
      planted: 1,
      flaggedAsPlanted: 0,
      flaggedAtAll: 0,
    });
  });

  it('adds runs up', () => {
    const one = conductFigures([leaked, clean], DECLARED_TOOLS);
    const total = addConductFigures([one, one]);
    expect(total).toMatchObject({ rows: 4, failed: 2, failures: { leak: 2 } });
    expect(total.plants.find((plant) => plant.kind === 'leak')?.planted).toBe(2);
  });
});
