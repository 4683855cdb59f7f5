import type { Dimensions, WriterArm } from '../../shared/domain';
import type { GridCell } from '../coverage/plan-grid';
import { hashUnit } from '../seeded';
import type { SituationCard } from './situation-card';
import { wordSituation, type Wording } from './wording';
import type { Writer, WriterRequest } from './writer';

export const WEIGHT_COEFFICIENTS = { uncovered: 0.35, risk: 0.35, novelty: 0.2, behaviour: 0.1 } as const;
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
export function cellWeight(uses: number, risk: number): number {
  const { uncovered, risk: riskWeight, novelty, behaviour } = WEIGHT_COEFFICIENTS;
  return Math.round((uncovered / (1 + uses) ** 2 + riskWeight * risk + novelty * 0.5 + behaviour * 0.5) * 1e6) / 1e6;
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
 * The covering-grid writer: planned cells ranked by `u^(1/W)` with a seeded `u` per round and cell, so
 * unused and risky cells come first and the order still varies. It never runs dry: used cells come back
 * with new wordings.
 */
export function createStructuredWriter(kindOf: (tool: string) => ToolKind, wording: Wording): Writer {
  return {
    arm: 'structured',
    model: 'template',
    async propose(request) {
      const ranked = request.plan.cells
        .map((cell) => {
          const weight = cellWeight(request.state.uses(cell.scenario_id), cellRisk(cell.dimensions, kindOf));
          const u = hashUnit(`${request.seed}:${request.round}:${cell.scenario_id}`, 12);
          return { cell, key: Math.pow(u, 1 / weight) };
        })
        .sort((a, b) => b.key - a.key || (a.cell.scenario_id < b.cell.scenario_id ? -1 : 1));
      if (ranked.length === 0) return [];
      const extraUses = new Map<string, number>();
      return Array.from({ length: request.count }, (_, index) => {
        const { cell } = ranked[index % ranked.length]!;
        const earlier = extraUses.get(cell.scenario_id) ?? 0;
        extraUses.set(cell.scenario_id, earlier + 1);
        return situationCards(cell, 'structured', request, wording, { extraUses: earlier });
      });
    },
  };
}
