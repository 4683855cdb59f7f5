import type { CSSProperties } from 'react';
import type { FailureMap } from '../../../shared/api/traces';
import { heatKey, selectHeatmap, STATUS_LOOK } from '../../stores/traces/selectors';
import { useTracesStore } from '../../stores/traces/store';
import { describeSquare, failingOfGraded, ungradedOf } from './graded-words';

/**
 * Tools down, tool conditions across: each square sums its world states and is shaded by its failure share, failing
 * over graded traces (the table's denominator), its ungraded traces said apart. A square whose world states share
 * one status names it; a mixed one lists each status with its failing/graded, so a
 * "not re-checked" never hides that most of its failures stopped. A square is a button that picks (or unpicks) its
 * cells to aim at.
 */
export function FailureHeatmap({ map }: { map: FailureMap }) {
  const selected = useTracesStore((store) => store.selected);
  const toggleCell = useTracesStore((store) => store.toggleCell);
  const heat = selectHeatmap(map);
  /** A square picks all its cells, or unpicks them all when every one is picked. */
  const toggle = (keys: readonly string[]) => {
    const isAllPicked = keys.every((key) => selected.includes(key));
    for (const key of keys) if (isAllPicked || !selected.includes(key)) toggleCell(key);
  };
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
                const ungraded = ungradedOf(square);
                const label = describeSquare(square);
                const look = `tone-${STATUS_LOOK[square.status].tone}${isPicked ? ' is-picked' : ''}${isMixed ? ' is-mixed' : ''}`;
                return (
                  <td key={condition}>
                    <button
                      type="button"
                      className={`heat-square ${look}`}
                      // A line more for the ungraded traces: the square grows to fit it, as a mixed one does.
                      style={
                        { '--fail-share': share.toFixed(3), ...(ungraded > 0 ? { height: 'auto', minHeight: 44 } : {}) } as CSSProperties
                      }
                      aria-pressed={isPicked}
                      aria-label={label}
                      title={label}
                      onClick={() => toggle(square.keys)}
                    >
                      <span className="heat-numbers">{failingOfGraded(square)}</span>
                      {isMixed ? (
                        square.statuses.map((part) => (
                          <span key={part.status} className={`heat-status heat-part tone-${STATUS_LOOK[part.status].tone}`}>
                            {part.graded === 0 ? part.traces : failingOfGraded(part)} {STATUS_LOOK[part.status].label}
                          </span>
                        ))
                      ) : (
                        <span className="heat-status">{STATUS_LOOK[square.status].label}</span>
                      )}
                      {ungraded > 0 && (
                        <span className="heat-status heat-part tone-muted">{square.graded > 0 ? `+${ungraded}` : ungraded} ungraded</span>
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
