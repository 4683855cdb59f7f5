import { parseModelSpec } from './model-spec';

/** Model lineages a judge should not share with the policy it grades (self-preference, Zheng et al. 2023). */
const FAMILIES: readonly (readonly [string, RegExp])[] = [
  ['claude', /claude/],
  ['gpt', /(^|[/:])(gpt|chatgpt|o\d)([-.]|$)|gpt-oss/],
  ['llama', /llama/],
  ['qwen', /qwen|qwq/],
  ['phi', /(^|[/-])phi[-_\d]/],
  ['mistral', /mistral|mixtral|ministral|codestral|magistral/],
  ['gemini', /gemma|gemini/],
  ['deepseek', /deepseek/],
  ['command', /command-r|cohere/],
  ['granite', /granite/],
];

/** The family a model spec belongs to (`claude`, `gpt`, `llama`, `qwen`...), or undefined when unknown. */
export function modelFamily(spec: string): string | undefined {
  let model: string;
  try {
    model = parseModelSpec(spec).model.toLowerCase();
  } catch {
    return undefined;
  }
  return FAMILIES.find(([, pattern]) => pattern.test(model))?.[0];
}
