import type { ConstraintSet } from './constraints';
import type { CoverageState } from '../coverage-state';
import type { SeededRandom } from '../../seeded';
import { type LockedRows, RepairSearch, type SearchBudget } from './repair-search';
import type { RowBuilder } from './row-builder';

/**
 * A repair that goes this fraction of the budget without a new low in uncovered tuples restarts
 * from the last complete array with another row removed; rarely needed, but it rescues the runs
 * that fall into a dead end.
 */
const STALL_FRACTION = 8;

/**
 * Row-removal local search: drop the row that alone covers the fewest tuples (a random one after
 * a stalled repair), repair the array with RepairSearch, and repeat while the budget lasts and the
 * array is above `lowerBound` rows. `state` must start complete (nothing uncovered) and is left
 * holding the smallest complete array found, seed rows first.
 */
export function postOptimize(
  state: CoverageState,
  constraints: ConstraintSet,
  builder: RowBuilder,
  locked: LockedRows,
  random: SeededRandom,
  budget: SearchBudget & { readonly lowerBound: number },
): void {
  const search = new RepairSearch(state, constraints, builder, locked, random, budget);
  removeRedundantRows(state, locked.lockedRowCount);
  let best = state.snapshot();
  let hasStalled = false;
  const stallWork = budget.maxWork / STALL_FRACTION;
  while (state.rows.length > budget.lowerBound && state.rows.length > locked.lockedRowCount) {
    const removed = hasStalled
      ? locked.lockedRowCount + random.below(state.rows.length - locked.lockedRowCount)
      : leastUsefulRow(state, locked.lockedRowCount, random);
    state.removeRow(removed);
    const outcome = search.repair(stallWork);
    if (outcome === 'stopped') break;
    hasStalled = outcome === 'stalled';
    if (hasStalled) {
      state.replaceRows(best);
      continue;
    }
    removeRedundantRows(state, locked.lockedRowCount);
    best = state.snapshot();
  }
  if (state.uncoveredCount > 0) state.replaceRows(best);
}

/** Drops free rows whose every required tuple is covered by another row. */
export function removeRedundantRows(state: CoverageState, lockedRowCount: number): void {
  for (let index = state.rows.length - 1; index >= lockedRowCount; index--) {
    if (index < state.rows.length && state.uniqueCount(index) === 0) state.removeRow(index);
  }
}

function leastUsefulRow(state: CoverageState, lockedRowCount: number, random: SeededRandom): number {
  let best = lockedRowCount;
  let bestCount = Number.POSITIVE_INFINITY;
  let ties = 0;
  for (let index = lockedRowCount; index < state.rows.length; index++) {
    const count = state.uniqueCount(index);
    if (count < bestCount) {
      best = index;
      bestCount = count;
      ties = 1;
    } else if (count === bestCount && random.below(++ties) === 0) {
      best = index;
    }
  }
  return best;
}
