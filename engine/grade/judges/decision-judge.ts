import type { Row } from '../../../shared/domain';
import { normalizeFailureClass } from './failure-vocabulary';
import type { Judge, JudgeContext, JudgeOutput } from './judge';

/** SDK DECISION_UNSURE_BAND: a probability within this of 0.5 (0.4..0.6 inclusive) marks the row unsure. */
export const DECISION_UNSURE_BAND = 0.1;
/** Absorbs float error at the band's edges (0.6 - 0.5 is 0.09999999999999998). */
const BAND_EPSILON = 1e-9;

/** What a decision model answers for one row. */
export interface DecisionVerdict {
  /** P(pass), in [0, 1]: becomes the reward. */
  probability: number;
  /** The model's own pick of failure (any spelling; mapped onto the failure vocabulary). */
  failure_class?: string | null;
  reason?: string;
}

/** A model that returns a probability instead of a rubric score (e.g. `typesafe:jev-latest`). */
export interface DecisionModel {
  /** The model spec, stamped on provenance. */
  readonly model: string;
  /** How it samples and what it reads (temperature, max_tokens, prompt version...), stamped on provenance. */
  readonly settings?: Record<string, unknown>;
  decide(row: Row, context: JudgeContext): Promise<DecisionVerdict>;
}

export interface DecisionJudgeOptions {
  /** Defaults to `decision`. */
  name?: string;
  /** Defaults to `<model>@decision`. */
  version?: string;
  /** Defaults to the model's own settings. */
  settings?: Record<string, unknown>;
  /** What the model's calls went through (retries, refused settings), for the grade report. */
  notes?: () => string[];
}

/** A decision judge's default version: the model, so another model is another judge. */
export function decisionVersion(model: string): string {
  return `${model}@decision`;
}

export function isUnsure(probability: number): boolean {
  return Math.abs(probability - 0.5) <= DECISION_UNSURE_BAND + BAND_EPSILON;
}

/**
 * A judge over a decision model: reward = probability, `failure_class` its pick mapped onto the vocabulary (the
 * raw pick kept as `judge_meta.failure_class_raw` when it differs), `judge_meta.confidence` the probability, and
 * `unsure` when it lies within DECISION_UNSURE_BAND of 0.5. A probability that is not a number in [0, 1] is
 * passed through, so the grade says `invalid_result` rather than inventing a reward.
 */
export function decisionJudge(model: DecisionModel, options: DecisionJudgeOptions = {}): Judge {
  return {
    name: options.name ?? 'decision',
    label_source: 'decision',
    // Read per grade: the model's settings are those sent so far.
    get provenance() {
      return {
        judge: options.name ?? 'decision',
        model: model.model,
        rubric_hash: null,
        settings: options.settings ?? model.settings ?? {},
        version: options.version ?? decisionVersion(model.model),
      };
    },
    ...(options.notes ? { notes: options.notes } : {}),
    async judge(row, context): Promise<JudgeOutput> {
      const verdict = await model.decide(row, context);
      const probability: unknown = verdict.probability;
      if (typeof probability !== 'number' || !(probability >= 0 && probability <= 1)) {
        return { reward: probability, reason: verdict.reason ?? '' } as JudgeOutput;
      }
      const failureClass = normalizeFailureClass(verdict.failure_class);
      const meta: Record<string, unknown> = { confidence: probability, unsure: isUnsure(probability) };
      const raw = verdict.failure_class;
      if (typeof raw === 'string' && raw.trim() !== '' && raw !== failureClass) meta['failure_class_raw'] = raw;
      return {
        reward: probability,
        reason: verdict.reason ?? '',
        failure_class: failureClass,
        judge_meta: meta,
      };
    },
  };
}
