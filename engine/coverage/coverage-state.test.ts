import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoverageState } from './coverage-state';
import { TupleSpace } from './tuple-space';

describe('CoverageState', () => {
  it('predicts the uncovered count of any cell change, on the pair fast path and the general one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 6 }),
        fc.constantFrom(2, 3),
        fc.array(fc.array(fc.nat(), { minLength: 6, maxLength: 6 }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat(), fc.nat()), { maxLength: 20 }),
        (sizes, strength, rawRows, changes) => {
          const space = new TupleSpace(sizes, strength);
          const state = new CoverageState(space, new Uint8Array(space.tupleCount).fill(1));
          for (const raw of rawRows) state.addRow(Int32Array.from(sizes, (size, column) => raw[column]! % size));
          for (const [rowPick, first, second, firstValue, secondValue] of changes) {
            const index = rowPick % state.rows.length;
            const row = state.rows[index]!;
            const columns = [...new Set([first % sizes.length, second % sizes.length])];
            const wanted = [firstValue, secondValue];
            const moves = columns
              .map((column, position) => ({ column, value: wanted[position]! % sizes[column]! }))
              .filter((move) => move.value !== row[move.column]);
            if (moves.length === 0) continue;
            const changedColumns = Int32Array.from(moves, (move) => move.column);
            const changedValues = Int32Array.from(moves, (move) => move.value);
            const before = state.uncoveredCount;
            const predicted = state.evaluateChange(index, moves.length, changedColumns, changedValues);
            state.applyChange(index, moves.length, changedColumns, changedValues);
            expect(state.uncoveredCount - before).toBe(predicted);
            for (const move of moves) expect(row[move.column]).toBe(move.value);
          }
          const fresh = new CoverageState(space, new Uint8Array(space.tupleCount).fill(1));
          for (const row of state.rows) fresh.addRow(row.slice());
          expect(fresh.uncoveredCount).toBe(state.uncoveredCount);
          expect(Array.from(fresh.counts)).toEqual(Array.from(state.counts));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('bounds rows below by the busiest combo', () => {
    const space = new TupleSpace([4, 3, 2], 2);
    expect(new CoverageState(space, new Uint8Array(space.tupleCount).fill(1)).lowerBound()).toBe(12);
  });
});
