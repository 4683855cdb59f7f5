import type { Row } from '../../shared/domain';
import { runStopFor, type RunStopError } from '../models/run-stop-error';
import type { SimulatedUser } from '../people/simulated-user';
import { UserTurnError } from '../people/user-turn-error';
import { lostReason } from '../rollout/lost-reason';
import { runRollout } from '../rollout/run-rollout';
import { shortHash } from '../seeded';
import type { SituationCard } from '../writers/situation-card';
import { assembleRow } from './assemble-row';
import type { LoopGrade } from './loop-grader';
import type { Settled } from './ordered-pool';
import type { PlannedRollout } from './plan-batch';
import type { SimulationRun } from './simulation-run';
import { personIdentity } from '../people/person-identity';

/**
 * How a planned rollout ended. `writer_error`: the model writer failed on this card and the template wrote it. `grade`:
 * the run's grader's grade of the row, `graded_now` when it was made now (a resumed row's stored grade was not).
 */
export type Landing =
  | { kind: 'row'; row: Row; resumed: boolean; duration_ms: number; writer_error?: string; grade?: LoopGrade; graded_now?: boolean }
  | { kind: 'lost'; reason: string; error: string; writer_error?: string }
  | { kind: 'stop'; error: RunStopError };

/** A rollout that threw outside its own error handling is lost as an agent error. */
export function landingOf(result: Settled<Landing>): Landing {
  return result.ok ? result.value : { kind: 'lost', reason: 'agent_error', error: String(result.error) };
}

/**
 * Plays one planned rollout: a resumed run's stored row as it was, else the card (reworded by its model writer
 * first, when it has one) between the agent and the simulated person. An auth or quota failure requests the run's stop.
 */
export async function rollOut(run: SimulationRun, planned: PlannedRollout): Promise<Landing> {
  const landing = await landOne(run, planned);
  return landing.kind === 'row' ? graded(run, landing) : landing;
}

/**
 * A landed row with the run's grader's grade: a resumed row keeps the grade stored with it (graded now only when it
 * has none). A grader that proved broken, or whose model refused the account, requests the run's stop.
 */
async function graded(run: SimulationRun, landing: Extract<Landing, { kind: 'row' }>): Promise<Landing> {
  const { grader, resume } = run.options;
  if (!grader) return landing;
  const stored = landing.resumed ? resume?.grade?.(landing.row.ordinal) : undefined;
  if (stored) return { ...landing, grade: stored, graded_now: false };
  const grade = await grader.grade(landing.row);
  const stop = grader.stopError();
  if (stop) {
    run.requestStop(stop);
    run.summary.stopped(stop);
  }
  return { ...landing, grade, graded_now: true };
}

async function landOne(run: SimulationRun, { card: planned, ordinal }: PlannedRollout): Promise<Landing> {
  const stored = run.options.resume?.get(ordinal);
  if (stored) return { kind: 'row', row: stored, resumed: true, duration_ms: 0 };
  const started = run.clock();
  let card = planned;
  if (planned.reword) {
    try {
      const { reword: _reword, ...unworded } = planned;
      card = { ...unworded, ...(await planned.reword()) };
    } catch (error) {
      const stopError = runStopFor(error, 'writer');
      if (stopError) return stopLanding(run, stopError);
      throw error;
    }
  }
  return attempts(run, card, ordinal, started);
}

/** A lost rollout is re-rolled for the same prompt up to `repeats` times, then counted lost. */
async function attempts(run: SimulationRun, card: SituationCard, ordinal: number, started: number): Promise<Landing> {
  const { options, summary } = run;
  const writerError = card.writer_error === undefined ? {} : { writer_error: card.writer_error };
  const user = options.createUser(card.situation);
  let lastError = '';
  let reason = 'agent_error';
  for (let attempt = 0; attempt <= Math.max(1, run.mode.settings.repeats); attempt++) {
    if (attempt > 0) summary.rerolled(reason);
    try {
      const result = await runRollout({
        ask: card.ask,
        persona: card.persona,
        system_prompt: options.spec.system_prompt,
        tools: options.spec.tools,
        agent: options.agent,
        user,
        world: worldFor(run, card),
        rollout_key: attempt === 0 ? `${options.seed}:${ordinal}` : `${options.seed}:${ordinal}:r${attempt}`,
        limits: run.limits,
      });
      const lost = lostReason(result.final_text, result.finish_reason === 'tool');
      if (lost) {
        reason = lost;
        lastError = `${lost}: ${result.final_text.slice(0, 200)}`;
        continue;
      }
      const row = landedRow(run, card, result, ordinal, user);
      return { kind: 'row', row, resumed: false, duration_ms: Math.max(0, Math.round(run.clock() - started)), ...writerError };
    } catch (error) {
      const side = UserTurnError.isInstance(error) ? 'user' : 'agent';
      const stopError = runStopFor(error, side);
      if (stopError) return stopLanding(run, stopError);
      reason = `${side}_error`;
      lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
  }
  return { kind: 'lost', reason, error: lastError, ...writerError };
}

function landedRow(
  run: SimulationRun,
  card: SituationCard,
  result: Awaited<ReturnType<typeof runRollout>>,
  ordinal: number,
  user: SimulatedUser,
): Row {
  const { options } = run;
  const row = assembleRow(card, result, {
    rollout_id: `ro-${shortHash(`${run.specSha}:${options.seed}:${ordinal}`, 12)}`,
    ordinal,
    agent_model: options.agent.model,
    user_model: user.model,
    privileged: options.privileged(card),
  });
  return { ...row, behavior_signature: options.signature(row) };
}

/** One world per situation: every wording and repeat of it meets the same records. */
function worldFor(run: SimulationRun, card: SituationCard) {
  const { spec, seed } = run.options;
  return run.options.createWorld({
    seed: Number.parseInt(shortHash(`${seed}:world:${card.situation.scenario_id}`, 8), 16),
    tools: spec.tools,
    world_state: card.situation.world_state,
    faults: card.situation.faults,
    known_ids: spec.known_ids,
    result_shapes: spec.result_shapes,
    person: personIdentity(card.situation.scenario_id, card.persona),
    asked_tool: card.situation.dimensions.tool,
  });
}

function stopLanding(run: SimulationRun, stopError: RunStopError): Landing {
  run.requestStop(stopError);
  return { kind: 'stop', error: stopError };
}
