import type { Spec } from '../../shared/domain';

export interface DraftOptions {
  /** Same sentence + seed -> the same spec. Varies only harmless choices (identifiers, the agent's name). */
  seed: number;
}

export interface DraftResult {
  spec: Spec;
  /** What a person should read before running the spec (no domain matched, rule axis capped, ...). */
  warnings: string[];
}

/** Drafts a Spec from one sentence. The offline drafter implements it; a model-backed drafter can replace it. */
export interface SpecDrafter {
  /** `offline`, or the model spec that drafted. */
  readonly name: string;
  draft(sentence: string, options: DraftOptions): Promise<DraftResult>;
}
