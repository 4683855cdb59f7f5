import { AXES, type Dimensions, type FaultPlan } from '../../shared/domain';
import { matchesAim } from '../coverage/aim';
import { pairsOf } from '../coverage/pairwise-coverage';
import { scenarioId, WORLD_CONDITION_MODES, type GridCell } from '../coverage/plan-grid';
import { hashUnit } from '../seeded';
import { situationCards } from './structured-writer';
import type { Wording } from './wording';
import type { Writer, WriterRequest } from './writer';

/**
 * Builds a coordinate that covers as many still-uncovered planned pairs as it can: start from the values
 * of one uncovered pair, then give each other axis the value adding the most uncovered pairs (ties by a
 * seeded hash). Aimed axes keep the plan's aimed values. Returns undefined once every planned pair is covered.
 */
export function gapCell(request: WriterRequest, taken: ReadonlySet<string>): GridCell | undefined {
  const uncovered = (pair: string) => request.plan.planned.has(pair) && !request.state.isPairCovered(pair) && !taken.has(pair);
  const aim = request.plan.aim;
  const start = request.plan.cells.find((cell) => matchesAim(cell.dimensions, aim) && pairsOf(cell.dimensions).some(uncovered));
  if (!start) return undefined;
  const dimensions: Record<string, string> = { ...start.dimensions };
  for (const axis of AXES) {
    // An aimed axis keeps its value: the plan's cells all carry it, and the start cell was checked above.
    if (aim?.[axis] !== undefined) continue;
    const values = new Set(request.plan.cells.map((cell) => cell.dimensions[axis]));
    let best = dimensions[axis]!;
    let bestScore = -1;
    for (const value of values) {
      const trial = { ...dimensions, [axis]: value };
      const score = pairsOf(trial).filter(uncovered).length + hashUnit(`${request.seed}:${request.round}:gap:${axis}:${value}`) * 0.5;
      if (score > bestScore) {
        best = value;
        bestScore = score;
      }
    }
    dimensions[axis] = best;
  }
  const chosen = dimensions as Dimensions;
  const mode = WORLD_CONDITION_MODES[chosen.tool_condition];
  const faults: Record<string, FaultPlan> = mode ? { '*': { mode, rate: 1 } } : {};
  return { scenario_id: scenarioId(chosen), dimensions: chosen, faults };
}

/**
 * The offline stand-in for the model-guided arm: it aims each situation at the planned pairs the run has
 * not produced yet, so it finds new squares fastest early on, and runs dry when every pair is covered.
 */
export function createGapWriter(wording: Wording): Writer {
  return {
    arm: 'llm_guided',
    model: 'template',
    async propose(request) {
      const taken = new Set<string>();
      const situations = [];
      for (let index = 0; index < request.count; index++) {
        const cell = gapCell(request, taken);
        if (!cell) break;
        for (const pair of pairsOf(cell.dimensions)) taken.add(pair);
        situations.push(situationCards(cell, 'llm_guided', request, wording));
      }
      return situations;
    },
  };
}
