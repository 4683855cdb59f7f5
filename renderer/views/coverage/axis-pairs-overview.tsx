import type { AxisPairCoverage } from '../../../shared/api/coverage';
import type { AxisPair } from '../../stores/coverage/initial-state';
import { AXIS_LABELS } from '../../stores/axis-labels';
import { formatFraction } from '../../stores/coverage/selectors';

/** All 15 pairs of axes at a glance, each with its covered / planned pairs; choosing one draws its heatmap. */
export function AxisPairsOverview({
  pairs,
  axes,
  onChoose,
}: {
  pairs: readonly AxisPairCoverage[];
  axes: AxisPair;
  onChoose(pair: AxisPair): void;
}) {
  return (
    <section className="coverage-panel" aria-labelledby="coverage-pairs-title">
      <h2 className="coverage-panel-title" id="coverage-pairs-title">
        All pairs of axes
      </h2>
      <ul className="axis-pairs">
        {pairs.map((pair) => {
          const isCurrent = (pair.x === axes.x && pair.y === axes.y) || (pair.x === axes.y && pair.y === axes.x);
          const percent = pair.fraction === null ? 0 : Math.round(pair.fraction * 100);
          const name = `${AXIS_LABELS[pair.x]} × ${AXIS_LABELS[pair.y]}`;
          return (
            <li key={`${pair.x}-${pair.y}`}>
              <button
                type="button"
                className="axis-pair"
                aria-pressed={isCurrent}
                aria-label={`${name}: ${pair.pairs_covered} of ${pair.pairs_planned} planned pairs covered`}
                onClick={() => onChoose({ x: pair.x, y: pair.y })}
              >
                <span className="axis-pair-name">{name}</span>
                <span className="axis-pair-figure">
                  {formatFraction(pair.fraction)}{' '}
                  <span className="n">
                    {pair.pairs_covered}/{pair.pairs_planned}
                  </span>
                </span>
                <span className="axis-pair-bar" aria-hidden="true">
                  <span style={{ width: `${percent}%` }} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
