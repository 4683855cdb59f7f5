import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Issue } from '../../../shared/api';
import {
  MODES,
  REPEAT_POLICIES,
  resolveModeSettings,
  UNTIL_MODES,
  type Mode,
  type ModePreset,
  type RepeatPolicy,
  type Until,
} from '../../../shared/domain';
import { selectChecksAt } from '../../stores/new-run/selectors';
import { ROLES, settingsFromForm, type Role, type SettingsField, type SettingsForm } from '../../stores/new-run/settings-form';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';
import { LoopSettings } from './loop-settings';

const ROLE_LABELS: Record<Role, string> = { agent: 'Agent', simulator: 'Simulator', user_model: 'User model', judge: 'Judge' };

type ModeField = 'phrasings' | 'repeats' | 'fault_rate';

const NUMBER_FIELDS: { field: SettingsField; label: string; step?: string; placeholder?: string; hint?: string }[] = [
  { field: 'budget', label: 'Budget', hint: 'rows' },
  { field: 'seed', label: 'Seed' },
  { field: 'situations', label: 'Situations', placeholder: 'grid decides' },
  { field: 'phrasings', label: 'Phrasings', hint: "wordings per situation; blank: the mode's default" },
  { field: 'repeats', label: 'Repeats', hint: "conversations per wording; blank: the mode's default" },
  { field: 'concurrency', label: 'Concurrency' },
  { field: 'fault_rate', label: 'Fault rate', step: '0.05', hint: "0–1, share of fault cells kept; blank: the mode's default" },
  {
    field: 'time_limit',
    label: 'Time limit (minutes)',
    step: 'any',
    placeholder: 'none',
    hint: 'stop after the batch in which this many minutes run out',
  },
];

const isModeField = (field: SettingsField): field is ModeField => field === 'phrasings' || field === 'repeats' || field === 'fault_rate';

/** Each mode in words: the option, and one plain sentence on what it spends the budget on. */
const MODE_WORDS: Record<Mode, { option: string; note: string }> = {
  explore: { option: 'Explore', note: 'Spends the budget on new situations: one wording and one conversation each.' },
  sft: {
    option: 'SFT',
    note:
      'Writes three wordings of each situation and runs up to four conversations of each, ' +
      'so the best reply can be picked for fine-tuning.',
  },
  rl: {
    option: 'RL',
    note:
      'Runs up to eight conversations of each prompt, two first and the rest where those disagree, ' +
      'with tools failing more often (fault rate 0.8, no flip to success).',
  },
  adaptive: {
    option: 'Adaptive',
    note: 'Mixes new situations with re-runs of prompts whose outcome is uncertain; a shorter time limit leaves more room for re-runs.',
  },
};

const POLICY_WORDS: Record<RepeatPolicy, string> = {
  none: 'none: all at once',
  fixed: 'fixed: all at once',
  successive: 'successive: 2, then where they disagree',
  adaptive: 'adaptive: 1, then where uncertain',
};

/** The defaults the chosen mode fills blank settings with (adaptive's repeats follow the time limit and Stop when). */
function useModeDefaults(): ModePreset {
  const { mode, until, time_limit } = useNewRunStore(
    useShallow((state) => ({ mode: state.settings.mode, until: state.settings.until, time_limit: state.settings.time_limit })),
  );
  return useMemo(() => modeDefaults({ mode, until, time_limit }), [mode, until, time_limit]);
}

function modeDefaults(form: Pick<SettingsForm, 'mode' | 'until' | 'time_limit'>): ModePreset {
  const minutes = Number(form.time_limit.trim());
  const timed = form.time_limit.trim() !== '' && minutes > 0;
  return resolveModeSettings({ mode: form.mode, until: form.until, ...(timed ? { time_budget: minutes * 60 } : {}) });
}

function ModeField() {
  const mode = useNewRunStore((state) => state.settings.mode);
  const setMode = useNewRunStore((state) => state.setMode);
  return (
    <div className="setting setting-wide setting-until">
      <label htmlFor="setting-mode">Mode</label>
      <select id="setting-mode" value={mode} aria-describedby="setting-mode-note" onChange={(event) => setMode(event.target.value as Mode)}>
        {MODES.map((each) => (
          <option key={each} value={each}>
            {MODE_WORDS[each].option}
          </option>
        ))}
      </select>
      <p id="setting-mode-note" className="muted settings-note">
        {MODE_WORDS[mode].note}
      </p>
    </div>
  );
}

function RepeatPolicyField() {
  const policy = useNewRunStore((state) => state.settings.repeat_policy);
  const setRepeatPolicy = useNewRunStore((state) => state.setRepeatPolicy);
  const defaults = useModeDefaults();
  return (
    <div className="setting setting-span">
      <label htmlFor="setting-repeat-policy">Repeat policy</label>
      <select
        id="setting-repeat-policy"
        value={policy ?? ''}
        title={`How each prompt's repeats are spent. Mode default: ${POLICY_WORDS[defaults.repeat_policy]}.`}
        onChange={(event) => setRepeatPolicy(event.target.value === '' ? null : (event.target.value as RepeatPolicy))}
      >
        <option value="">mode default ({defaults.repeat_policy})</option>
        {REPEAT_POLICIES.map((each) => (
          <option key={each} value={each}>
            {POLICY_WORDS[each]}
          </option>
        ))}
      </select>
    </div>
  );
}

function PreferSuccessField() {
  const value = useNewRunStore((state) => state.settings.prefer_success);
  const setPreferSuccess = useNewRunStore((state) => state.setPreferSuccess);
  const defaults = useModeDefaults();
  return (
    <div className="setting setting-check setting-span">
      <input
        id="setting-prefer-success"
        type="checkbox"
        checked={value ?? defaults.prefer_success}
        onChange={(event) => setPreferSuccess(event.target.checked)}
      />
      <label htmlFor="setting-prefer-success" title="On a cold start nine in ten fault cells flip to success">
        Prefer success{value === null && <span className="muted"> (mode default)</span>}
      </label>
    </div>
  );
}

/** Each `until` mode in words: the option, and what it does. */
const STOP_WHEN: Record<Until, { option: string; note: string }> = {
  compute: { option: 'the budget is spent', note: 'Runs every row of the budget.' },
  saturation: {
    option: 'coverage saturates',
    note: 'Stops early once every planned cell has 5 conversations, or when 12 batches in a row find nothing new.',
  },
  first: {
    option: 'every pair is covered',
    note: 'Stops early once every planned pair of axis values has a conversation, or when 12 batches in a row find nothing new.',
  },
};

function StopWhenField() {
  const until = useNewRunStore((state) => state.settings.until);
  const setUntil = useNewRunStore((state) => state.setUntil);
  return (
    <div className="setting setting-wide setting-until">
      <label htmlFor="setting-until">Stop when</label>
      <select
        id="setting-until"
        value={until}
        aria-describedby="setting-until-note"
        onChange={(event) => setUntil(event.target.value as Until)}
      >
        {UNTIL_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {STOP_WHEN[mode].option}
          </option>
        ))}
      </select>
      <p id="setting-until-note" className="muted settings-note">
        {STOP_WHEN[until].note}
      </p>
    </div>
  );
}

function useChecksAt(path: string) {
  return useNewRunStore(useShallow((state) => selectChecksAt(state, path, { exact: true })));
}

function NumberField({ field, label, step, placeholder, hint, issues }: (typeof NUMBER_FIELDS)[number] & { issues: Issue[] }) {
  const value = useNewRunStore((state) => state.settings[field]);
  const defaults = useModeDefaults();
  const shown = isModeField(field) ? String(defaults[field]) : placeholder;
  const setSetting = useNewRunStore((state) => state.setSetting);
  const checks = useChecksAt(field);
  const own = issues.filter((issue) => issue.path === field);
  const id = `setting-${field}`;
  return (
    <div className="setting">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="decimal"
        step={step ?? '1'}
        min={0}
        value={value}
        placeholder={shown}
        title={hint}
        aria-invalid={own.length > 0 || checks.some((check) => check.level === 'error') || undefined}
        aria-describedby={`${id}-messages`}
        onChange={(event) => setSetting(field, event.target.value)}
      />
      <FieldMessages id={`${id}-messages`} issues={own} checks={checks} />
    </div>
  );
}

function ModelField({ role }: { role: Role }) {
  const value = useNewRunStore((state) => state.settings.models[role]);
  const setModel = useNewRunStore((state) => state.setModel);
  const checks = useChecksAt(`models.${role}`);
  const id = `model-${role}`;
  return (
    <div className="setting setting-wide">
      <label htmlFor={id}>{ROLE_LABELS[role]}</label>
      <input
        id={id}
        type="text"
        className="mono"
        spellCheck={false}
        value={value}
        placeholder="Offline (built-in)"
        aria-invalid={checks.some((check) => check.level === 'error') || undefined}
        aria-describedby={`${id}-messages`}
        onChange={(event) => setModel(role, event.target.value)}
      />
      <FieldMessages id={`${id}-messages`} checks={checks} />
    </div>
  );
}

/** Model per role and the run's size, seed and fault settings; each field shows its own problems. */
export function SettingsPanel() {
  const { settings, setSetting } = useNewRunStore(useShallow((state) => ({ settings: state.settings, setSetting: state.setSetting })));
  const issues = useMemo(() => {
    const result = settingsFromForm(settings);
    return result.ok ? [] : result.issues;
  }, [settings]);
  return (
    <section className="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title" className="panel-title">
        Settings
      </h2>
      <div className="setting setting-wide">
        <label htmlFor="setting-name">Name</label>
        <input
          id="setting-name"
          type="text"
          value={settings.name}
          placeholder="the sentence above"
          onChange={(event) => setSetting('name', event.target.value)}
        />
      </div>
      <fieldset className="models">
        <legend>Model per role</legend>
        {ROLES.map((role) => (
          <ModelField key={role} role={role} />
        ))}
        <p className="muted settings-note">Blank uses the built-in offline model. Model spec strings use a colon: provider:model.</p>
      </fieldset>
      <ModeField />
      <StopWhenField />
      <div className="settings-grid">
        {NUMBER_FIELDS.map((spec) => (
          <NumberField key={spec.field} {...spec} issues={issues} />
        ))}
        <RepeatPolicyField />
        <PreferSuccessField />
      </div>
      <LoopSettings issues={issues} />
      <p className="muted settings-note">
        Phrasings, repeats, fault rate, repeat policy and prefer success left as they are take the mode's defaults (shown greyed); a value
        you set wins.
        {settings.time_limit.trim() !== '' &&
          ' A run with a time limit stops wherever the time runs out on this machine, so it is not reproducible row for row.'}
      </p>
    </section>
  );
}
