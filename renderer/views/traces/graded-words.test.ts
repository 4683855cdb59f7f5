import { describe, expect, it } from 'vitest';
import type { HeatCell } from '../../stores/traces/selectors';
import { describeSquare, failingOfGraded, ungradedOf } from './graded-words';

const square = (overrides: Partial<HeatCell>): HeatCell => ({
  tool: 'cancel_order',
  tool_condition: 'success',
  traces: 6,
  graded: 3,
  failures: 3,
  status: 'failing',
  statuses: [{ status: 'failing', traces: 6, graded: 3, failures: 3, world_states: ['entity exists'] }],
  keys: ['k'],
  ...overrides,
});

describe('failure map counts over graded traces', () => {
  it('counts failures over the graded traces and names the ungraded apart, as the table does', () => {
    // 6 traces, 3 graded, all 3 failing: the table says 3/3 (100%), never "3/6 failing".
    expect(failingOfGraded(square({}))).toBe('3/3');
    expect(ungradedOf(square({}))).toBe(3);
    expect(describeSquare(square({}))).toBe('cancel_order, success: 3 of 3 graded traces failing, 3 ungraded, failing');
    // "0/6 passing" when only 3 of 6 are graded was wrong: 0 of 3, and 3 ungraded.
    expect(describeSquare(square({ failures: 0, status: 'passing', statuses: [] }))).toBe(
      'cancel_order, success: 0 of 3 graded traces failing, 3 ungraded, passing',
    );
    expect(describeSquare(square({ graded: 6 }))).toBe('cancel_order, success: 3 of 6 graded traces failing, failing');
    expect(failingOfGraded(square({ graded: 0, failures: 0 }))).toBe('—');
    expect(describeSquare(square({ graded: 0, failures: 0, status: 'ungraded', statuses: [] }))).toBe(
      'cancel_order, success: 6 traces, none graded, ungraded',
    );
  });

  it('splits a mixed square by status, each over its own graded traces', () => {
    const mixed = square({
      traces: 11,
      graded: 7,
      failures: 4,
      status: 'uncertain',
      statuses: [
        { status: 'uncertain', traces: 2, graded: 2, failures: 1, world_states: ['entity missing'] },
        { status: 'stopped_failing', traces: 4, graded: 4, failures: 3, world_states: ['entity already acted on'] },
        { status: 'passing', traces: 3, graded: 1, failures: 0, world_states: ['entity locked'] },
        { status: 'ungraded', traces: 2, graded: 0, failures: 0, world_states: ['entity exists'] },
      ],
    });
    expect(describeSquare(mixed)).toBe(
      'cancel_order, success: 4 of 7 graded traces failing, 4 ungraded, mixed: not re-checked 1 of 2 (entity missing); stopped failing ' +
        '3 of 4 (entity already acted on); passing 0 of 1 graded, 2 ungraded (entity locked); ungraded 2 (entity exists)',
    );
  });
});
