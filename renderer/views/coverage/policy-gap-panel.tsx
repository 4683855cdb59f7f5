import type { PolicyGap } from '../../../shared/api/coverage';

function GapList({ title, items, none, monospace }: { title: string; items: readonly string[]; none: string; monospace?: boolean }) {
  return (
    <div className="gap-list">
      <h3>
        {title} <span className="n">{items.length}</span>
      </h3>
      {items.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <ul aria-label={title} className={monospace ? 'gap-mono' : undefined}>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Policy coverage: the rules and tools no row exercises, then `coverage_gap` over the run's prompts. */
export function PolicyGapPanel({ gap }: { gap: PolicyGap }) {
  return (
    <section className="coverage-panel policy-gap" aria-labelledby="policy-gap-title">
      <h2 className="coverage-panel-title" id="policy-gap-title">
        Policy coverage gap
      </h2>
      <GapList title="Rules no row exercises" items={gap.rules_without_rows} none="Every rule on the rule axis has rows." />
      <GapList title="Tools no row exercises" items={gap.tools_without_rows} none="Every declared tool has rows." monospace />
      <div className="gap-report">
        <h3>What the prompts reach</h3>
        <p className="gap-summary">{gap.summary}</p>
        {(gap.untested_rules.length > 0 || gap.untested_tools.length > 0) && (
          <ul aria-label="Untested by the prompts" className="gap-untested">
            {gap.untested_rules.map((rule) => (
              <li key={`rule-${rule}`}>{rule}</li>
            ))}
            {gap.untested_tools.map((tool) => (
              <li key={`tool-${tool}`}>
                <code>{tool}</code>
              </li>
            ))}
          </ul>
        )}
        {gap.notes.length > 0 && (
          <ul aria-label="Notes" className="gap-notes">
            {gap.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
