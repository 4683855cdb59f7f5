import { z } from 'zod';

export * from './verdict';

export const JUDGE_STATUSES = ['ok', 'missing_reward', 'invalid_result', 'error', 'timeout'] as const;
export const JudgeStatus = z.enum(JUDGE_STATUSES);

export const LABEL_SOURCES = ['conduct', 'judge', 'decision', 'custom'] as const;

/** `per-row`: one process per row; `server`: one long-lived process answering one JSON line per row. */
export const JUDGE_COMMAND_MODES = ['per-row', 'server'] as const;

/** Who made a grade: enough to tell two judges, or two versions of one, apart. */
export const Provenance = z.object({
  judge: z.string().min(1),
  model: z.string().nullable(),
  rubric_hash: z.string().nullable(),
  settings: z.record(z.string(), z.unknown()),
  version: z.string().nullable(),
});
export type Provenance = z.infer<typeof Provenance>;

/**
 * The text that fired a conduct rule: message index and character offsets into its content, or, with
 * `tool_call_id`, into the JSON text of that call's arguments.
 */
export const TextSpan = z.object({
  message_index: z.number().int().nonnegative(),
  start: z.number().int().nonnegative(),
  end: z.number().int().nonnegative(),
  tool_call_id: z.string().optional(),
});
export type TextSpan = z.infer<typeof TextSpan>;

export const Grade = z.object({
  row_id: z.string().min(1),
  /** 0..1, or null when the judge produced none (see judge_status): never a silent 0. */
  reward: z.number().min(0).max(1).nullable(),
  reason: z.string(),
  judge_status: JudgeStatus,
  label_source: z.enum(LABEL_SOURCES),
  failure_class: z.string().nullable(),
  unsure: z.boolean(),
  span: TextSpan.nullable(),
  /** What the judge said beyond its verdict (the conduct rule id, a decision judge's confidence, an error). */
  judge_meta: z.record(z.string(), z.unknown()),
  provenance: Provenance,
  created_at: z.string(),
});
export type Grade = z.infer<typeof Grade>;
