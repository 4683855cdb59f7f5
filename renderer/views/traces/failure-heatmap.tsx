import type { CSSProperties } from 'react';
import type { FailureMap } from '../../../shared/api/traces';
import { describeSquare, heatKey, selectHeatmap, STATUS_LOOK } from '../../stores/traces/selectors';

interface FailureHeatmapProps {
  map: FailureMap;
  selected: readonly string[];
  onToggle(keys: readonly string[]): void;
}

/**
 * Tools down, tool conditions across: each square sums its world states and is shaded by its failure share. A square
 * whose world states share one status names it; a mixed one lists each status with its failing/traces, so a
 * "not re-checked" never hides that most of its failures stopped. A square is a button that picks (or unpicks) its
 * cells to aim at.
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
                const isMixed = square.statuses.length > 1;
                const label = describeSquare(square);
                return (
                  <td key={condition}>
                    <button
                      type="button"
                      className={`heat-square tone-${STATUS_LOOK[square.status].tone}${isPicked ? ' is-picked' : ''}${isMixed ? ' is-mixed' : ''}`}
                      style={{ '--fail-share': share.toFixed(3) } as CSSProperties}
                      aria-pressed={isPicked}
                      aria-label={label}
                      title={label}
                      onClick={() => onToggle(square.keys)}
                    >
                      <span className="heat-numbers">
                        {square.failures}/{square.traces}
                      </span>
                      {isMixed ? (
                        square.statuses.map((part) => (
                          <span key={part.status} className={`heat-status heat-part tone-${STATUS_LOOK[part.status].tone}`}>
                            {part.failures}/{part.traces} {STATUS_LOOK[part.status].label}
                          </span>
                        ))
                      ) : (
                        <span className="heat-status">{STATUS_LOOK[square.status].label}</span>
                      )}
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
