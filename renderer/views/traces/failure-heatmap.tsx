import type { CSSProperties } from 'react';
import type { FailureMap } from '../../../shared/api/traces';
import { heatKey, selectHeatmap, STATUS_LOOK } from '../../stores/traces/selectors';

interface FailureHeatmapProps {
  map: FailureMap;
  selected: readonly string[];
  onToggle(keys: readonly string[]): void;
}

/**
 * Tools down, tool conditions across: each square sums its world states, is shaded by its failure share and marked
 * with its most pressing status. A square is a button that picks (or unpicks) its cells to aim at.
 */
export function FailureHeatmap({ map, selected, onToggle }: FailureHeatmapProps) {
  const heat = selectHeatmap(map);
  return (
    <div className="failure-heatmap-frame">
      <table className="failure-heatmap" aria-label="Failure map: tool by tool condition">
        <thead>
          <tr>
            <th scope="col">tool \ condition</th>
            {heat.conditions.map((condition) => (
              <th key={condition} scope="col">
                {condition}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heat.tools.map((tool) => (
            <tr key={tool}>
              <th scope="row">
                <code>{tool}</code>
              </th>
              {heat.conditions.map((condition) => {
                const square = heat.cells.get(heatKey(tool, condition));
                if (!square) return <td key={condition} className="heat-empty" aria-label={`${tool}, ${condition}: no traces`} />;
                const share = square.graded > 0 ? square.failures / square.graded : 0;
                const isPicked = square.keys.some((key) => selected.includes(key));
                const look = STATUS_LOOK[square.status];
                const label = `${tool}, ${condition}: ${square.failures} of ${square.traces} traces failing, ${look.label}`;
                return (
                  <td key={condition}>
                    <button
                      type="button"
                      className={`heat-square tone-${look.tone}${isPicked ? ' is-picked' : ''}`}
                      style={{ '--fail-share': share.toFixed(3) } as CSSProperties}
                      aria-pressed={isPicked}
                      aria-label={label}
                      title={label}
                      onClick={() => onToggle(square.keys)}
                    >
                      <span className="heat-numbers">
                        {square.failures}/{square.traces}
                      </span>
                      <span className="heat-status">{look.label}</span>
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
