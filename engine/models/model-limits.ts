import type { ModelProvider, ModelSpec } from './model-spec';

/**
 * The temperatures each provider accepts, inclusive. Anthropic's Messages API refuses anything above 1 with a 400;
 * OpenAI takes 0 to 2, and OpenAI-compatible servers follow it.
 */
export const TEMPERATURE_RANGES: Readonly<Record<ModelProvider, readonly [number, number]>> = {
  openai: [0, 2],
  anthropic: [0, 1],
  compatible: [0, 2],
};

export function temperatureRange(model: ModelSpec): readonly [number, number] {
  return TEMPERATURE_RANGES[model.provider];
}

/** One of our own draws (the writer's per-batch temperature) moved into the model's range; as is when the model is unknown. */
export function clampTemperature(model: ModelSpec | undefined, temperature: number): number {
  if (model === undefined) return temperature;
  const [low, high] = temperatureRange(model);
  return Math.min(high, Math.max(low, temperature));
}

/** Why a temperature the person set cannot be sent to the model, naming the range; undefined when it can. */
export function temperatureProblem(model: ModelSpec, temperature: number): string | undefined {
  const [low, high] = temperatureRange(model);
  if (temperature >= low && temperature <= high) return undefined;
  return (
    `${model.spec} takes a temperature from ${low} to ${high} (the ${model.provider} API refuses others), not ${temperature}: ` +
    'set one in that range.'
  );
}

/** OpenAI's reasoning models and their open-weight kin: the o-series, gpt-5 (not its -chat models) and gpt-oss. */
const REASONING_NAME = /^(o\d|gpt-5(?!.*-chat)|gpt-oss)/i;

/** Whether the model spends hidden reasoning tokens out of the same cap as its answer (as vercel/ai reads model names). */
export function isReasoningModel(model: ModelSpec | undefined): boolean {
  if (model === undefined || model.provider === 'anthropic') return false;
  const name = model.model.split('/').at(-1) ?? model.model;
  return REASONING_NAME.test(name);
}

/**
 * The output cap of a reasoning model: `max_completion_tokens` counts its reasoning too, and OpenAI's guide asks to
 * leave at least 25,000 tokens for reasoning and answer, or a short answer can come back empty, cut by its reasoning.
 */
export const REASONING_MAX_TOKENS = 25_000;

/** The cap to send for an answer of about `answerTokens`: room for the reasoning on a reasoning model, else as given. */
export function outputCap(model: ModelSpec | undefined, answerTokens: number): number {
  return isReasoningModel(model) ? Math.max(answerTokens, REASONING_MAX_TOKENS) : answerTokens;
}
