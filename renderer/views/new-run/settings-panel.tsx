import { useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Issue } from '../../../shared/api';
import { selectChecksAt } from '../../stores/new-run/selectors';
import { ROLES, settingsFromForm, type Role, type SettingsField } from '../../stores/new-run/settings-form';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';

const ROLE_LABELS: Record<Role, string> = { agent: 'Agent', simulator: 'Simulator', user_model: 'User model', judge: 'Judge' };

const NUMBER_FIELDS: { field: SettingsField; label: string; step?: string; placeholder?: string; hint?: string }[] = [
  { field: 'budget', label: 'Budget', hint: 'rows' },
  { field: 'seed', label: 'Seed' },
  { field: 'situations', label: 'Situations', placeholder: 'grid decides' },
  { field: 'phrasings', label: 'Phrasings' },
  { field: 'repeats', label: 'Repeats' },
  { field: 'concurrency', label: 'Concurrency' },
  { field: 'fault_rate', label: 'Fault rate', step: '0.05', hint: '0–1, share of fault cells kept' },
];

function useChecksAt(path: string) {
  return useNewRunStore(useShallow((state) => selectChecksAt(state, path, { exact: true })));
}

function NumberField({ field, label, step, placeholder, hint, issues }: (typeof NUMBER_FIELDS)[number] & { issues: Issue[] }) {
  const value = useNewRunStore((state) => state.settings[field]);
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
        placeholder={placeholder}
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
  const { settings, setSetting, setPreferSuccess } = useNewRunStore(
    useShallow((state) => ({ settings: state.settings, setSetting: state.setSetting, setPreferSuccess: state.setPreferSuccess })),
  );
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
        <input id="setting-name" type="text" value={settings.name} placeholder="the sentence above" onChange={(event) => setSetting('name', event.target.value)} />
      </div>
      <fieldset className="models">
        <legend>Model per role</legend>
        {ROLES.map((role) => (
          <ModelField key={role} role={role} />
        ))}
        <p className="muted settings-note">Blank uses the built-in offline model. Model spec strings use a colon: provider:model.</p>
      </fieldset>
      <div className="settings-grid">
        {NUMBER_FIELDS.map((spec) => (
          <NumberField key={spec.field} {...spec} issues={issues} />
        ))}
        <div className="setting setting-check">
          <input id="setting-prefer-success" type="checkbox" checked={settings.prefer_success} onChange={(event) => setPreferSuccess(event.target.checked)} />
          <label htmlFor="setting-prefer-success" title="On a cold start nine in ten fault cells flip to success">
            Prefer success
          </label>
        </div>
      </div>
    </section>
  );
}
