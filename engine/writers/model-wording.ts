import { roundTo } from '../../shared/domain/rounding';
import type { Spec } from '../../shared/domain';
import { cutTwiceMessage, generateUncut } from '../models/generate-uncut';
import type { ModelBackend } from '../models/model-backend';
import { ModelCallError } from '../models/model-call-error';
import { clampTemperature, outputCap } from '../models/model-limits';
import { visibleText } from '../models/model-text';
import { runStopFor } from '../models/run-stop-error';
import { hashUnit } from '../seeded';
import type { CardWording, SituationCard } from './situation-card';
import type { Writer, WriterRequest } from './writer';

/** The first words of the writer's instructions: stable, so a test server can tell this role apart. */
export const MODEL_WRITER_PROMPT_HEAD = "You write the first message a customer sends to a company's support assistant.";
/** SDK `writer_temperature`: drawn per batch, uniformly in [0.45, 1.05]. */
export const WRITER_TEMPERATURE_RANGE = [0.45, 1.05] as const;
export const WRITER_MAX_TOKENS = 400;
/** A longer answer is not an opening message: the model went off script, and the template takes over. */
const MAX_ASK_CHARS = 2000;
const TOOL_LINES = 12;

export interface ModelWordingOptions {
  timeout_ms?: number;
  max_tokens?: number;
}

/** The batch's writer temperature, decided by the seed and round alone. */
export function writerTemperature(seed: number, round: number): number {
  const [low, high] = WRITER_TEMPERATURE_RANGE;
  return roundTo(low + (high - low) * hashUnit(`${seed}:${round}:writer_temperature`), 3);
}

/**
 * The writer's prompt: the template's draft of the situation (what the person wants and their circumstances, in
 * plain words) and the persona's aside — prose, never the style labels, because a model told to be "terse" writes an
 * essay about being terse.
 */
export function writerPrompt(card: SituationCard, spec: Spec): { system: string; user: string } {
  const tools = spec.tools.slice(0, TOOL_LINES).map((tool) => `- ${tool.name}: ${tool.description.slice(0, 160)}`);
  const system = [
    MODEL_WRITER_PROMPT_HEAD,
    'You get a plain draft of what the customer wants and their circumstances, and how this person writes.',
    'Rewrite the draft as this person would really type it. Keep every fact, identifier, amount, ' +
      'date and quoted text, and keep what they want; add no new facts or requests.',
    'Reply with the message only: no quotes, no preface, no notes.',
  ].join('\n');
  const user = [
    `Draft:\n${card.ask}`,
    `How this person writes: ${card.persona.aside}`,
    tools.length > 0 ? `For context, the assistant can use these tools (the customer does not know their names):\n${tools.join('\n')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { system, user };
}

/** The message alone: reasoning markup, a `Message:` label and wrapping quotes removed. */
function cleanAsk(text: string): string {
  return visibleText(visibleText(text).replace(/^(message|customer|draft)\s*:\s*/i, ''));
}

function fallback(card: SituationCard, error: string): CardWording {
  return { ask: card.ask, writer_model: 'template', degraded: [...(card.degraded ?? []), 'generator_fallback'], writer_error: error };
}

async function wordCard(
  card: SituationCard,
  request: WriterRequest,
  backend: ModelBackend,
  options: ModelWordingOptions,
): Promise<CardWording> {
  const { system, user } = writerPrompt(card, request.spec);
  const maxTokens = options.max_tokens ?? outputCap(backend.model, WRITER_MAX_TOKENS);
  let text: string;
  try {
    const response = await generateUncut(backend, {
      system,
      messages: [{ role: 'user', content: user }],
      // The draw spans 0.45-1.05; a provider with a narrower range (Anthropic: 0-1) gets its nearest end.
      temperature: clampTemperature(backend.model, writerTemperature(request.seed, request.round)),
      max_tokens: maxTokens,
      ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
    });
    if (response.finish_reason === 'length') return fallback(card, cutTwiceMessage(backend.spec, 'a message', maxTokens));
    text = cleanAsk(response.text);
  } catch (error) {
    const stop = runStopFor(error, 'writer');
    if (stop) throw stop;
    return fallback(
      card,
      ModelCallError.isInstance(error) ? error.message : `${backend.spec}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (text === '') return fallback(card, `${backend.spec} wrote an empty message`);
  if (text.length > MAX_ASK_CHARS) return fallback(card, `${backend.spec} wrote ${text.length} characters, not an opening message`);
  return { ask: text, writer_model: backend.spec };
}

/**
 * One of the five arms with a model writing the words: the arm still chooses the situation and the person (so the
 * grid, the bandit and the seeded persona are unchanged), and each card is worded by the model just before it rolls
 * out. When the model fails (a message cut at the token limit twice included), the template's words stand, the row
 * says `writer_model: "template"` and carries `generator_fallback`, and the error reaches `search.writer_errors`. A
 * refused key or an empty account stops the run (`writer_auth_failed` / `writer_quota_exceeded`).
 */
export function withModelWording(writer: Writer, backend: ModelBackend, options: ModelWordingOptions = {}): Writer {
  return {
    arm: writer.arm,
    model: backend.spec,
    async propose(request) {
      const situations = await writer.propose(request);
      return situations.map((cards) =>
        cards.map((card) => {
          let worded: Promise<CardWording> | undefined;
          return { ...card, reword: () => (worded ??= wordCard(card, request, backend, options)) };
        }),
      );
    },
  };
}
