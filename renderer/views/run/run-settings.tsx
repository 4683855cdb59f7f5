import { modeSettingsOf, type ModeSettings, type RunConfig } from '../../../shared/domain';
import { formatDuration, UNTIL_WORDS } from './format';

const OFFLINE = 'Offline (built-in)';
const BUILT_IN_GRADER = 'Conduct checks (built-in)';

/** The grader as it was given, with its version (`command:"node g.mjs" @ sha-1f2e…`). */
function graderWords(grader: NonNullable<RunConfig['grader']>): string {
  return grader.version === undefined ? grader.judge : `${grader.judge} @ ${grader.version}`;
}

/** A value the mode filled because the person left it unset says so, in a note under the value. */
function fromMode(settings: ModeSettings, names: ModeSettings['from_mode'], value: string): [string, string?] {
  return names.every((name) => settings.from_mode.includes(name)) && settings.mode !== 'explore'
    ? [value, `(${settings.mode} default)`]
    : [value];
}

/** The settings the run was started with, compact, for reading beside its results; mode settings as the mode resolved them. */
export function RunSettings({ config }: { config: RunConfig }) {
  const settings = modeSettingsOf(config);
  const rows: [string, string, string?][] = [
    ['Agent', config.models.agent ?? OFFLINE],
    ['Simulator', config.models.simulator ?? OFFLINE],
    ['User model', config.models.user_model ?? OFFLINE],
    ['Judge', config.models.judge ?? OFFLINE],
    ['Mode', settings.mode],
    ['Stop when', UNTIL_WORDS[config.until] ?? config.until],
    [
      'Time limit',
      config.time_budget === undefined ? 'none' : config.time_budget < 1 ? `${config.time_budget} s` : formatDuration(config.time_budget),
    ],
    ['Budget', config.budget.toLocaleString()],
    ['Seed', String(config.seed)],
    ['Situations', config.situations === undefined ? 'grid decides' : String(config.situations)],
    ['Phrasings × repeats', ...fromMode(settings, ['phrasings', 'repeats'], `${settings.phrasings} × ${settings.repeats}`)],
    ['Repeat policy', ...fromMode(settings, ['repeat_policy'], settings.repeat_policy)],
    ['Fault rate', ...fromMode(settings, ['fault_rate'], String(settings.fault_rate))],
    ['Prefer success', ...fromMode(settings, ['prefer_success'], settings.prefer_success ? 'yes' : 'no')],
    ['Concurrency', String(config.concurrency)],
    ['Grader', config.grader ? graderWords(config.grader) : BUILT_IN_GRADER],
    ['Hard share', config.hard_share === undefined ? '0.4' : String(config.hard_share)],
    ['Patience', config.patience ?? 'mixed'],
    ['Average turns', config.avg_turns === undefined ? '12' : String(config.avg_turns)],
  ];
  return (
    <section className="panel" aria-label="Settings">
      <h2 className="panel-title">Settings</h2>
      <dl className="kv">
        {rows.map(([label, value, note]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value === OFFLINE || value === BUILT_IN_GRADER ? 'muted' : undefined}>
              {value}
              {note && <span className="kv-note"> {note}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
