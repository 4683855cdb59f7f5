import { z } from 'zod';
import { Dimensions } from './axes';
import { JUDGE_COMMAND_MODES } from './grade';
import { Spec } from './spec';

/**
 * `mode`: what the budget is spent on (SDK-REFERENCE 2). `explore` new coverage; `sft` several wordings and
 * completions per situation to choose among; `rl` several rollouts per prompt so pass rates and groups exist;
 * `adaptive` a mix of new situations and re-runs of uncertain ones, shaped by the time budget.
 */
export const MODES = ['explore', 'sft', 'rl', 'adaptive'] as const;
export const Mode = z.enum(MODES);
export type Mode = z.infer<typeof Mode>;

/**
 * `repeat_policy`: how a prompt's k rollouts are spent. `fixed` runs all k at once; `none` too (k is 1 unless
 * set); `successive` runs DEFAULT_PROBE (2) first and the rest only where those disagree; `adaptive` runs one first
 * and the rest only where the outcome is uncertain (a failed rollout, or a cell that showed more than one behaviour).
 */
export const REPEAT_POLICIES = ['none', 'adaptive', 'successive', 'fixed'] as const;
export const RepeatPolicy = z.enum(REPEAT_POLICIES);
export type RepeatPolicy = z.infer<typeof RepeatPolicy>;

/** The settings a mode fills when the person left them unset. */
export const MODE_SETTINGS = ['phrasings', 'repeats', 'fault_rate', 'prefer_success'] as const;
export const ModeSetting = z.enum(MODE_SETTINGS);
export type ModeSetting = z.infer<typeof ModeSetting>;

/**
 * `until`: `compute` runs to the budget (or situations, or tasks); `saturation` also stops once every planned cell
 * has SATURATION_COPIES rows, or coverage plateaus; `first` also stops once every planned pair is covered, or coverage
 * plateaus (SDK-REFERENCE 2, 5.4).
 */
export const UNTIL_MODES = ['compute', 'saturation', 'first'] as const;
export const Until = z.enum(UNTIL_MODES);
export type Until = z.infer<typeof Until>;

/** A model per role; an absent role uses the built-in offline default, and the run says so. */
export const RoleModels = z.object({
  agent: z.string().min(1).optional(),
  simulator: z.string().min(1).optional(),
  user_model: z.string().min(1).optional(),
  judge: z.string().min(1).optional(),
});
export type RoleModels = z.infer<typeof RoleModels>;

/**
 * The run's grader in the loop (SDK `grader=`): the judge `wai grade --judge` takes (`conduct`, `command:"..."`,
 * `module:PATH`, a model rubric judge, `decision:<model>`). Its reward drives the failure mutations and the repeat
 * policies, and each row keeps its grade.
 */
export const RunGrader = z
  .object({
    judge: z.string().trim().min(1),
    /** A command or module judge's version; filled from its text and files' contents when left out. */
    version: z.string().trim().min(1).max(200).optional(),
    name: z.string().trim().min(1).max(200).optional(),
    /** A model rubric judge's rubric (default: built from the policy rules). */
    rubric: z.string().min(1).max(20_000).optional(),
    mode: z.enum(JUDGE_COMMAND_MODES).default('per-row'),
    /** Where a command judge runs and a module path is read from: filled with the starting process's folder. */
    cwd: z.string().min(1).optional(),
  })
  .strict();
export type RunGrader = z.infer<typeof RunGrader>;

/** `patience=`: every person's walk-away level, or `mixed`, each person's own from their stance and pressure. */
export const PATIENCE_SETTINGS = ['mixed', 'normal', 'short', 'endless'] as const;
export const PatienceSetting = z.enum(PATIENCE_SETTINGS);
export type PatienceSetting = z.infer<typeof PatienceSetting>;

export const RunSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('describe'), sentence: z.string().trim().min(3, 'describe the behaviour in a sentence') }),
  z.object({ kind: z.literal('spec'), spec: Spec }),
]);

export const RunConfig = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  source: RunSource,
  models: RoleModels.default({}),
  /** Row cap (DEFAULT_BUDGET 1000). */
  budget: z.number().int().min(1).max(1_000_000).default(1000),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .default(0),
  mode: Mode.default('explore'),
  /** When the run may stop before its budget; configs stored before this field existed read as `compute`. */
  until: Until.default('compute'),
  /** N distinct worlds; unset lets the grid decide. */
  situations: z.number().int().min(1).optional(),
  /** n wordings of one world. */
  phrasings: z.number().int().min(1).max(64).default(1),
  /** k independent rollouts of one wording. */
  repeats: z.number().int().min(1).max(64).default(1),
  /** Keep share of fault-tagged grid cells, not a per-call rate (DEFAULT_FAULT_RATE 0.5). */
  fault_rate: z.number().min(0).max(1).default(0.5),
  /** Flip nine in ten fault cells to success on a cold start. */
  prefer_success: z.boolean().default(true),
  /**
   * Fix one or more axis values in every planned cell ("fill this cell"): the covering array spans the other
   * axes and the writers keep these values or stand down. Each value must be one of the spec's axis values.
   */
  aim: Dimensions.partial().strict().optional(),
  /** A previous run's task set (`tasks=`): re-run exactly its situations and prompts, e.g. with another agent. */
  replay_of: z.string().min(1).optional(),
  concurrency: z.number().int().min(1).max(256).default(8),
  /** Model agents: each turn keeps its summed log-probability and token count; `tokens` keeps the per-token list too. */
  logprobs: z.union([z.boolean(), z.literal('tokens')]).optional(),
  /**
   * Model agents' sampling temperature, sent only when set (as the OpenAI and Anthropic clients do); within the agent
   * provider's range (Anthropic 0 to 1, checked before the run); dropped for models that refuse one.
   */
  temperature: z.number().min(0).max(2).optional(),
  /** Seconds one model call may take before it counts as an agent error (default 300). */
  timeout: z.number().positive().max(3600).optional(),
  /** How each prompt's k rollouts are spent; unset uses the mode's (`successive` in rl, `adaptive` in sft and adaptive). */
  repeat_policy: RepeatPolicy.optional(),
  /**
   * Seconds the run may take (`time_budget`): it stops after the batch in which they ran out
   * (`stopped_because="time_budget"`). Where it stops depends on the machine, so such a run is not reproducible
   * row for row. Unset: no clock.
   */
  time_budget: z
    .number()
    .positive()
    .max(30 * 24 * 3600)
    .optional(),
  /**
   * The mode settings the person set (`set_by_caller`): they win over the mode's defaults. A setting not listed
   * counts as set when it differs from explore's default; the others are filled by the mode.
   */
  set_by_caller: z.array(ModeSetting).optional(),
  /** The run's grader in the loop; unset: the conduct checks give the in-loop reward. */
  grader: RunGrader.optional(),
  /** Share of the grid writer's situations from the hard tiers (ambiguous, boundary, adversarial); unset: HARD_SHARE 0.40. */
  hard_share: z.number().min(0).max(1).optional(),
  /** Every person's patience; unset reads as `mixed`. */
  patience: PatienceSetting.optional(),
  /** Thread length target (DEFAULT_AVG_TURNS 12): the person speaks at most avg_turns // 2 times; unset: the default. */
  avg_turns: z.number().min(1).max(200).optional(),
});
export type RunConfig = z.infer<typeof RunConfig>;
export type RunConfigInput = z.input<typeof RunConfig>;

/** What a mode sets when the person did not (SDK `_MODE_PRESETS` with the defaults in SDK-REFERENCE 1). */
export interface ModePreset {
  /** n: RL 1, SFT_PHRASINGS_PER_SITUATION 3, adaptive at most 3. */
  phrasings: number;
  /** k: RL_ROLLOUTS_PER_PROMPT 8, SFT_COMPLETIONS_PER_PROMPT 4; adaptive 3 (2 on a clock under 90 s). */
  repeats: number;
  repeat_policy: RepeatPolicy;
  /** DEFAULT_FAULT_RATE 0.5, RL_FAULT_RATE 0.8. */
  fault_rate: number;
  /** Off only in rl. */
  prefer_success: boolean;
}

export const MODE_PRESETS: Readonly<Record<Mode, ModePreset>> = {
  explore: { phrasings: 1, repeats: 1, repeat_policy: 'none', fault_rate: 0.5, prefer_success: true },
  sft: { phrasings: 3, repeats: 4, repeat_policy: 'adaptive', fault_rate: 0.5, prefer_success: true },
  rl: { phrasings: 1, repeats: 8, repeat_policy: 'successive', fault_rate: 0.8, prefer_success: false },
  adaptive: { phrasings: 3, repeats: 3, repeat_policy: 'adaptive', fault_rate: 0.5, prefer_success: true },
};

/** Adaptive's k on a short clock: 2 under ADAPTIVE_K_LONG_FROM_S (90 s) unless the run walks to saturation. */
const ADAPTIVE_K_SHORT = 2;
const ADAPTIVE_K_LONG_FROM_S = 90;

/** A run's mode settings before resolution: an unset setting is the mode's to fill. */
export interface ModeRequest {
  mode?: Mode;
  phrasings?: number;
  repeats?: number;
  fault_rate?: number;
  prefer_success?: boolean;
  repeat_policy?: RepeatPolicy;
  /** Seconds. */
  time_budget?: number;
  until?: Until;
}

/** The settings a run runs under, and which of them the mode filled (the person set the rest). */
export interface ModeSettings extends ModePreset {
  mode: Mode;
  /** Settings filled by the mode, in MODE_SETTINGS order, `repeat_policy` last when the mode chose it. */
  from_mode: (ModeSetting | 'repeat_policy')[];
}

/** The mode's defaults under the person's settings: a setting the person set always wins (SDK `resolve_topology`). */
export function resolveModeSettings(request: ModeRequest): ModeSettings {
  const mode = request.mode ?? 'explore';
  const preset = { ...MODE_PRESETS[mode] };
  const walksGrid = request.until === 'saturation' || request.until === 'first';
  if (mode === 'adaptive' && request.time_budget !== undefined && request.time_budget < ADAPTIVE_K_LONG_FROM_S && !walksGrid) {
    preset.repeats = ADAPTIVE_K_SHORT;
  }
  const from_mode: ModeSettings['from_mode'] = MODE_SETTINGS.filter((setting) => request[setting] === undefined);
  if (request.repeat_policy === undefined) from_mode.push('repeat_policy');
  return {
    mode,
    phrasings: request.phrasings ?? preset.phrasings,
    repeats: request.repeats ?? preset.repeats,
    fault_rate: request.fault_rate ?? preset.fault_rate,
    prefer_success: request.prefer_success ?? preset.prefer_success,
    repeat_policy: request.repeat_policy ?? preset.repeat_policy,
    from_mode,
  };
}

/**
 * The mode settings a stored config names as the person's: those in `set_by_caller`, and any that differs from
 * explore's default (a config written without `set_by_caller` keeps every value it states).
 */
export function explicitModeSettings(
  config: Pick<RunConfig, ModeSetting | 'set_by_caller' | 'repeat_policy'>,
): Omit<ModeRequest, 'mode' | 'time_budget' | 'until'> {
  const listed = new Set(config.set_by_caller ?? []);
  const explore = MODE_PRESETS.explore;
  const isSet = (setting: ModeSetting) => listed.has(setting) || config[setting] !== explore[setting];
  return {
    ...(isSet('phrasings') ? { phrasings: config.phrasings } : {}),
    ...(isSet('repeats') ? { repeats: config.repeats } : {}),
    ...(isSet('fault_rate') ? { fault_rate: config.fault_rate } : {}),
    ...(isSet('prefer_success') ? { prefer_success: config.prefer_success } : {}),
    ...(config.repeat_policy === undefined ? {} : { repeat_policy: config.repeat_policy }),
  };
}

/** The settings a stored run ran under: its mode's defaults where the person left a setting unset. */
export function modeSettingsOf(
  config: Pick<RunConfig, ModeSetting | 'set_by_caller' | 'repeat_policy' | 'mode' | 'time_budget' | 'until'>,
): ModeSettings {
  return resolveModeSettings({
    mode: config.mode,
    ...explicitModeSettings(config),
    ...(config.time_budget === undefined ? {} : { time_budget: config.time_budget }),
    until: config.until,
  });
}

export const RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'failed', 'interrupted'] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

/** `coverage.pairwise`: plain arithmetic over the rows actually produced. */
export const PairwiseCoverage = z.object({
  pairs_planned: z.number().int().nonnegative(),
  pairs_covered: z.number().int().nonnegative(),
  /** covered / planned to 4 dp; null when nothing was planned. */
  fraction: z.number().min(0).max(1).nullable(),
});
export type PairwiseCoverage = z.infer<typeof PairwiseCoverage>;

export const Run = z.object({
  id: z.string().min(1),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  status: RunStatus,
  config: RunConfig,
  /** The stored spec the run was built from (drafted from the sentence, or given). */
  spec_id: z.string().nullable(),
  rows_done: z.number().int().nonnegative(),
  stopped_because: z.string().nullable(),
  degraded: z.array(z.string()),
  warnings: z.array(z.string()),
  pairwise: PairwiseCoverage.nullable(),
  error: z.string().nullable(),
});
export type Run = z.infer<typeof Run>;

/** A run as the runs list shows it: the stored run plus counts computed in SQL. */
export const RunSummary = Run.extend({
  n_graded: z.number().int().nonnegative(),
  n_pass: z.number().int().nonnegative(),
});
export type RunSummary = z.infer<typeof RunSummary>;
