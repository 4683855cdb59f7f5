import type { Provenance } from '../../../shared/domain';
import { shortHash } from '../../seeded';

/** Hex characters kept from a rubric's SHA-256 (SDK SHORT_HASH_CHARS). */
export const RUBRIC_HASH_CHARS = 16;

/**
 * The hash that names a rubric: a rubric edit is a new judge. Line endings and trailing whitespace are
 * normalised first, so the same rubric saved on another system keeps its hash.
 */
export function rubricHash(rubric: string): string {
  const normalized = rubric
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
  return shortHash(normalized, RUBRIC_HASH_CHARS);
}

export interface RubricJudgeSettings {
  /** The model spec that reads the rubric. */
  model: string;
  rubric: string;
  /** Sampling and payload settings (temperature, max_tokens, payload_chars...). */
  settings: Record<string, unknown>;
  /** Defaults to `rubric`. */
  name?: string;
}

/**
 * Provenance for a model-backed rubric judge (the model call arrives with the backends): the SDK's
 * `version = "<model>@<rubric hash>"`, so changing either the model or one word of the rubric is a new judge.
 */
export function rubricProvenance(settings: RubricJudgeSettings): Provenance {
  const hash = rubricHash(settings.rubric);
  return {
    judge: settings.name ?? 'rubric',
    model: settings.model,
    rubric_hash: hash,
    settings: settings.settings,
    version: `${settings.model}@${hash}`,
  };
}
