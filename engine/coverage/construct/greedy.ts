import { UNASSIGNED } from './constraints';
import type { CoverageState } from '../coverage-state';
import type { SeededRandom } from '../../seeded';
import type { RowBuilder } from './row-builder';

const SAMPLING_TRIES = 8;

/**
 * AETG-style construction: while tuples are uncovered, build `candidateCount` rows, each started
 * from a random uncovered tuple of a combo with the most uncovered tuples and completed greedily,
 * and keep the one that covers the most.
 */
export function addGreedyRows(state: CoverageState, builder: RowBuilder, random: SeededRandom, candidateCount: number): void {
  const space = state.space;
  const busiest = new Int32Array(space.comboCount);
  while (state.uncoveredCount > 0) {
    let most = 0;
    let busiestCount = 0;
    for (let combo = 0; combo < space.comboCount; combo++) {
      const count = state.uncoveredInCombo[combo]!;
      if (count > most) {
        most = count;
        busiestCount = 0;
      }
      if (count === most) busiest[busiestCount++] = combo;
    }
    let best: Int32Array | undefined;
    let bestGain = -1;
    for (let candidate = 0; candidate < candidateCount; candidate++) {
      const row = new Int32Array(space.axisCount).fill(UNASSIGNED);
      space.writeTuple(randomUncoveredIn(state, busiest[random.below(busiestCount)]!, random), row);
      if (!builder.complete(row, random)) continue;
      const gain = state.newlyCovered(row);
      if (gain > bestGain) {
        best = row;
        bestGain = gain;
      }
    }
    if (best === undefined) throw new Error('no required tuple could be completed to a valid row');
    state.addRow(best);
  }
}

function randomUncoveredIn(state: CoverageState, combo: number, random: SeededRandom): number {
  const first = state.space.comboStart[combo]!;
  const size = state.space.comboStart[combo + 1]! - first;
  for (let attempt = 0; attempt < SAMPLING_TRIES; attempt++) {
    const tuple = first + random.below(size);
    if (state.counts[tuple] === 0) return tuple;
  }
  let chosen = -1;
  let seen = 0;
  for (let tuple = first; tuple < first + size; tuple++) {
    if (state.counts[tuple] === 0 && random.below(++seen) === 0) chosen = tuple;
  }
  return chosen;
}
