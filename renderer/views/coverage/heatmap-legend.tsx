import type { CSSProperties } from 'react';
import { failMix, LEGEND_SHARES } from './fail-shade';

/**
 * What the squares' looks mean: the same few states on every heatmap. Squares without failures darken with their
 * rows; squares with failures redden with the share of their graded rows that fail (the count sits in the corner).
 */
export function HeatmapLegend() {
  const entries = [
    { kind: 'unvisited', label: 'Planned, no rows yet' },
    { kind: 'covered', label: 'Ungraded rows (darker: more rows)' },
    { kind: 'passing', label: 'Graded, all pass (darker: more rows)' },
    { kind: 'unplanned', label: 'Not planned' },
    { kind: 'infeasible', label: 'Cannot occur' },
  ];
  return (
    <ul className="heatmap-legend" aria-label="Legend">
      {entries.slice(0, 3).map((entry) => (
        <LegendEntry key={entry.kind} kind={entry.kind} label={entry.label} />
      ))}
      <li className="heatmap-legend-ramp">
        <span>Some fail: redder = larger share of graded rows failing</span>
        {LEGEND_SHARES.map((share) => (
          <span key={share} className="heatmap-ramp-step">
            <span className="heatmap-swatch heatmap-failing" style={{ '--fail-mix': failMix(share) } as CSSProperties} aria-hidden="true" />
            {Math.round(share * 100)}%
          </span>
        ))}
        <span>(count failing in red)</span>
      </li>
      {entries.slice(3).map((entry) => (
        <LegendEntry key={entry.kind} kind={entry.kind} label={entry.label} />
      ))}
    </ul>
  );
}

function LegendEntry({ kind, label }: { kind: string; label: string }) {
  return (
    <li>
      <span className={`heatmap-swatch heatmap-${kind}`} aria-hidden="true" />
      {label}
    </li>
  );
}
