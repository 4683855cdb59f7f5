import { WRITER_ARMS, type StopReason } from '../../shared/domain';
import { runStopFor } from '../models/run-stop-error';
import { SeededRandom, stableJson } from '../seeded';
import { allocateSlots, type ArmShares } from '../writers/arm-shares';
import type { SearchView } from '../writers/search-view';
import type { SituationCard } from '../writers/situation-card';
import { allocateTemplateSlots } from '../writers/template-shares';
import type { TopUp } from './repeat-groups';
import type { SimulationRun } from './simulation-run';

/** One rollout to run; `group` is its prompt's when the repeat policy holds some of k back. */
export interface PlannedRollout {
  card: SituationCard;
  ordinal: number;
  group?: number;
  /** The first rollout of a new situation: the summary counts the situation's aim when this one is read. */
  isSituationStart?: true;
}

export type BatchPlan = { kind: 'batch'; rollouts: PlannedRollout[] } | { kind: 'stop'; reason: StopReason };

/** The structured arm goes last: it takes the slots the other arms left unused. */
const ARM_ORDER = [...WRITER_ARMS.filter((arm) => arm !== 'structured'), 'structured' as const];

/**
 * The next batch: earlier prompts' top-ups first, then the situations the writers propose for the slots their
 * shares win, each worded and repeated, cut to the budget left. Stops the run when no writer has anything left.
 */
export async function planBatch(run: SimulationRun, round: number): Promise<BatchPlan> {
  const remainingRows = run.rowsLeft();
  // Earlier prompts whose first rollouts left their outcome open get the rest of k first.
  const topUps = run.groups?.takeTopUps(run.sizes.rerunRows) ?? [];
  const slots = batchSlots(run, topUps, remainingRows);
  const allocation = run.modelWrites
    ? allocateSlots(run.shares, slots, SeededRandom.fromKey(`${run.options.seed}:${round}:allocate`))
    : allocateTemplateSlots(run.shares, slots);
  const situations = await proposeSituations(run, allocation, round);
  if (run.stopRequest) return { kind: 'stop', reason: run.stopRequest.stopped_because };
  if (situations.length === 0 && topUps.length === 0)
    return { kind: 'stop', reason: run.options.replay ? 'tasks_done' : 'writer_exhausted' };
  const rollouts = plannedRollouts(run, topUps, situations).slice(0, remainingRows);
  run.nextOrdinal = (rollouts.at(-1)?.ordinal ?? run.nextOrdinal - 1) + 1;
  for (const rollout of rollouts) if (rollout.group !== undefined) run.groups?.planned(rollout.group);
  return { kind: 'batch', rollouts };
}

/** New situations this batch may take: what top-ups leave of the batch, and no more than the budget left needs. */
function batchSlots(run: SimulationRun, topUps: readonly TopUp[], remainingRows: number): number {
  const { rowsPerBatch, rowsPerSituation, situationsPerBatch } = run.sizes;
  const topUpRows = topUps.reduce((sum, topUp) => sum + topUp.to - topUp.from, 0);
  const slots = Math.min(
    topUps.length === 0 ? situationsPerBatch : Math.floor(Math.max(0, rowsPerBatch - topUpRows) / rowsPerSituation),
    Math.ceil(Math.max(0, remainingRows - topUpRows) / rowsPerSituation),
  );
  const { situations } = run.options;
  return situations === undefined ? slots : Math.min(slots, situations - run.situationsPlanned);
}

/**
 * Each arm's proposals for its slots; an arm with no writer, or one that proposes fewer, leaves the rest to the
 * structured arm. A writer's auth or quota failure requests the run's stop; any other failure is noted and skipped.
 */
async function proposeSituations(run: SimulationRun, allocation: ArmShares, round: number): Promise<SituationCard[][]> {
  const { options, summary } = run;
  const { phrasings, mode } = run.mode.settings;
  const situations: SituationCard[][] = [];
  let deficit = 0;
  for (const arm of ARM_ORDER) {
    const writer = run.writers.get(arm);
    const count = allocation[arm] + (arm === 'structured' ? deficit : 0);
    if (count === 0) continue;
    if (!writer) {
      deficit += count;
      continue;
    }
    try {
      const request = {
        count,
        phrasings,
        round,
        seed: options.seed,
        spec: options.spec,
        plan: run.plan,
        state: withBatchUses(run.state, situations),
        mode,
        faults: run.faults,
        ...(options.people ? { people: options.people } : {}),
        ...(options.pause ? { pause: options.pause } : {}),
      };
      const proposed = await writer.propose(request);
      situations.push(...proposed);
      deficit += count - proposed.length;
    } catch (error) {
      const stopError = runStopFor(error, 'writer');
      if (stopError) {
        run.requestStop(stopError);
        summary.stopped(stopError);
        break;
      }
      summary.writerError(arm, error);
      deficit += count;
    }
  }
  return situations;
}

/**
 * The search as a writer sees it mid-batch: a scenario an earlier arm already took this batch counts as used, so a
 * second card on it gets the next wording instead of the same prompt twice.
 */
function withBatchUses(state: SearchView, taken: readonly SituationCard[][]): SearchView {
  const takenUses = new Map<string, number>();
  for (const cards of taken) {
    const scenarioId = cards[0]?.situation.scenario_id;
    if (scenarioId !== undefined) takenUses.set(scenarioId, (takenUses.get(scenarioId) ?? 0) + 1);
  }
  if (takenUses.size === 0) return state;
  return {
    uses: (scenarioId) => state.uses(scenarioId) + (takenUses.get(scenarioId) ?? 0),
    isPairCovered: (pair) => state.isPairCovered(pair),
    hasShape: (shape) => state.hasShape(shape),
    mutationCandidates: () => state.mutationCandidates(),
    probeUses: (kind) => state.probeUses(kind),
  };
}

/** The batch's rollouts in plan order, numbered from the run's next ordinal: top-ups, then each new card's first k. */
function plannedRollouts(run: SimulationRun, topUps: readonly TopUp[], situations: readonly SituationCard[][]): PlannedRollout[] {
  let ordinal = run.nextOrdinal;
  const planned: PlannedRollout[] = [];
  run.groups?.startBatch();
  for (const topUp of topUps) {
    for (let repeat = topUp.from; repeat < topUp.to; repeat++)
      planned.push({ card: { ...topUp.card, rollout_index: repeat }, ordinal: ordinal++, group: topUp.group });
  }
  for (const cards of situations) {
    const first = cards[0];
    if (!first) continue;
    run.state.noteSituation(first.situation.scenario_id, first.lineage);
    run.situationsPlanned++;
    for (const card of cards) {
      const group = run.groups?.open(card, stableJson(card.situation.dimensions));
      for (let repeat = 0; repeat < run.mode.initial_repeats; repeat++) {
        const isSituationStart = card === first && repeat === 0;
        planned.push({
          card: { ...card, rollout_index: repeat },
          ordinal: ordinal++,
          ...(group === undefined ? {} : { group }),
          ...(isSituationStart ? { isSituationStart } : {}),
        });
      }
    }
  }
  return planned;
}
