import type { Issue } from '../../../shared/api';
import { PATIENCE_SETTINGS, type PatienceSetting } from '../../../shared/domain';
import type { SettingsField } from '../../stores/new-run/settings-form';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';

/** Each patience setting in words: how soon people walk away when the agent keeps asking. */
const PATIENCE_WORDS: Record<PatienceSetting, string> = {
  mixed: 'mixed: each person their own (hurried people leave sooner)',
  normal: 'normal: may leave from the second question',
  short: 'short: often leave from the second question',
  endless: 'endless: answer every question',
};

interface TextFieldProps {
  field: SettingsField;
  label: string;
  issues: Issue[];
  /** The config path the field's issues are at, when it is not the field's own name. */
  path?: string;
  placeholder: string;
  hint: string;
  kind: 'text' | 'number';
  step?: string;
  wide?: boolean;
}

function TextField({ field, label, issues, path, placeholder, hint, kind, step, wide }: TextFieldProps) {
  const value = useNewRunStore((state) => state.settings[field]);
  const setSetting = useNewRunStore((state) => state.setSetting);
  const own = issues.filter((issue) => issue.path === (path ?? field));
  const id = `setting-${field.replace(/_/g, '-')}`;
  return (
    <div className={wide ? 'setting setting-wide' : 'setting'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={kind}
        className={kind === 'text' ? 'mono' : undefined}
        spellCheck={false}
        {...(kind === 'number' ? { inputMode: 'decimal' as const, step: step ?? '1', min: 0 } : {})}
        value={value}
        placeholder={placeholder}
        title={hint}
        aria-invalid={own.length > 0 || undefined}
        aria-describedby={`${id}-messages`}
        onChange={(event) => setSetting(field, event.target.value)}
      />
      <FieldMessages id={`${id}-messages`} issues={own} checks={[]} />
    </div>
  );
}

function PatienceField() {
  const patience = useNewRunStore((state) => state.settings.patience);
  const setPatience = useNewRunStore((state) => state.setPatience);
  return (
    <div className="setting setting-span">
      <label htmlFor="setting-patience">Patience</label>
      <select id="setting-patience" value={patience} onChange={(event) => setPatience(event.target.value as PatienceSetting)}>
        {PATIENCE_SETTINGS.map((each) => (
          <option key={each} value={each}>
            {PATIENCE_WORDS[each]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The grader whose reward drives the run, and the dials on the simulated people; blank fields keep their defaults. */
export function LoopSettings({ issues }: { issues: Issue[] }) {
  return (
    <>
      <fieldset className="models">
        <legend>Grader in the loop</legend>
        <TextField
          field="grader"
          label="Grader"
          path="grader.judge"
          issues={issues}
          kind="text"
          wide
          placeholder="conduct checks (built-in)"
          hint='What the Grade panel takes: conduct, command:"node grader.mjs", module:./grader.mjs, a model, or decision:<model>.'
        />
        <TextField
          field="grader_version"
          label="Grader version"
          path="grader.version"
          issues={issues}
          kind="text"
          wide
          placeholder="from its contents"
          hint="A command or module grader's version; blank takes a hash of it and the files it names."
        />
        <p className="muted settings-note">
          The grader grades each conversation as it lands: its failures are what the run mutates and repeats. A relative path is read from
          the folder the app was started in.
        </p>
      </fieldset>
      <fieldset className="models">
        <legend>People</legend>
        <div className="settings-grid">
          <TextField
            field="hard_share"
            label="Hard share"
            issues={issues}
            kind="number"
            step="0.05"
            placeholder="0.4"
            hint="0–1: share of grid situations under a hard stance (ambiguous, boundary, adversarial)."
          />
          <TextField
            field="avg_turns"
            label="Average turns"
            issues={issues}
            kind="number"
            placeholder="12"
            hint="Thread length target: the person speaks at most half as many times."
          />
          <PatienceField />
        </div>
      </fieldset>
    </>
  );
}
