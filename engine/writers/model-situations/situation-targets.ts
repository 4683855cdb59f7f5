import type { Dimensions, Persona, RowLineage } from '../../../shared/domain';
import { matchesAim } from '../../coverage/aim';
import { pairsOf, readablePair } from '../../coverage/pairwise-coverage';
import { hashUnit } from '../../seeded';
import { gapCell } from '../gap-cell';
import type { RolloutOutcome } from '../search-view';
import type { Wording } from '../wording';
import type { WriterRequest } from '../writer';

export type TargetKind = NonNullable<RowLineage['written_for']>;

/** One situation the model is asked to write: a coordinate to aim at, why, and the person who will write the ask. */
export interface SituationTarget {
  kind: TargetKind;
  dimensions: Dimensions;
  /** For a failure region: the failing rollout. */
  failure?: RolloutOutcome;
  persona: Persona;
}

/** At most this share of a batch's targets go to failure regions while planned pairs are still open. */
const FAILURE_SHARE = 1 / 3;

/** The planned pairs a coordinate fills that no produced row has covered yet, readable. */
export function openPairsOf(dimensions: Dimensions, request: WriterRequest): string[] {
  return pairsOf(dimensions)
    .filter((pair) => request.plan.planned.has(pair) && !request.state.isPairCovered(pair))
    .map(readablePair);
}

/**
 * This batch's targets, `count` at most: coordinates that fill the most open planned pairs (`gapCell`), leaving up
 * to a third of the batch to the failures not yet aimed at (oldest first; all the rest once no pair is open), then
 * the least-used planned cells, so the model always has somewhere to write. In an aimed run every target carries
 * the aim.
 */
export function situationTargets(
  request: WriterRequest,
  options: { wording: Wording; aimedFailures: ReadonlySet<number>; writerSeed: number },
): SituationTarget[] {
  const aim = request.plan.aim;
  const failures = request.state
    .mutationCandidates()
    .filter((failure) => matchesAim(failure.dimensions, aim) && !options.aimedFailures.has(failure.ordinal));
  const targets: Omit<SituationTarget, 'persona'>[] = [];
  const taken = new Set<string>();
  const failureSlots = Math.min(failures.length, Math.ceil(request.count * FAILURE_SHARE));
  while (targets.length < request.count - failureSlots) {
    const cell = gapCell(request, taken);
    if (!cell) break;
    for (const pair of pairsOf(cell.dimensions)) taken.add(pair);
    targets.push({ kind: 'open_pairs', dimensions: cell.dimensions });
  }
  for (const failure of failures.slice(0, request.count - targets.length)) {
    targets.push({ kind: 'failure_region', dimensions: failure.dimensions, failure });
  }
  const cells = request.plan.cells
    .map((cell) => ({
      cell,
      uses: request.state.uses(cell.scenario_id),
      u: hashUnit(`${options.writerSeed}:${request.round}:${cell.scenario_id}`),
    }))
    .sort((a, b) => a.uses - b.uses || a.u - b.u);
  for (const { cell } of cells.slice(0, request.count - targets.length)) targets.push({ kind: 'grid_cell', dimensions: cell.dimensions });
  return targets.map((target, index) => ({
    ...target,
    persona: options.wording.persona({
      seed: options.writerSeed,
      round: request.round,
      key: `llm_guided:${index}`,
      stance: target.dimensions.stance,
      dimensions: target.dimensions,
    }),
  }));
}
