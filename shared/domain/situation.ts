import { z } from 'zod';
import { Dimensions } from './axes';

export const FAULT_MODES = ['timeout', 'malformed', 'stale', 'permission_denied'] as const;
export const FaultMode = z.enum(FAULT_MODES);
export type FaultMode = z.infer<typeof FaultMode>;

/** A scheduled fault: `rate` is the share of calls (0..1) that fault, decided per call by a seeded hash. */
export const FaultPlan = z.object({ mode: FaultMode, rate: z.number().min(0).max(1) });
export type FaultPlan = z.infer<typeof FaultPlan>;

/** Where a situation came from: one of the five writer arms. */
export const WRITER_ARMS = ['structured', 'llm_guided', 'open_ended', 'behavior_targeted', 'failure_mutation'] as const;
export const WriterArm = z.enum(WRITER_ARMS);
export type WriterArm = z.infer<typeof WriterArm>;

/** A point of the grid made concrete: its coordinate, the world it happens in and the faults scheduled for it. */
export const Situation = z.object({
  /** `sc-` + 10 hex of the coordinate's hash for grid cells; stable across runs of the same spec. */
  scenario_id: z.string().min(1),
  dimensions: Dimensions,
  world_state: z.string(),
  /** Tool name, or `*` for every tool, to the fault scheduled for it. */
  faults: z.record(z.string(), FaultPlan),
});
export type Situation = z.infer<typeof Situation>;

export const PATIENCE_LEVELS = ['normal', 'short', 'endless'] as const;
export const Patience = z.enum(PATIENCE_LEVELS);

/** The simulated person: sampled once per conversation and the same on every turn. */
export const Persona = z.object({
  stance: z.string(),
  /** Style labels (texture, tone, length, pressure...). The writer never sees them, only `aside`. */
  tags: z.array(z.string()),
  /** The prose the user writer received instead of the labels. */
  aside: z.string(),
  patience: Patience,
});
export type Persona = z.infer<typeof Persona>;
