import { z } from 'zod';
import { Message } from './message';
import { Persona, Situation, WriterArm } from './situation';

export const ENDED_BY = ['agent', 'user_left', 'max_turns', 'agent_error'] as const;
export const FINISH_REASONS = ['stop', 'length', 'tool', 'error'] as const;

/**
 * One simulated conversation, ungraded. The system prompt and tool schemas are the run's
 * (stored once per run, joined on export); `messages` starts with the first user turn.
 */
export const Row = z.object({
  /** Stable for a seed: the same run settings give the same ids. */
  id: z.string().min(1),
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
});
export type Row = z.infer<typeof Row>;
