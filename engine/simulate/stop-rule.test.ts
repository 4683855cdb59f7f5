import { describe, expect, it } from 'vitest';
import type { Dimensions } from '../../shared/domain';
import type { GridCell } from '../coverage/plan-grid';
import { FLAT_BATCHES, SaturationState, untilReached, untilStopReason } from './stop-rule';

function cell(stance: string): GridCell {
  const dimensions: Dimensions = {
    tool: 'get_order',
    rule: 'unspecified',
    stance,
    world_state: 'entity exists',
    tool_condition: 'success',
    history: 'fresh',
  };
  return { scenario_id: `sc-${stance}`, dimensions, faults: {} };
}

const CELLS = [cell('ordinary'), cell('adversarial')];
const ALL_PAIRS = { pairs_planned: 20, pairs_covered: 20, fraction: 1 };
const SOME_PAIRS = { pairs_planned: 20, pairs_covered: 12, fraction: 0.6 };
const flat = { rows: 64, new_signatures: 1, new_cells: 0, new_shapes: 0 };

function rows(state: SaturationState, target: GridCell, count: number, shapes: string[] = ['get_order:ok'], aim?: string): void {
  for (let index = 0; index < count; index++) state.noteRow(target.dimensions, shapes, aim);
}

describe('the plateau', () => {
  it('counts batches under two new things per hundred rows in a row, and resets on a batch that finds more', () => {
    const state = new SaturationState(CELLS, false);
    expect(state.endBatch({ rows: 64, new_signatures: 3, new_cells: 2, new_shapes: 1 })).toBeCloseTo(6 / 64);
    expect(state.plateauBatches).toBe(0);
    // 1 new signature in 64 rows is 0.0156: under the 0.02 floor.
    expect(state.endBatch(flat)).toBeCloseTo(1 / 64);
    state.endBatch(flat);
    expect(state.plateauBatches).toBe(2);
    state.endBatch({ rows: 64, new_signatures: 2, new_cells: 0, new_shapes: 0 });
    expect(state.plateauBatches).toBe(0);
    expect(state.endBatch({ rows: 0, new_signatures: 0, new_cells: 0, new_shapes: 0 })).toBe(0);
    expect(state.plateauBatches).toBe(1);
  });

  it(`stops saturation and first runs after ${FLAT_BATCHES} flat batches, never a compute run`, () => {
    const state = new SaturationState(CELLS, false);
    for (let batch = 1; batch < FLAT_BATCHES; batch++) state.endBatch(flat);
    expect(untilReached('saturation', state, SOME_PAIRS)).toBe(false);
    expect(untilReached('first', state, SOME_PAIRS)).toBe(false);
    state.endBatch(flat);
    expect(state.plateaued).toBe(true);
    expect(untilReached('saturation', state, SOME_PAIRS)).toBe(true);
    expect(untilReached('first', state, SOME_PAIRS)).toBe(true);
    expect(untilStopReason('first', state, SOME_PAIRS)).toBe('saturation');
    expect(untilReached('compute', state, ALL_PAIRS)).toBe(false);
  });
});

describe('first', () => {
  it('stops with its own reason, pairs_covered, once every planned pair is covered, with no cell saturated', () => {
    const state = new SaturationState(CELLS, false);
    rows(state, CELLS[0]!, 1);
    expect(untilStopReason('first', state, SOME_PAIRS)).toBeUndefined();
    expect(untilStopReason('first', state, ALL_PAIRS)).toBe('pairs_covered');
    expect(untilStopReason('saturation', state, ALL_PAIRS)).toBeUndefined();
    expect(untilStopReason('compute', state, ALL_PAIRS)).toBeUndefined();
  });
});

describe('saturation', () => {
  it('needs every planned cell seen five times; off-grid cells do not count', () => {
    const state = new SaturationState(CELLS, false);
    rows(state, CELLS[0]!, 9);
    rows(state, cell('unsure'), 1);
    expect(state.minCellCopies()).toBe(0);
    expect(state.copyDeficit()).toBe(5);
    expect(untilReached('saturation', state, ALL_PAIRS)).toBe(false);
    rows(state, CELLS[1]!, 4);
    expect(state.copyDeficit()).toBe(1);
    expect(state.isSaturated()).toBe(false);
    rows(state, CELLS[1]!, 1);
    expect(state.minCellCopies()).toBe(5);
    expect(untilReached('saturation', state, SOME_PAIRS)).toBe(true);
  });

  it('holds on for walked shapes until five rows were aimed at or showed each, and lists those never shown', () => {
    const state = new SaturationState(CELLS, true);
    rows(state, CELLS[0]!, 5);
    rows(state, CELLS[1]!, 5);
    expect(state.isSaturated()).toBe(true);
    // The behaviour-targeted writer aims at a shape the agent never shows.
    rows(state, CELLS[0]!, 2, ['get_order:ok'], 'get_order:timeout');
    expect(state.uncoveredShapes()).toEqual(['get_order:timeout']);
    expect(state.isSaturated()).toBe(false);
    rows(state, CELLS[0]!, 3, ['get_order:ok'], 'get_order:timeout');
    expect(state.isSaturated()).toBe(true);
    expect(state.uncoveredShapes()).toEqual(['get_order:timeout']);
    // A walked shape that is shown counts every row showing it, aimed or not.
    rows(state, CELLS[1]!, 1, ['get_order:not_found'], 'get_order:not_found');
    expect(state.isSaturated()).toBe(false);
    rows(state, CELLS[1]!, 4, ['get_order:not_found']);
    expect(state.isSaturated()).toBe(true);
  });

  it('ignores shapes when the run does not walk them', () => {
    const state = new SaturationState(CELLS, false);
    rows(state, CELLS[0]!, 5, [], 'get_order:timeout');
    rows(state, CELLS[1]!, 5);
    expect(state.isSaturated()).toBe(true);
    expect(state.uncoveredShapes()).toEqual([]);
  });

  it('predicts max(copy deficit, flat batches still to go x batch rows), capped by the budget left', () => {
    const state = new SaturationState(CELLS, false);
    expect(state.predictedToSaturation(8, 1000)).toBe(FLAT_BATCHES * 8);
    expect(state.predictedToSaturation(0, 1000)).toBe(10);
    expect(state.predictedToSaturation(64, 100)).toBe(100);
    for (let batch = 0; batch < 3; batch++) state.endBatch(flat);
    expect(state.predictedToSaturation(8, 1000)).toBe((FLAT_BATCHES - 3) * 8);
    rows(state, CELLS[0]!, 5);
    rows(state, CELLS[1]!, 5);
    expect(state.predictedToSaturation(8, 1000)).toBe(0);
  });
});

describe('first', () => {
  it('stops once every planned pair is covered', () => {
    const state = new SaturationState(CELLS, false);
    expect(untilReached('first', state, SOME_PAIRS)).toBe(false);
    expect(untilReached('first', state, ALL_PAIRS)).toBe(true);
  });
});
