import { z } from 'zod';
import { Message } from './message';
import { Persona, Situation, WriterArm } from './situation';

/** Why a situation exists beyond the grid: a mutation of a failing row, a probe, an aimed behaviour shape. */
export const RowLineage = z.object({
  /** Ordinal of the row this one mutates (`failure_mutation`). */
  mutated_from: z.number().int().nonnegative().optional(),
  aim: z.enum(['graded_failure', 'world_fault']).optional(),
  mutated_axis: z.string().optional(),
  probe: z.string().optional(),
  target_shape: z.string().optional(),
  /** A situation the simulator model wrote (`llm_guided`): what it was aimed at. */
  written_for: z.enum(['open_pairs', 'failure_region', 'grid_cell']).optional(),
  /** The planned pairs still open that the situation's coordinate fills, each as `axis=value × axis=value`. */
  open_pairs: z.array(z.string()).optional(),
  /** The ordinal of the failing rollout whose region the situation explores. */
  near_failure: z.number().int().nonnegative().optional(),
  /** The model writer's restarts before it wrote this (each restart rotates its seed by 997). */
  writer_restart: z.number().int().nonnegative().optional(),
});
export type RowLineage = z.infer<typeof RowLineage>;

/** How the agent under test was sampled (SDK `sampling`); only model agents carry it. */
export const Sampling = z.object({
  model: z.string(),
  /** null when the model refused a temperature and ran at its default. */
  temperature: z.number().nullable(),
  max_tokens: z.number().int().positive().nullable(),
  logprobs: z.union([z.boolean(), z.literal('tokens')]),
});
export type Sampling = z.infer<typeof Sampling>;

export const ENDED_BY = ['agent', 'user_left', 'max_turns', 'agent_error'] as const;
export const FINISH_REASONS = ['stop', 'length', 'tool', 'error'] as const;

/**
 * One simulated conversation, ungraded. The system prompt and tool schemas are the run's
 * (stored once per run, joined on export); `messages` starts with the first user turn.
 */
export const Row = z.object({
  /** Stable for a seed: the same spec and settings give the same ids (the store keys rows by run and ordinal). */
  rollout_id: z.string().min(1),
  /** Position in the run's plan (0-based); with the seed it fixes everything random about the row. */
  ordinal: z.number().int().nonnegative(),
  situation: Situation,
  persona: Persona,
  writer: WriterArm,
  /** `template` for the offline writer, else the model spec that wrote the situation. */
  writer_model: z.string(),
  user_model: z.string(),
  agent_model: z.string(),
  phrasing_index: z.number().int().nonnegative(),
  rollout_index: z.number().int().nonnegative(),
  prompt: z.string(),
  messages: z.array(Message),
  final_text: z.string(),
  ended_by: z.enum(ENDED_BY),
  finish_reason: z.enum(FINISH_REASONS),
  behavior_signature: z.string(),
  /** What the seeded demo agent planted, `[]` when clean or for other agents. */
  seeded: z.array(z.string()),
  degraded: z.array(z.string()),
  lineage: RowLineage,
  /** `<model>@<sha16 of the system prompt>` (SDK `policy_version`); model agents only. */
  policy_version: z.string().optional(),
  sampling: Sampling.optional(),
  /** Tokens the agent's model read and wrote over the conversation; model agents only. */
  usage: z.object({ input_tokens: z.number().int().nonnegative(), output_tokens: z.number().int().nonnegative() }).optional(),
  /**
   * What the judge and the leak check may read but training data must never carry (`hidden_state`, `reference`,
   * `principle`, `rubric`): kept in the store, scrubbed from every export at any depth.
   */
  privileged: z.record(z.string(), z.string()).optional(),
});
export type Row = z.infer<typeof Row>;
