import type { ModelWriterReport } from '../../../shared/domain';
import { cellAt } from '../../coverage/plan-grid';
import type { ModelBackend } from '../../models/model-backend';
import { ModelCallError } from '../../models/model-call-error';
import { jsonObjectIn } from '../../models/model-text';
import { RunStopError, runStopFor } from '../../models/run-stop-error';
import { writerTemperature } from '../model-wording';
import type { SituationCard } from '../situation-card';
import type { Wording } from '../wording';
import type { Writer, WriterRequest } from '../writer';
import { AskMemory } from './ask-memory';
import { checkCard, plannedValues, type CheckedCard } from './card-check';
import { modelCards } from './model-cards';
import { SITUATION_CARDS_FORMAT, situationPrompt } from './situation-prompt';
import { situationTargets, type SituationTarget } from './situation-targets';

/** Rounds in a row that keep no new situation before the writer restarts with a rotated seed. */
export const IDLE_ROUNDS_BEFORE_RESTART = 4;
/** Each restart adds this to the writer's seed. */
export const RESTART_SEED_STEP = 997;
/** A restarted writer's avoid-list starts from this many of the latest asks. */
export const AVOID_AFTER_RESTART = 8;
/** `MAX_NOVELTY_RESTARTS` for a budget under 100 rows; one more per 100 budgeted rows. */
export const MAX_NOVELTY_RESTARTS = 24;
/** The longest avoid-list sent: the latest asks, so the prompt stays bounded however long the run. */
const AVOID_LIMIT = 40;
const INVALID_EXAMPLES = 5;
const TOKENS_PER_ASK = 160;
const MAX_TOKENS = 4000;

export interface ModelSituationWriterOptions {
  /** The run's row budget: the restart cap grows with it. */
  budget: number;
  /** Writes the arm's situations when the model fails (the offline gap writer); its cards carry `generator_fallback`. */
  fallback: Writer;
  /** Draws each situation's person (the template wording's people). */
  wording: Wording;
  timeout_ms?: number;
}

/** Restarts a run allows before `ask_exhausted`. */
export function maxNoveltyRestarts(budget: number): number {
  return MAX_NOVELTY_RESTARTS + Math.floor(budget / 100);
}

export type ModelSituationWriter = Writer & Required<Pick<Writer, 'report'>>;

/**
 * The `llm_guided` arm with a simulator model (the SDK's model writer): each batch it asks the model for new
 * situations aimed at the planned pairs still open and at the regions of failing rollouts, telling it which asks
 * are already used. Every card is checked against the spec's axes and the run's plan; invalid cards, duplicates and
 * near copies of earlier asks are dropped and counted. After 4 rounds that keep nothing, it restarts with its seed
 * rotated by 997 and only the latest 8 asks to avoid; past `maxNoveltyRestarts(budget)` restarts the run stops with
 * `ask_exhausted`. A model that fails hands the batch to the template writer (`generator_fallback`); a refused key
 * or an empty account stops the run.
 */
export function createModelSituationWriter(backend: ModelBackend, options: ModelSituationWriterOptions): ModelSituationWriter {
  const memory = new AskMemory();
  const aimedFailures = new Set<number>();
  const report: ModelWriterReport = {
    model: backend.spec,
    calls: 0,
    cards_asked: 0,
    cards_written: 0,
    kept: 0,
    invalid: 0,
    duplicates: 0,
    near_copies: 0,
    idle_rounds: 0,
    restarts: 0,
    fallbacks: 0,
    invalid_examples: [],
  };
  let idle = 0;
  let avoidFrom = 0;

  function restart(): void {
    const cap = maxNoveltyRestarts(options.budget);
    if (report.restarts >= cap) {
      throw new RunStopError(
        `The simulator model ${backend.spec} wrote no new situation in ${IDLE_ROUNDS_BEFORE_RESTART} rounds after each of ` +
          `${cap} restarts (ask_exhausted): raise its temperature, give the spec more to vary, or use another simulator model.`,
        'ask_exhausted',
        'writer',
      );
    }
    report.restarts++;
    idle = 0;
    avoidFrom = Math.max(0, memory.size - AVOID_AFTER_RESTART);
  }

  async function fallback(request: WriterRequest, error: string): Promise<SituationCard[][]> {
    report.fallbacks++;
    const situations = await options.fallback.propose(request);
    return situations.map((cards) =>
      cards.map((card) => ({ ...card, degraded: [...(card.degraded ?? []), 'generator_fallback'], writer_error: error })),
    );
  }

  async function ask(request: WriterRequest, targets: readonly SituationTarget[], writerSeed: number): Promise<unknown[]> {
    const { system, user } = situationPrompt(request, targets, memory.recent(avoidFrom, AVOID_LIMIT), writerSeed);
    const response = await backend.generate({
      system,
      messages: [{ role: 'user', content: user }],
      temperature: writerTemperature(writerSeed, request.round),
      max_tokens: Math.min(MAX_TOKENS, 200 + targets.length * request.phrasings * TOKENS_PER_ASK),
      response_format: SITUATION_CARDS_FORMAT,
      ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
    });
    const cards = jsonObjectIn(response.text)?.cards;
    if (!Array.isArray(cards)) throw new Error(`${backend.spec} answered without a list of cards`);
    return cards;
  }

  /** The card's asks not used before; counts the others. */
  function freshAsks(card: CheckedCard): string[] {
    const fresh: string[] = [];
    for (const text of card.asks) {
      const verdict = memory.verdict(text);
      if (verdict === 'duplicate') report.duplicates++;
      else if (verdict === 'near_copy') report.near_copies++;
      else {
        memory.remember(text);
        fresh.push(text);
      }
    }
    return fresh;
  }

  return {
    arm: 'llm_guided',
    model: backend.spec,
    report: () => ({ ...report, invalid_examples: [...report.invalid_examples] }),
    async propose(request) {
      if (request.count <= 0) return [];
      if (idle >= IDLE_ROUNDS_BEFORE_RESTART) restart();
      const writerSeed = request.seed + RESTART_SEED_STEP * report.restarts;
      const targets = situationTargets(request, { wording: options.wording, aimedFailures, writerSeed });
      if (targets.length === 0) return [];
      for (const target of targets) if (target.failure) aimedFailures.add(target.failure.ordinal);
      report.calls++;
      report.cards_asked += targets.length;
      let written: unknown[];
      try {
        written = await ask(request, targets, writerSeed);
      } catch (error) {
        const stop = runStopFor(error, 'writer');
        if (stop) throw stop;
        const detail = error instanceof Error ? error.message : String(error);
        return fallback(request, ModelCallError.isInstance(error) ? detail : `${backend.spec}: ${detail}`);
      }
      const planned = plannedValues(request.plan);
      const situations: SituationCard[][] = [];
      written.slice(0, targets.length).forEach((raw, index) => {
        report.cards_written++;
        const checked = checkCard(raw, request, planned);
        if (!checked.ok) {
          report.invalid++;
          if (report.invalid_examples.length < INVALID_EXAMPLES) report.invalid_examples.push(checked.problem);
          return;
        }
        const asks = freshAsks(checked.card);
        if (asks.length === 0) return;
        const cell = cellAt(request.plan, checked.card.dimensions);
        situations.push(
          modelCards({
            request,
            cell,
            target: targets[index]!,
            index,
            asks,
            wording: options.wording,
            model: backend.spec,
            restarts: report.restarts,
          }),
        );
      });
      report.kept += situations.length;
      if (situations.length === 0) {
        idle++;
        report.idle_rounds++;
      } else idle = 0;
      return situations;
    },
  };
}
