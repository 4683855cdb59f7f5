import type { LABEL_SOURCES, Provenance, Row } from '../../../shared/domain';

export type LabelSource = (typeof LABEL_SOURCES)[number];

/**
 * What a judge returns (the SDK's judge contract): a bare number in [0, 1], a boolean, or an object with
 * `reward` (or `score`) and optionally `reason`, `failure_class`, `markers` ({name: number}, 1.0 = good),
 * `unsure`, `span`, a nested `judge_meta` object, and any other keys (kept in judge_meta). Anything else is
 * reported as `invalid_result` or `missing_reward` by `normalizeJudgeResult`, never read as 0.
 */
export type JudgeOutput = number | boolean | Readonly<Record<string, unknown>>;

export interface JudgeContext {
  /** The run's declared tool names (empty when unknown). */
  declared_tools: readonly string[];
  /**
   * Resolves when `runJudge` stops waiting for this row (its timeout passed). A judge holding a resource for
   * the row (a child process, a request) releases it then; its late answer is ignored.
   */
  abandoned: Promise<void>;
}

/** One grader behind one interface: conduct checks, a rubric model, a decision model, or a custom judge. */
export interface Judge {
  /** Shown in tables and stored as the grade's judge name (`conduct`, `lambda_judge`, a display name). */
  readonly name: string;
  readonly label_source: LabelSource;
  /**
   * Who made the grade: stamped on every grade this judge produces, read as each row's answer lands (a model judge's
   * settings are those it sent, so a temperature the model refused reads null).
   */
  readonly provenance: Provenance;
  /** Read the judge's number as a rating on [lo, hi] (hi > lo) and map it to [0, 1]. */
  readonly scale?: readonly [number, number];
  /** The most rows this judge can take at once (a JSON-lines server: 1); `runJudge` never exceeds it. */
  readonly max_concurrency?: number;
  judge(row: Row, context: JudgeContext): Promise<JudgeOutput>;
  /** What the judge's model calls went through so far (retries, refused settings), as sentences for the grade report. */
  notes?(): string[];
  /** Releases what the judge keeps between rows (a JSON-lines server). Safe to call twice. */
  close?(): Promise<void>;
}
