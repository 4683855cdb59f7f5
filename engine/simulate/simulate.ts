import { WRITER_ARMS, type Row, type StopReason, type WriterArm } from '../../shared/domain';
import { planGrid } from '../coverage/plan-grid';
import { runRollout } from '../rollout/run-rollout';
import { lostReason } from '../rollout/lost-reason';
import { runStopFor, type RunStopError } from '../models/run-stop-error';
import { UserTurnError } from '../people/user-turn-error';
import { SeededRandom, sha256Hex, shortHash, stableJson } from '../seeded';
import { allocateSlots, completeYields, INITIAL_ARM_SHARES, reallocateArmShares, type ArmShares } from '../writers/arm-shares';
import type { SituationCard } from '../writers/situation-card';
import { assembleRow, toolShapes } from './assemble-row';
import { orderedPool } from './ordered-pool';
import { RepeatGroups } from './repeat-groups';
import { runModeFor } from './run-mode';
import { SearchState } from './search-state';
import type { SimulateOptions } from './simulate-options';
import type { SimulationBatch, SimulationOutcome } from './simulation-outcome';
import { SaturationState, untilStopReason } from './stop-rule';
import { SummaryBuilder } from './summary-builder';
import { aimWriters } from '../traces/aimed-writers';
import { createReplayWriter } from '../traces/replay-writer';
import { withTraceLeakage } from '../traces/leakage-summary';

export type SimulationEvent =
  | { type: 'row'; row: Row; resumed: boolean; duration_ms: number }
  | { type: 'lost'; ordinal: number; reason: string; error: string }
  | { type: 'batch'; record: SimulationBatch; rows: number; budget: number };

/** Rows per batch: a function of the budget only, so the plan never depends on concurrency. */
export function batchRows(budget: number): number {
  return Math.min(64, Math.max(8, Math.round(budget / 16)));
}

const zeroShares = (): ArmShares => Object.fromEntries(WRITER_ARMS.map((arm) => [arm, 0])) as ArmShares;

/** One rollout to run; `group` is its prompt's when the repeat policy holds some of k back. */
type Planned = { card: SituationCard; ordinal: number; group?: number };
/** `writer_error`: the model writer failed on this card and the template wrote it. */
type Outcome =
  | { kind: 'row'; row: Row; resumed: boolean; duration_ms: number; writer_error?: string }
  | { kind: 'lost'; reason: string; error: string; writer_error?: string }
  | { kind: 'stop'; error: RunStopError };

/**
 * `simulate`: plans the grid, lets the five writers compete for the budget batch by batch, plays each
 * situation between the agent and the simulated person against a seeded world, and yields rows in plan
 * order as they land. Each batch is chosen only after the previous one has landed, so a seed gives the
 * same rows at any concurrency; a resumed run replays its stored rows and rolls out only the rest.
 */
export async function* simulate(options: SimulateOptions): AsyncGenerator<SimulationEvent, SimulationOutcome> {
  const { spec, seed, budget } = options;
  // Aimed at traces: the grid writer is steered at the failing situations and every writer sits behind the leak gate.
  // Replaying an earlier run's task set (`tasks=`): its situations and prompts, in order, and nothing new.
  const sourceWriters = options.replay ? [createReplayWriter(options.replay)] : options.writers;
  const traced = options.trace_aim ? aimWriters(sourceWriters, options.trace_aim) : undefined;
  const mode = runModeFor(options);
  const { phrasings, repeats, mode: modeName } = mode.settings;
  const plan = planGrid(options.trace_aim?.axes ?? spec.axes, {
    seed,
    fault_rate: mode.settings.fault_rate,
    prefer_success: mode.settings.prefer_success,
    ...(options.aim ? { aim: options.aim } : {}),
  });
  const state = new SearchState(plan.planned);
  const summary = new SummaryBuilder(options, plan, mode);
  const specSha = sha256Hex(stableJson(spec));
  const writers = new Map<WriterArm, SimulateOptions['writers'][number]>(
    (traced?.writers ?? sourceWriters).map((writer) => [writer.arm, writer]),
  );
  // A new situation's first rollouts; under a holding repeat policy the rest of k come later, where they tell something.
  const rowsPerSituation = phrasings * mode.initial_repeats;
  const rowsPerBatch = batchRows(budget);
  const situationsPerBatch = Math.max(1, Math.floor(rowsPerBatch / rowsPerSituation));
  const groups = mode.initial_repeats < repeats ? new RepeatGroups(mode.settings.repeat_policy, repeats) : undefined;
  const rerunRows = Math.max(1, Math.round(rowsPerBatch * mode.rerun_share));
  // A replay runs its whole task set: stopping it early would leave tasks out of the comparison it exists for.
  const until = options.replay ? 'compute' : (options.until ?? 'compute');
  const saturation = new SaturationState(plan.cells, writers.has('behavior_targeted') && spec.tools.length > 0);
  const isCancelled = options.isCancelled ?? (() => false);
  const clock = options.clock ?? (() => 0);
  const startedAt = clock();
  const timeBudgetMs = options.time_budget === undefined ? undefined : options.time_budget * 1000;

  let shares: ArmShares = { ...INITIAL_ARM_SHARES };
  let ordinal = 0;
  let situationsPlanned = 0;

  /** One world per situation: every wording and repeat of it meets the same records. */
  const worldFor = (card: SituationCard) =>
    options.createWorld({
      seed: Number.parseInt(shortHash(`${seed}:world:${card.situation.scenario_id}`, 8), 16),
      tools: spec.tools,
      world_state: card.situation.world_state,
      faults: card.situation.faults,
      known_ids: spec.known_ids,
      result_shapes: spec.result_shapes,
    });

  /** Set by the first auth or quota failure: no new rollout starts, and the run stops after those in flight. */
  let stopRequest: RunStopError | undefined;

  const rollOut = async ({ card: planned, ordinal: at }: Planned): Promise<Outcome> => {
    const stored = options.resume?.get(at);
    if (stored) return { kind: 'row', row: stored, resumed: true, duration_ms: 0 };
    const started = clock();
    let card = planned;
    if (planned.reword) {
      try {
        const { reword: _reword, ...unworded } = planned;
        card = { ...unworded, ...(await planned.reword()) };
      } catch (error) {
        const stopError = runStopFor(error, 'writer');
        if (stopError) {
          stopRequest ??= stopError;
          return { kind: 'stop', error: stopError };
        }
        throw error;
      }
    }
    const writerError = card.writer_error === undefined ? {} : { writer_error: card.writer_error };
    const user = options.createUser(card.situation);
    let lastError = '';
    let reason = 'agent_error';
    // A lost rollout is re-rolled for the same prompt up to `repeats` times, then counted lost.
    for (let attempt = 0; attempt <= Math.max(1, repeats); attempt++) {
      if (attempt > 0) summary.rerolled(reason);
      try {
        const result = await runRollout({
          ask: card.ask,
          persona: card.persona,
          system_prompt: spec.system_prompt,
          tools: spec.tools,
          agent: options.agent,
          user,
          world: worldFor(card),
          rollout_key: attempt === 0 ? `${seed}:${at}` : `${seed}:${at}:r${attempt}`,
          ...(options.limits ? { limits: options.limits } : {}),
        });
        const lost = lostReason(result.final_text, result.finish_reason === 'tool');
        if (lost) {
          reason = lost;
          lastError = `${lost}: ${result.final_text.slice(0, 200)}`;
          continue;
        }
        const row = assembleRow(card, result, {
          rollout_id: `ro-${shortHash(`${specSha}:${seed}:${at}`, 12)}`,
          ordinal: at,
          agent_model: options.agent.model,
          user_model: user.model,
          privileged: options.privileged(card),
        });
        return {
          kind: 'row',
          row: { ...row, behavior_signature: options.signature(row) },
          resumed: false,
          duration_ms: Math.max(0, Math.round(clock() - started)),
          ...writerError,
        };
      } catch (error) {
        const stopError = runStopFor(error, UserTurnError.isInstance(error) ? 'user' : 'agent');
        if (stopError) {
          stopRequest ??= stopError;
          return { kind: 'stop', error: stopError };
        }
        reason = UserTurnError.isInstance(error) ? 'user_error' : 'agent_error';
        lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
    }
    return { kind: 'lost', reason, error: lastError, ...writerError };
  };

  let stop: StopReason | undefined;
  for (let round = 0; stop === undefined; round++) {
    const landed = summary.landed();
    const pendingTopUps = groups?.pending ?? 0;
    if (landed >= budget) stop = 'budget';
    else if (options.situations !== undefined && situationsPlanned >= options.situations && pendingTopUps === 0)
      stop = 'situations_exhausted';
    else if (isCancelled()) stop = 'cancelled';
    else if (stopRequest) stop = stopRequest.stopped_because;
    else if (summary.agentFailed(budget)) stop = 'agent_failed';
    // Judged between batches only, so every batch that started is whole.
    else if (timeBudgetMs !== undefined && clock() - startedAt >= timeBudgetMs) stop = 'time_budget';
    if (stop) break;

    const remainingRows = budget - landed;
    // Earlier prompts whose first rollouts left their outcome open get the rest of k first.
    const topUps = groups?.takeTopUps(rerunRows) ?? [];
    const topUpRows = topUps.reduce((sum, topUp) => sum + topUp.to - topUp.from, 0);
    let slots = Math.min(
      topUps.length === 0 ? situationsPerBatch : Math.floor(Math.max(0, rowsPerBatch - topUpRows) / rowsPerSituation),
      Math.ceil(Math.max(0, remainingRows - topUpRows) / rowsPerSituation),
    );
    if (options.situations !== undefined) slots = Math.min(slots, options.situations - situationsPlanned);
    const allocation = allocateSlots(shares, slots, SeededRandom.fromKey(`${seed}:${round}:allocate`));

    const situations: SituationCard[][] = [];
    let deficit = 0;
    for (const arm of [...WRITER_ARMS.filter((each) => each !== 'structured'), 'structured' as const]) {
      const writer = writers.get(arm);
      const count = allocation[arm] + (arm === 'structured' ? deficit : 0);
      if (count === 0) continue;
      if (!writer) {
        deficit += count;
        continue;
      }
      try {
        const proposed = await writer.propose({ count, phrasings, round, seed, spec, plan, state, mode: modeName });
        situations.push(...proposed);
        deficit += count - proposed.length;
      } catch (error) {
        const stopError = runStopFor(error, 'writer');
        if (stopError) {
          stopRequest = stopError;
          summary.stopped(stopError);
          break;
        }
        summary.writerError(arm, error);
        deficit += count;
      }
    }
    if (stopRequest) {
      stop = stopRequest.stopped_because;
      break;
    }
    if (situations.length === 0 && topUps.length === 0) {
      stop = options.replay ? 'tasks_done' : 'writer_exhausted';
      break;
    }

    const planned: Planned[] = [];
    for (const topUp of topUps) {
      for (let repeat = topUp.from; repeat < topUp.to; repeat++)
        planned.push({ card: { ...topUp.card, rollout_index: repeat }, ordinal: ordinal++, group: topUp.group });
    }
    for (const cards of situations) {
      const first = cards[0];
      if (!first) continue;
      state.noteSituation(first.situation.scenario_id, first.lineage);
      summary.situation(first);
      situationsPlanned++;
      for (const card of cards) {
        const group = groups?.open(card, stableJson(card.situation.dimensions));
        for (let repeat = 0; repeat < mode.initial_repeats; repeat++)
          planned.push({ card: { ...card, rollout_index: repeat }, ordinal: ordinal++, ...(group === undefined ? {} : { group }) });
      }
    }
    const batch = planned.slice(0, remainingRows);
    ordinal = (batch.at(-1)?.ordinal ?? ordinal - 1) + 1;
    for (const item of batch) if (item.group !== undefined) groups?.planned(item.group);

    const armRows = zeroShares();
    const armNew = zeroShares();
    let newCells = 0;
    let newSignatures = 0;
    let newShapes = 0;
    let landedInBatch = 0;
    for await (const { index, result } of orderedPool(
      batch,
      options.concurrency,
      rollOut,
      () => isCancelled() || stopRequest !== undefined,
    )) {
      const { card, ordinal: at, group } = batch[index]!;
      const outcome: Outcome = result.ok ? result.value : { kind: 'lost', reason: 'agent_error', error: String(result.error) };
      if (outcome.kind === 'stop') {
        summary.stopped(outcome.error);
        continue;
      }
      if (outcome.writer_error !== undefined) summary.writerError(card.arm, outcome.writer_error);
      if (outcome.kind === 'lost') {
        summary.lost(outcome.reason, outcome.error);
        yield { type: 'lost', ordinal: at, reason: outcome.reason, error: outcome.error };
        continue;
      }
      const { row } = outcome;
      // A model wording is only known once the card rolls out: a near copy of a source trace is dropped here.
      if (traced && !outcome.resumed && row.prompt !== card.ask && traced.leakage.check(row.prompt)) continue;
      const shapes = toolShapes(row);
      const reward = options.conduct(row);
      const novelty = state.noteRow(row, {
        ordinal: at,
        scenario_id: row.situation.scenario_id,
        dimensions: row.situation.dimensions,
        reward,
        shapes: shapes.shapes,
        world_fault: shapes.world_fault,
      });
      if (group !== undefined) groups?.landed(group, reward, row.behavior_signature);
      saturation.noteRow(row.situation.dimensions, shapes.shapes, row.lineage.target_shape);
      summary.row(row, outcome.resumed);
      landedInBatch += 1;
      armRows[card.arm] += 1;
      armNew[card.arm] += Number(novelty.new_cell) + Number(novelty.new_signature);
      newCells += Number(novelty.new_cell);
      newSignatures += Number(novelty.new_signature);
      newShapes += novelty.new_shapes;
      yield { type: 'row', row, resumed: outcome.resumed, duration_ms: outcome.duration_ms };
    }

    const observed: Partial<Record<WriterArm, number>> = {};
    for (const arm of WRITER_ARMS) if (armRows[arm] > 0) observed[arm] = armNew[arm] / armRows[arm];
    const spaceRate = saturation.endBatch({
      rows: landedInBatch,
      new_signatures: newSignatures,
      new_cells: newCells,
      new_shapes: newShapes,
    });
    const record: SimulationBatch = {
      batch: round,
      rows: batch.length,
      arm_weights: shares,
      arm_rows: armRows,
      arm_yield: observed,
      new_cells: newCells,
      new_signatures: newSignatures,
      pairwise: state.pairwise.summary(),
      new_shapes: newShapes,
      space_rate: Math.round(spaceRate * 1e4) / 1e4,
      plateau_batches: saturation.plateauBatches,
    };
    summary.batch(record);
    groups?.endBatch();
    yield { type: 'batch', record, rows: summary.landed(), budget };
    shares = reallocateArmShares(shares, completeYields(observed));
    // Judged on the committed batch only; a batch cut short by a cancel or a model stop ends the run for that reason.
    if (!isCancelled() && stopRequest === undefined) stop = untilStopReason(until, saturation, record.pairwise);
  }
  const stoppedBecause = stop ?? 'budget';
  const predicted = saturation.predictedToSaturation(situationsPerBatch * rowsPerSituation, Math.max(0, budget - summary.landed()));
  const finished = summary.finish(stoppedBecause, state, shares, { until, saturation, predicted, groups: groups?.stats() });
  if (!traced) return finished;
  const { degraded, warnings } = withTraceLeakage(finished, traced.leakage.report());
  return { ...finished, degraded, warnings };
}
