import { describe, expect, it } from 'vitest';
import type { Dimensions } from '../../shared/domain';
import { mayAimAtFault, scheduledCell, type FaultPolicy } from './fault-policy';

const CONDITIONS = ['timeout', 'malformed_result', 'stale_result', 'permission_denied'];
const STANCES = ['ordinary', 'ambiguous', 'boundary', 'adversarial', 'hurried'];
const HISTORIES = ['fresh', 'prior_failure', 'repeat visit'];

/** Every fault coordinate of a small grid: 4 conditions x 5 stances x 3 histories x 4 rules = 240. */
function faultCoordinates(tool = 'issue_refund'): Dimensions[] {
  return CONDITIONS.flatMap((tool_condition) =>
    STANCES.flatMap((stance) =>
      HISTORIES.flatMap((history) =>
        ['r1', 'r2', 'r3', 'unspecified'].map((rule) => ({ tool, rule, stance, world_state: 'entity exists', tool_condition, history })),
      ),
    ),
  );
}

const kept = (policy: FaultPolicy, tool?: string) =>
  faultCoordinates(tool).filter((dimensions) => Object.keys(scheduledCell(dimensions, policy).faults).length > 0).length;

describe('a coordinate built off the grid gets its faults from the run', () => {
  it('at fault rate 0 never keeps a fault, and the coordinate becomes success', () => {
    for (const dimensions of faultCoordinates()) {
      const cell = scheduledCell(dimensions, { seed: 4, fault_rate: 0, prefer_success: false });
      expect(cell.faults).toEqual({});
      expect(cell.dimensions).toEqual({ ...dimensions, tool_condition: 'success' });
    }
  });

  it('at rate 1 without the flip keeps every fault, with the world mode of its condition', () => {
    expect(kept({ seed: 4, fault_rate: 1, prefer_success: false })).toBe(240);
    const cell = scheduledCell(faultCoordinates()[0]!, { seed: 4, fault_rate: 1, prefer_success: false });
    expect(cell.faults).toEqual({ '*': { mode: 'timeout', rate: 1 } });
  });

  it('keeps about rate x 1/10 of them under the cold-start flip, as the grid does', () => {
    const share = kept({ seed: 4, fault_rate: 0.5, prefer_success: true }) / 240;
    expect(share).toBeGreaterThan(0.01);
    expect(share).toBeLessThan(0.12);
    const withoutFlip = kept({ seed: 4, fault_rate: 0.5, prefer_success: false }) / 240;
    expect(withoutFlip).toBeGreaterThan(0.38);
    expect(withoutFlip).toBeLessThan(0.62);
  });

  it('never schedules a fault on an unrelated ask, and always one on an aimed condition', () => {
    expect(kept({ seed: 4, fault_rate: 1, prefer_success: false }, 'unrelated')).toBe(0);
    const aimed = faultCoordinates().filter((dimensions) => dimensions.tool_condition === 'timeout');
    for (const dimensions of aimed) {
      const cell = scheduledCell(dimensions, { seed: 4, fault_rate: 0, prefer_success: true, aimed_condition: 'timeout' });
      expect(cell.faults).toEqual({ '*': { mode: 'timeout', rate: 1 } });
    }
  });

  it('decides by the coordinate and the seed alone', () => {
    const policy: FaultPolicy = { seed: 9, fault_rate: 0.5, prefer_success: true };
    const first = faultCoordinates().map((dimensions) => scheduledCell(dimensions, policy));
    expect(faultCoordinates().map((dimensions) => scheduledCell(dimensions, policy))).toEqual(first);
  });

  it('lets a writer aim at a fault answer only when the run schedules faults', () => {
    const shapes = CONDITIONS.flatMap((condition) => ['get_order', 'issue_refund', 'cancel_order'].map((tool) => `${tool}:${condition}`));
    expect(shapes.filter((shape) => mayAimAtFault(shape, 'timeout', { seed: 1, fault_rate: 0, prefer_success: false }))).toEqual([]);
    expect(shapes.every((shape) => mayAimAtFault(shape, 'timeout', { seed: 1, fault_rate: 1, prefer_success: false }))).toBe(true);
    expect(
      mayAimAtFault('get_order:timeout', 'timeout', { seed: 1, fault_rate: 0, prefer_success: true, aimed_condition: 'timeout' }),
    ).toBe(true);
  });
});
