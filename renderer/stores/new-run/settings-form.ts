import { z } from 'zod';
import { issuesOf, type Issue } from '../../../shared/api';
import { MODES, RunConfig, type RoleModels } from '../../../shared/domain';

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
  phrasings: string;
  repeats: string;
  fault_rate: string;
  prefer_success: boolean;
  concurrency: string;
  mode: (typeof MODES)[number];
}

export type SettingsField = Exclude<keyof SettingsForm, 'models' | 'prefer_success' | 'mode'>;

const DEFAULTS = RunConfig.parse({ source: { kind: 'describe', sentence: 'defaults' } });

export const DEFAULT_SETTINGS: SettingsForm = {
  name: '',
  models: { agent: '', simulator: '', user_model: '', judge: '' },
  budget: String(DEFAULTS.budget),
  seed: String(DEFAULTS.seed),
  situations: '',
  phrasings: String(DEFAULTS.phrasings),
  repeats: String(DEFAULTS.repeats),
  fault_rate: String(DEFAULTS.fault_rate),
  prefer_success: DEFAULTS.prefer_success,
  concurrency: String(DEFAULTS.concurrency),
  mode: DEFAULTS.mode,
};

/** The form for a previous run's config ("New run from this run"). */
export function formFromConfig(config: RunConfig): SettingsForm {
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
    phrasings: String(config.phrasings),
    repeats: String(config.repeats),
    fault_rate: String(config.fault_rate),
    prefer_success: config.prefer_success,
    concurrency: String(config.concurrency),
    mode: config.mode,
  };
}

const Settings = RunConfig.omit({ source: true });
export type Settings = z.output<typeof Settings>;

function numberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

/** Checks the form with the contract's own RunConfig rules; issues are at the form's field names. */
export function settingsFromForm(form: SettingsForm): { ok: true; settings: Settings } | { ok: false; issues: Issue[] } {
  const models = Object.fromEntries(ROLES.flatMap((role) => (form.models[role].trim() ? [[role, form.models[role].trim()]] : [])));
  const required = (['budget', 'seed', 'phrasings', 'repeats', 'fault_rate', 'concurrency'] as const)
    .filter((field) => form[field].trim() === '')
    .map((field) => ({ path: field, message: 'required' }));
  const parsed = Settings.safeParse({
    ...(form.name.trim() ? { name: form.name.trim() } : {}),
    models,
    budget: numberOf(form.budget),
    seed: numberOf(form.seed),
    situations: numberOf(form.situations),
    phrasings: numberOf(form.phrasings),
    repeats: numberOf(form.repeats),
    fault_rate: numberOf(form.fault_rate),
    prefer_success: form.prefer_success,
    concurrency: numberOf(form.concurrency),
    mode: form.mode,
  });
  const issues = [...required, ...(parsed.success ? [] : issuesOf(parsed.error).map(readable))];
  const unique = issues.filter((issue, index) => issues.findIndex((other) => other.path === issue.path) === index);
  if (unique.length > 0 || !parsed.success) return { ok: false, issues: unique };
  return { ok: true, settings: parsed.data };
}

function readable(issue: Issue): Issue {
  if (/expected number, received NaN/i.test(issue.message) || /received nan/i.test(issue.message)) return { ...issue, message: 'a number' };
  return issue;
}
