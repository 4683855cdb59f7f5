import { TriangleAlert } from 'lucide-react';
import '../styles/warnings-banner.css';

/** What each known `degraded` code means, for the mark's tooltip (the SDK's list, not exhaustive). */
const DEGRADED_MEANINGS: Readonly<Record<string, string>> = {
  generator_fallback: 'the model writer failed and the offline template writer took over',
  same_model: 'one model plays two roles (agent, writer, user or judge)',
  agent_errors: 'some rollouts were lost to agent errors',
  followups_starved: 'many follow-up turns were missed',
  scene_brief_unavailable: 'the scene brief could not be written',
  trace_leakage_dropped: 'generated rows that near-copied a source trace were dropped',
};

/**
 * Warnings and degraded codes, shown above any number on a screen (a dataset that looks real and is not is
 * worse than none). Renders nothing when there is nothing to say.
 */
export function WarningsBanner({
  warnings,
  degraded,
  label = 'Warnings',
}: {
  warnings: string[];
  degraded: string[];
  /** Names the region when a screen shows more than one. */ label?: string;
}) {
  if (warnings.length === 0 && degraded.length === 0) return null;
  const heading = [
    degraded.length > 0 ? `Degraded: ${degraded.length === 1 ? '1 code' : `${degraded.length} codes`}` : null,
    warnings.length > 0 ? (warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <section className="warnings-banner" aria-label={label}>
      <div className="warnings-banner-head">
        <TriangleAlert size={14} aria-hidden="true" />
        <strong>{heading}</strong>
        {degraded.map((code) => (
          <span key={code} className="state state-degraded" title={DEGRADED_MEANINGS[code] ?? code}>
            {code}
          </span>
        ))}
      </div>
      {warnings.length > 0 && (
        <ul className="warnings-banner-list">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
