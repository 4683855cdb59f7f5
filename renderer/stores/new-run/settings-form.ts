import { z } from 'zod';
import { issuesOf, type Issue } from '../../../shared/api';
import {
  explicitModeSettings,
  resolveModeSettings,
  RunConfig,
  type Mode,
  type ModeSetting,
  type ModeSettings,
  type PatienceSetting,
  type RepeatPolicy,
  type RoleModels,
  type Until,
} from '../../../shared/domain';

export const ROLES = ['agent', 'simulator', 'user_model', 'judge'] as const satisfies readonly (keyof RoleModels)[];
export type Role = (typeof ROLES)[number];

/** The run settings as the form holds them: text as typed, so a half-typed number is never lost. */
export interface SettingsForm {
  name: string;
  /** Blank = the built-in offline model for that role. */
  models: Record<Role, string>;
  budget: string;
  seed: string;
  /** Blank = the grid decides. */
  situations: string;
  /** Blank = the mode's default (the same for repeats and fault_rate). */
  phrasings: string;
  repeats: string;
  fault_rate: string;
  /** null = the mode's default (off in rl). */
  prefer_success: boolean | null;
  concurrency: string;
  mode: Mode;
  /** null = the mode's policy. */
  repeat_policy: RepeatPolicy | null;
  /** When the run may stop before its budget. */
  until: Until;
  /** Minutes the run may take (`time_budget` in seconds on the run); blank = no clock. */
  time_limit: string;
  /** The grader in the loop, as `wai grade --judge` takes it; blank = the conduct checks. */
  grader: string;
  /** Blank = a command or module grader's version from its contents. */
  grader_version: string;
  /** Blank = HARD_SHARE (0.4). */
  hard_share: string;
  patience: PatienceSetting;
  /** Blank = DEFAULT_AVG_TURNS (12). */
  avg_turns: string;
}

export type SettingsField = Exclude<keyof SettingsForm, 'models' | 'prefer_success' | 'mode' | 'until' | 'repeat_policy' | 'patience'>;

/** The longest time limit, in minutes: RunConfig's time_budget ceiling (30 days). */
export const MAX_TIME_LIMIT_MINUTES = 30 * 24 * 60;

const DEFAULTS = RunConfig.parse({ source: { kind: 'describe', sentence: 'defaults' } });

export const DEFAULT_SETTINGS: SettingsForm = {
  name: '',
  models: { agent: '', simulator: '', user_model: '', judge: '' },
  budget: String(DEFAULTS.budget),
  seed: String(DEFAULTS.seed),
  situations: '',
  phrasings: '',
  repeats: '',
  fault_rate: '',
  prefer_success: null,
  concurrency: String(DEFAULTS.concurrency),
  mode: DEFAULTS.mode,
  repeat_policy: null,
  until: DEFAULTS.until,
  time_limit: '',
  grader: '',
  grader_version: '',
  hard_share: '',
  patience: 'mixed',
  avg_turns: '',
};

/** The form for a previous run's config ("New run from this run"): settings its mode filled stay blank, for the mode to fill again. */
export function formFromConfig(config: RunConfig): SettingsForm {
  const given = explicitModeSettings(config);
  return {
    name: '',
    models: {
      agent: config.models.agent ?? '',
      simulator: config.models.simulator ?? '',
      user_model: config.models.user_model ?? '',
      judge: config.models.judge ?? '',
    },
    budget: String(config.budget),
    seed: String(config.seed),
    situations: config.situations === undefined ? '' : String(config.situations),
    phrasings: given.phrasings === undefined ? '' : String(given.phrasings),
    repeats: given.repeats === undefined ? '' : String(given.repeats),
    fault_rate: given.fault_rate === undefined ? '' : String(given.fault_rate),
    prefer_success: given.prefer_success ?? null,
    concurrency: String(config.concurrency),
    mode: config.mode,
    repeat_policy: config.repeat_policy ?? null,
    until: config.until,
    time_limit: config.time_budget === undefined ? '' : String(Math.round((config.time_budget / 60) * 1000) / 1000),
    grader: config.grader?.judge ?? '',
    // A version the service filled from the grader's contents is left blank: the next run takes the contents then.
    grader_version: config.grader?.version === undefined || config.grader.version.startsWith('sha-') ? '' : config.grader.version,
    hard_share: config.hard_share === undefined ? '' : String(config.hard_share),
    patience: config.patience ?? 'mixed',
    avg_turns: config.avg_turns === undefined ? '' : String(config.avg_turns),
  };
}

/** What the run will use for each mode setting: the form's value where typed, else the mode's default. */
export function modeSettingsOfForm(form: SettingsForm): ModeSettings {
  const number = (text: string) => {
    const value = numberOf(text);
    return value === undefined || Number.isNaN(value) ? undefined : value;
  };
  const minutes = number(form.time_limit);
  const phrasings = number(form.phrasings);
  const repeats = number(form.repeats);
  const faultRate = number(form.fault_rate);
  return resolveModeSettings({
    mode: form.mode,
    until: form.until,
    ...(minutes === undefined || minutes <= 0 ? {} : { time_budget: minutes * 60 }),
    ...(phrasings === undefined ? {} : { phrasings }),
    ...(repeats === undefined ? {} : { repeats }),
    ...(faultRate === undefined ? {} : { fault_rate: faultRate }),
    ...(form.prefer_success === null ? {} : { prefer_success: form.prefer_success }),
    ...(form.repeat_policy === null ? {} : { repeat_policy: form.repeat_policy }),
  });
}

const Settings = RunConfig.omit({ source: true });
export type Settings = z.output<typeof Settings>;

function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/**
 * Checks the form with the contract's own RunConfig rules; issues are at the form's field names. Mode settings left
 * blank are not sent (the mode fills them); those typed are sent and listed in `set_by_caller`, so they win.
 */
export function settingsFromForm(form: SettingsForm): { ok: true; settings: Settings } | { ok: false; issues: Issue[] } {
  const models = Object.fromEntries(ROLES.flatMap((role) => (form.models[role].trim() ? [[role, form.models[role].trim()]] : [])));
  const required = (['budget', 'seed', 'concurrency'] as const)
    .filter((field) => form[field].trim() === '')
    .map((field) => ({ path: field, message: 'required' }));
  const given: Partial<Record<ModeSetting, number | boolean | undefined>> = {
    ...(form.phrasings.trim() === '' ? {} : { phrasings: numberOf(form.phrasings) }),
    ...(form.repeats.trim() === '' ? {} : { repeats: numberOf(form.repeats) }),
    ...(form.fault_rate.trim() === '' ? {} : { fault_rate: numberOf(form.fault_rate) }),
    ...(form.prefer_success === null ? {} : { prefer_success: form.prefer_success }),
  };
  const minutes = numberOf(form.time_limit);
  const timeLimitIssues =
    minutes === undefined || (minutes > 0 && minutes <= MAX_TIME_LIMIT_MINUTES)
      ? []
      : [
          {
            path: 'time_limit',
            message: Number.isNaN(minutes)
              ? 'a number'
              : `minutes, more than 0 and at most ${MAX_TIME_LIMIT_MINUTES.toLocaleString()} (30 days)`,
          },
        ];
  const parsed = Settings.safeParse({
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    models,
    budget: numberOf(form.budget),
    seed: numberOf(form.seed),
    situations: numberOf(form.situations),
    ...given,
    set_by_caller: Object.keys(given),
    concurrency: numberOf(form.concurrency),
    mode: form.mode,
    ...(form.repeat_policy === null ? {} : { repeat_policy: form.repeat_policy }),
    until: form.until,
    ...(minutes === undefined || timeLimitIssues.length > 0 ? {} : { time_budget: minutes * 60 }),
    ...loopSettingsOf(form),
  });
  const issues = [...required, ...timeLimitIssues, ...(parsed.success ? [] : issuesOf(parsed.error).map(readable))];
  const unique = issues.filter((issue, index) => issues.findIndex((other) => other.path === issue.path) === index);
  if (unique.length > 0 || !parsed.success) return { ok: false, issues: unique };
  return { ok: true, settings: parsed.data };
}

/** The grader and the people dials as the config takes them: blank fields are left to their defaults. */
function loopSettingsOf(form: SettingsForm) {
  const judge = form.grader.trim();
  const version = form.grader_version.trim();
  return {
    ...(judge === '' ? {} : { grader: { judge, ...(version === '' ? {} : { version }) } }),
    ...(form.hard_share.trim() === '' ? {} : { hard_share: numberOf(form.hard_share) }),
    ...(form.patience === 'mixed' ? {} : { patience: form.patience }),
    ...(form.avg_turns.trim() === '' ? {} : { avg_turns: numberOf(form.avg_turns) }),
  };
}

function readable(issue: Issue): Issue {
  if (/expected number, received NaN/i.test(issue.message) || /received nan/i.test(issue.message)) return { ...issue, message: 'a number' };
  return issue;
}
