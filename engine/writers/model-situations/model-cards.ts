import type { RowLineage } from '../../../shared/domain';
import type { GridCell } from '../../coverage/plan-grid';
import type { SituationCard } from '../situation-card';
import { wordSituation, type Wording } from '../wording';
import type { WriterRequest } from '../writer';
import { openPairsOf, type SituationTarget } from './situation-targets';

export interface ModelCardsInput {
  request: WriterRequest;
  /** Where the model's card landed (its coordinate may differ from the target's). */
  cell: GridCell;
  target: SituationTarget;
  /** The card's place in the batch. */
  index: number;
  /** The model's new wordings, at least one. */
  asks: readonly string[];
  wording: Wording;
  model: string;
  restarts: number;
}

/** What a model-written situation was aimed at, and what its coordinate fills. */
function lineageOf({ request, cell, target, restarts }: ModelCardsInput): RowLineage {
  const open = openPairsOf(cell.dimensions, request);
  return {
    written_for: target.kind,
    ...(open.length > 0 ? { open_pairs: open } : {}),
    ...(target.failure ? { near_failure: target.failure.ordinal } : {}),
    writer_restart: restarts,
  };
}

/**
 * One model-written situation as `phrasings` cards: the model's wordings first, each labelled with the model; a
 * phrasing it did not write (or wrote twice) is worded, with its person, by the template and labelled `template`. The
 * model's person is the one it wrote for, unless it moved the stance, which gets a person of its own.
 */
export function modelCards(input: ModelCardsInput): SituationCard[] {
  const { request, cell, target, index, asks, wording } = input;
  const persona =
    target.dimensions.stance === cell.dimensions.stance
      ? target.persona
      : wording.persona({
          seed: request.seed,
          round: request.round,
          key: `llm_guided:${index}:${cell.dimensions.stance}`,
          stance: cell.dimensions.stance,
          dimensions: cell.dimensions,
        });
  const lineage = lineageOf(input);
  const situation = {
    scenario_id: cell.scenario_id,
    dimensions: cell.dimensions,
    world_state: cell.dimensions.world_state,
    faults: cell.faults,
  };
  return Array.from({ length: request.phrasings }, (_, phrasing) => {
    const written = asks[phrasing];
    const template =
      written === undefined
        ? wordSituation(wording, {
            seed: request.seed,
            round: request.round,
            scenario_id: cell.scenario_id,
            dimensions: cell.dimensions,
            variant: phrasing,
            spec: request.spec,
          })
        : undefined;
    return {
      situation,
      persona: template?.persona ?? persona,
      ask: template?.ask ?? written!,
      arm: 'llm_guided',
      writer_model: template ? 'template' : input.model,
      phrasing_index: phrasing,
      rollout_index: 0,
      lineage,
    };
  });
}
