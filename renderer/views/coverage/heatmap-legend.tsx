/** What the squares' looks mean: the same few states on every heatmap. */
export function HeatmapLegend() {
  const entries = [
    { kind: 'unvisited', label: 'Planned, no rows yet' },
    { kind: 'covered', label: 'Rows (darker: more)' },
    { kind: 'passing', label: 'Graded, all pass' },
    { kind: 'failing', label: 'Some fail (count in red)' },
    { kind: 'unplanned', label: 'Not planned' },
    { kind: 'infeasible', label: 'Cannot occur' },
  ];
  return (
    <ul className="heatmap-legend" aria-label="Legend">
      {entries.map((entry) => (
        <li key={entry.kind}>
          <span className={`heatmap-swatch heatmap-${entry.kind}`} aria-hidden="true" />
          {entry.label}
        </li>
      ))}
    </ul>
  );
}
