import type { Message, Persona } from '../../shared/domain';
import { cutTwiceMessage, generateUncut } from '../models/generate-uncut';
import type { ModelBackend, ModelMessage } from '../models/model-backend';
import { ModelCallError } from '../models/model-call-error';
import { outputCap } from '../models/model-limits';
import { visibleText } from '../models/model-text';
import { runStopFor } from '../models/run-stop-error';
import { hashInt, hashUnit } from '../seeded';
import { knownIdsIn } from '../spec/known-ids';
import { agentAsked, earlierQuestions, lastAgentText, readAgentTurn } from './agent-turn';
import type { SimulatedUser, UserTurn, UserTurnRequest } from './simulated-user';
import { DEFAULT_AVG_TURNS, PATIENCE_HAZARDS, userTurnCap, walkAwayHazard, type PatienceHazards } from './patience';
import { UserTurnError } from './user-turn-error';

/** SDK USER_TURN_TEMPERATURE. */
export const USER_TURN_TEMPERATURE = 0.475;
export const USER_TURN_MAX_TOKENS = 300;
/** The first words of the person's instructions: stable, so a test server can tell this role apart. */
export const MODEL_USER_PROMPT_HEAD = "You are playing a customer who is writing to a company's support assistant.";
/** What the model is shown where the person's own opening message stands. */
const CONVERSATION_START = '(The chat opens. Write your first message.)';

export interface ModelUserOptions {
  temperature?: number;
  max_tokens?: number;
  timeout_ms?: number;
  /** Identifiers that exist in the world: the person's reference when their ask named none. */
  known_ids?: readonly string[];
  avg_turns?: number;
  hazards?: PatienceHazards;
}

/**
 * The person's instructions: the same on every turn of a conversation (one persona), built only from prose — the
 * persona's aside, never its labels — and the reference they would give if asked.
 */
export function modelUserPrompt(persona: Persona, reference: string | undefined): string {
  return [
    MODEL_USER_PROMPT_HEAD,
    'Stay the same person for the whole conversation and keep to what you wanted in your first message.',
    persona.aside,
    reference === undefined
      ? 'You have no reference number; say so if asked.'
      : `If they ask for a reference or an identifier, yours is ${reference}.`,
    'Write only your next message to the assistant: plain text, no quotes, no name, no stage ' +
      'directions. Never say you are an AI or that this is a simulation.',
  ].join('\n');
}

/** The conversation from the person's side: their words are the model's, the agent's are the other party's. */
export function personView(messages: readonly Message[]): ModelMessage[] {
  const turns: ModelMessage[] = [{ role: 'user', content: CONVERSATION_START }];
  for (const message of messages) {
    let turn: ModelMessage | undefined;
    if (message.role === 'user') turn = { role: 'assistant', content: message.content };
    else if (message.role === 'assistant' && message.content.trim() !== '') turn = { role: 'user', content: message.content };
    if (!turn) continue;
    const last = turns.at(-1);
    if (last && last.role === turn.role && last.role !== 'tool') last.content = `${last.content}\n\n${turn.content}`;
    else turns.push(turn);
  }
  return turns;
}

/**
 * The simulated person on a model. Whether they walk away is decided as the template user decides it (patience
 * hazards on seeded draws, and a question they cannot answer), so a seeded run leaves at the same turns; what they
 * say comes from the model. A failed call, or a line cut at the token limit twice, loses the rollout as `user_error`
 * (never a made-up or cut line); a refused key or an empty account stops the run (`user_auth_failed` /
 * `user_quota_exceeded`).
 */
export class ModelUser implements SimulatedUser {
  readonly model: string;
  readonly #cap: number;

  constructor(
    private readonly backend: ModelBackend,
    private readonly options: ModelUserOptions = {},
  ) {
    this.model = backend.spec;
    this.#cap = userTurnCap(options.avg_turns ?? DEFAULT_AVG_TURNS);
  }

  async reply(request: UserTurnRequest): Promise<UserTurn> {
    const { persona, messages, rollout_key: key, user_turns: turn } = request;
    const agentText = lastAgentText(messages);
    if (turn < this.#cap && agentAsked(agentText) && persona.patience !== 'endless') {
      if (readAgentTurn(agentText) === 'asks_unknowable') return { kind: 'left' };
      const hazards = this.options.hazards ?? PATIENCE_HAZARDS[persona.patience];
      const hazard = walkAwayHazard(hazards, earlierQuestions(messages));
      if (hazard > 0 && hashUnit(`${key}:${turn}:abandon`) < hazard) return { kind: 'left' };
    }
    let text: string;
    const maxTokens = this.options.max_tokens ?? outputCap(this.backend.model, USER_TURN_MAX_TOKENS);
    try {
      const response = await generateUncut(this.backend, {
        system: modelUserPrompt(persona, this.#reference(messages, key)),
        messages: personView(messages),
        temperature: this.options.temperature ?? USER_TURN_TEMPERATURE,
        max_tokens: maxTokens,
        ...(this.options.timeout_ms === undefined ? {} : { timeout_ms: this.options.timeout_ms }),
      });
      if (response.finish_reason === 'length')
        throw new UserTurnError(cutTwiceMessage(this.model, 'a line for the simulated person', maxTokens));
      text = visibleText(response.text);
    } catch (error) {
      if (UserTurnError.isInstance(error)) throw error;
      const stop = runStopFor(error, 'user');
      if (stop) throw stop;
      throw new UserTurnError(
        ModelCallError.isInstance(error) ? error.message : `${this.model}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (text === '') throw new UserTurnError(`${this.model} wrote an empty line for the simulated person`);
    return { kind: 'message', text };
  }

  /** The person's reference: the first identifier of their opening ask, else a known one drawn for the rollout. */
  #reference(messages: readonly Message[], key: string): string | undefined {
    const opening = messages.find((message) => message.role === 'user');
    const own = opening === undefined ? undefined : knownIdsIn(opening.content)[0];
    if (own !== undefined) return own;
    const ids = this.options.known_ids ?? [];
    return ids.length === 0 ? undefined : ids[hashInt(`${key}:known-id`, ids.length)];
  }
}
