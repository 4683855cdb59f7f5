import type { RunConfig } from '../../../shared/domain';

const OFFLINE = 'Offline (built-in)';

/** The settings the run was started with, compact, for reading beside its results. */
export function RunSettings({ config }: { config: RunConfig }) {
  const rows: [string, string][] = [
    ['Agent', config.models.agent ?? OFFLINE],
    ['Simulator', config.models.simulator ?? OFFLINE],
    ['User model', config.models.user_model ?? OFFLINE],
    ['Judge', config.models.judge ?? OFFLINE],
    ['Budget', config.budget.toLocaleString()],
    ['Seed', String(config.seed)],
    ['Situations', config.situations === undefined ? 'grid decides' : String(config.situations)],
    ['Phrasings × repeats', `${config.phrasings} × ${config.repeats}`],
    ['Fault rate', String(config.fault_rate)],
    ['Prefer success', config.prefer_success ? 'yes' : 'no'],
    ['Concurrency', String(config.concurrency)],
  ];
  return (
    <section className="panel" aria-label="Settings">
      <h2 className="panel-title">Settings</h2>
      <dl className="kv">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd className={value === OFFLINE ? 'muted' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
