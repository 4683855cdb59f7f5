import { MODE_PRESETS, resolveModeSettings, type ModeSettings, type Until } from '../../shared/domain';
import type { SimulateOptions } from './simulate-options';

/** `DEFAULT_PROBE`: rollouts a prompt gets under `successive` before the run decides whether its group splits. */
export const DEFAULT_PROBE = 2;

/** The adaptive mix (SDK `adaptive_allocator`): explore rises from 30% on a 15 s clock to 80% at three minutes. */
const ADAPTIVE_EXPLORE_MIN = 0.3;
const ADAPTIVE_EXPLORE_MAX = 0.8;
const ADAPTIVE_CLOCK_LO_S = 15;
const ADAPTIVE_CLOCK_SPAN_S = 165;
/** A run walking to saturation keeps covering the grid even on a short clock. */
const ADAPTIVE_SAT_MIN_CLOCK_S = 120;
/** No clock reads as ten minutes. */
const DEFAULT_CLOCK_S = 600;

/** How a run spends its budget once its mode is resolved. */
export interface RunMode {
  settings: ModeSettings;
  /** Rollouts each prompt gets at once; the rest of its k waits on how those came out. */
  initial_repeats: number;
  /**
   * Share of each batch's rows that re-runs of earlier prompts may take (adaptive's `1 - explore`); 1 when they
   * are not capped.
   */
  rerun_share: number;
  /** Plain sentences for the run's warnings: which defaults the mode applied, and what a clock costs. */
  warnings: string[];
}

/**
 * Resolves the run's mode: its defaults fill the settings the caller left unset (an explicit setting always wins,
 * SDK `resolve_topology`), and the repeat policy says how many of each prompt's k rollouts run at once. A replay
 * keeps the earlier run's task set, so the mode's wordings and repeats do not apply to it.
 */
export function runModeFor(
  options: Pick<
    SimulateOptions,
    'mode' | 'phrasings' | 'repeats' | 'fault_rate' | 'prefer_success' | 'repeat_policy' | 'time_budget' | 'until' | 'replay'
  >,
): RunMode {
  const requested = resolveModeSettings({
    ...(options.mode === undefined ? {} : { mode: options.mode }),
    ...(options.phrasings === undefined ? {} : { phrasings: options.phrasings }),
    ...(options.repeats === undefined ? {} : { repeats: options.repeats }),
    ...(options.fault_rate === undefined ? {} : { fault_rate: options.fault_rate }),
    ...(options.prefer_success === undefined ? {} : { prefer_success: options.prefer_success }),
    ...(options.repeat_policy === undefined ? {} : { repeat_policy: options.repeat_policy }),
    ...(options.time_budget === undefined ? {} : { time_budget: options.time_budget }),
    ...(options.until === undefined ? {} : { until: options.until }),
  });
  const warnings: string[] = [];
  const settings: ModeSettings = options.replay
    ? {
        ...requested,
        phrasings: options.phrasings ?? 1,
        repeats: options.repeats ?? 1,
        repeat_policy: 'fixed',
        from_mode: requested.from_mode.filter((setting) => setting !== 'phrasings' && setting !== 'repeats' && setting !== 'repeat_policy'),
      }
    : requested;
  if (options.replay && settings.mode !== 'explore') {
    warnings.push(
      `A replay runs the earlier run's task set as it was: mode ${settings.mode}'s wordings, repeats ` +
        `and repeat policy do not apply (repeats is ${settings.repeats}; set repeats to change it).`,
    );
  }
  const applied = appliedDefaults(settings);
  if (applied.length > 0)
    warnings.push(`Mode ${settings.mode} filled the settings left unset: ${applied.join(', ')}. Set any of them to override it.`);
  if (options.time_budget !== undefined) {
    warnings.push(
      `This run has a time budget of ${options.time_budget} s: it stops after the batch in which the ` +
        `time runs out, so where it stops depends on this machine and the run is not reproducible row ` +
        `for row (the rows up to that point are the same for the same seed).`,
    );
  }
  return {
    settings,
    initial_repeats: initialRepeats(settings),
    rerun_share:
      settings.mode === 'adaptive' && !options.replay ? 1 - adaptiveExploreShare(options.time_budget, options.until ?? 'compute') : 1,
    warnings,
  };
}

/** `k_immediate`: `fixed` and `none` run every rollout at once; `successive` probes; `adaptive` runs one unless k was set, or in rl. */
function initialRepeats(settings: ModeSettings): number {
  const { repeats } = settings;
  switch (settings.repeat_policy) {
    case 'fixed':
    case 'none':
      return repeats;
    case 'successive':
      return Math.min(repeats, DEFAULT_PROBE);
    case 'adaptive':
      return !settings.from_mode.includes('repeats') || settings.mode === 'rl' ? repeats : 1;
    default: {
      const unreachable: never = settings.repeat_policy;
      return unreachable;
    }
  }
}

/**
 * The explore share of adaptive's mix for a clock in seconds: shorter clocks re-run more. Uses the whole clock, never
 * the time left, so the rows stay a function of the seed.
 */
export function adaptiveExploreShare(timeBudget: number | undefined, until: Until): number {
  const total = timeBudget ?? DEFAULT_CLOCK_S;
  const clock = until === 'compute' ? total : Math.max(total, ADAPTIVE_SAT_MIN_CLOCK_S);
  const scale = Math.min(1, Math.max(0, (clock - ADAPTIVE_CLOCK_LO_S) / ADAPTIVE_CLOCK_SPAN_S));
  return ADAPTIVE_EXPLORE_MIN + (ADAPTIVE_EXPLORE_MAX - ADAPTIVE_EXPLORE_MIN) * scale;
}

/** The defaults the mode applied that differ from explore's, in words (`repeats 8`, `repeat_policy successive (...)`). */
function appliedDefaults(settings: ModeSettings): string[] {
  if (settings.mode === 'explore') return [];
  const explore = MODE_PRESETS.explore;
  const words: string[] = [];
  for (const setting of settings.from_mode) {
    if (setting === 'repeat_policy') {
      if (settings.repeat_policy !== explore.repeat_policy)
        words.push(`repeat_policy ${settings.repeat_policy} (${policyWords(settings)})`);
    } else if (settings[setting] !== explore[setting]) {
      words.push(`${setting} ${String(settings[setting])}`);
    }
  }
  return words;
}

function policyWords(settings: ModeSettings): string {
  const first = initialRepeats(settings);
  const rest = settings.repeats - first;
  if (rest <= 0) return `every prompt runs ${settings.repeats} time${settings.repeats === 1 ? '' : 's'}`;
  if (settings.repeat_policy === 'successive') return `${first} probe rollouts per prompt; the other ${rest} only where those disagree`;
  return `${first} rollout per prompt; the other ${rest} only where the outcome is uncertain`;
}
