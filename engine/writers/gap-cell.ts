import { AXES, type Dimensions } from '../../shared/domain';
import { matchesAim } from '../coverage/aim';
import { pairsOf } from '../coverage/pairwise-coverage';
import type { GridCell } from '../coverage/plan-grid';
import { hashUnit } from '../seeded';
import { scheduledCell } from './fault-policy';
import type { WriterRequest } from './writer';

/**
 * A coordinate that covers as many still-uncovered planned pairs as it can: start from a planned cell holding one,
 * then give each other axis the value adding the most uncovered pairs (ties by a seeded hash), each trial scored with
 * its faults as the run schedules them. Aimed axes keep the plan's aimed values. When the fault settings leave the
 * built coordinate nothing new (its fault flipped), the planned cell itself is the gap card. Undefined once every
 * planned pair is covered.
 */
export function gapCell(request: WriterRequest, taken: ReadonlySet<string> = new Set()): GridCell | undefined {
  const uncovered = (pair: string) => request.plan.planned.has(pair) && !request.state.isPairCovered(pair) && !taken.has(pair);
  const aim = request.plan.aim;
  const start = request.plan.cells.find((cell) => matchesAim(cell.dimensions, aim) && pairsOf(cell.dimensions).some(uncovered));
  if (!start) return undefined;
  const scheduled = (dimensions: Dimensions) => scheduledCell(dimensions, request.faults).dimensions;
  const dimensions: Record<string, string> = { ...start.dimensions };
  for (const axis of AXES) {
    // An aimed axis keeps its value: the plan's cells all carry it, and the start cell was checked above.
    if (aim?.[axis] !== undefined) continue;
    const values = new Set(request.plan.cells.map((cell) => cell.dimensions[axis]));
    let best = dimensions[axis]!;
    let bestScore = -1;
    for (const value of values) {
      const trial = scheduled({ ...dimensions, [axis]: value } as Dimensions);
      const score = pairsOf(trial).filter(uncovered).length + hashUnit(`${request.seed}:${request.round}:gap:${axis}:${value}`) * 0.5;
      if (score > bestScore) {
        best = value;
        bestScore = score;
      }
    }
    dimensions[axis] = best;
  }
  const cell = scheduledCell(dimensions as Dimensions, request.faults);
  return pairsOf(cell.dimensions).some(uncovered) ? cell : start;
}
