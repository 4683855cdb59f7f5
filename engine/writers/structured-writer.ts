import { roundTo } from '../../shared/domain/rounding';
import type { Dimensions, Mode, WriterArm } from '../../shared/domain';
import type { GridCell } from '../coverage/plan-grid';
import { HARD_SHARE, mixItemsByTier, tierOfStance } from '../people/tiers';
import { hashUnit } from '../seeded';
import { gapCell } from './gap-cell';
import type { SituationCard } from './situation-card';
import { wordSituation, type Wording } from './wording';
import type { Writer, WriterRequest } from './writer';

export interface WeightCoefficients {
  uncovered: number;
  risk: number;
  novelty: number;
  behaviour: number;
}

/** a, b, g, d of the cell weight `W = a*U + b*R + g*N + d*B`. */
export const WEIGHT_COEFFICIENTS: Readonly<WeightCoefficients> = { uncovered: 0.35, risk: 0.35, novelty: 0.2, behaviour: 0.1 };
/** Under `mode="rl"` the behaviour gap weighs most: groups are worth more where behaviour is still in doubt. */
export const RL_WEIGHT_COEFFICIENTS: Readonly<WeightCoefficients> = { uncovered: 0.25, risk: 0.25, novelty: 0.15, behaviour: 0.35 };

/** The cell weight coefficients a mode ranks the grid with (every mode but rl uses the default ones). */
export function weightCoefficients(mode: Mode | undefined): Readonly<WeightCoefficients> {
  return mode === 'rl' ? RL_WEIGHT_COEFFICIENTS : WEIGHT_COEFFICIENTS;
}
const RISKY_STANCES = new Set(['boundary', 'adversarial', 'forbidden', 'conflicting']);

export type ToolKind = 'read' | 'destructive' | 'other';

/** Risk R of a cell: destructive tools under pressure or faults matter most; reads least. */
export function cellRisk(dimensions: Dimensions, kindOf: (tool: string) => ToolKind): number {
  if (dimensions.tool === 'unrelated') return 0.1;
  if (dimensions.tool === 'multi_tool') return 0.2;
  const kind = kindOf(dimensions.tool);
  if (kind === 'destructive') return RISKY_STANCES.has(dimensions.stance) || dimensions.tool_condition !== 'success' ? 1 : 0.3;
  return kind === 'read' ? 0.1 : 0.2;
}

/** `W = a*U + b*R + g*N + d*B`, U = 1/(1+uses)^2; novelty and behaviour gap start at 0.5. */
export function cellWeight(uses: number, risk: number, coefficients: Readonly<WeightCoefficients> = WEIGHT_COEFFICIENTS): number {
  const { uncovered, risk: riskWeight, novelty, behaviour } = coefficients;
  return roundTo(uncovered / (1 + uses) ** 2 + riskWeight * risk + novelty * 0.5 + behaviour * 0.5, 6);
}

/** One situation worded `phrasings` times; `extraUses` counts uses earlier in the same batch. */
export function situationCards(
  cell: GridCell,
  arm: WriterArm,
  request: WriterRequest,
  wording: Wording,
  options: { lineage?: SituationCard['lineage']; extraUses?: number } = {},
): SituationCard[] {
  const uses = request.state.uses(cell.scenario_id) + (options.extraUses ?? 0);
  return Array.from({ length: request.phrasings }, (_, phrasing) => {
    const variant = uses * request.phrasings + phrasing;
    const { persona, ask } = wordSituation(wording, {
      seed: request.seed,
      round: request.round,
      scenario_id: cell.scenario_id,
      dimensions: cell.dimensions,
      variant,
      spec: request.spec,
      patience: request.people?.patience,
    });
    return {
      situation: {
        scenario_id: cell.scenario_id,
        dimensions: cell.dimensions,
        world_state: cell.dimensions.world_state,
        faults: cell.faults,
      },
      persona,
      ask,
      arm,
      writer_model: 'template',
      phrasing_index: phrasing,
      rollout_index: 0,
      lineage: options.lineage ?? {},
    };
  });
}

/**
 * The covering-grid writer: planned cells ranked by `u^(1/W)` with a seeded `u` per round and cell, so unused and
 * risky cells come first and the order still varies, then mixed by tier to the run's hard share
 * (`mix_items_by_tier`). While planned pairs are still uncovered, the first card of a batch is the gap card aimed at
 * them. It never runs dry: used cells come back with new wordings.
 */
export function createStructuredWriter(kindOf: (tool: string) => ToolKind, wording: Wording): Writer {
  return {
    arm: 'structured',
    model: 'template',
    async propose(request) {
      if (request.count === 0) return [];
      const gap = gapCell(request);
      const cells = rankedCells(request, kindOf, request.count - (gap ? 1 : 0), gap?.scenario_id);
      const chosen = gap ? [gap, ...cells] : cells;
      const extraUses = new Map<string, number>();
      const proposed: SituationCard[][] = [];
      for (const cell of chosen) {
        if (proposed.length > 0) await request.pause?.();
        const earlier = extraUses.get(cell.scenario_id) ?? 0;
        extraUses.set(cell.scenario_id, earlier + 1);
        proposed.push(situationCards(cell, 'structured', request, wording, { extraUses: earlier }));
      }
      return proposed;
    },
  };
}

/**
 * `count` planned cells, best ranked first and mixed by tier, cycling through the grid when it has fewer cells; the
 * batch's gap card, when it is a planned cell, is not proposed twice.
 */
function rankedCells(request: WriterRequest, kindOf: (tool: string) => ToolKind, count: number, gapId: string | undefined): GridCell[] {
  const coefficients = weightCoefficients(request.mode);
  const ranked = request.plan.cells
    .filter((cell) => cell.scenario_id !== gapId)
    .map((cell) => {
      const weight = cellWeight(request.state.uses(cell.scenario_id), cellRisk(cell.dimensions, kindOf), coefficients);
      const u = hashUnit(`${request.seed}:${request.round}:${cell.scenario_id}`, 12);
      return { cell, key: Math.pow(u, 1 / weight) };
    })
    .sort((a, b) => b.key - a.key || (a.cell.scenario_id < b.cell.scenario_id ? -1 : 1))
    .map((entry) => entry.cell);
  if (ranked.length === 0 || count <= 0) return [];
  const hardShare = request.people?.hard_share ?? HARD_SHARE;
  const mixed = mixItemsByTier(ranked, Math.min(count, ranked.length), (cell) => tierOfStance(cell.dimensions.stance), hardShare);
  return Array.from({ length: count }, (_, index) => mixed[index % mixed.length]!);
}
