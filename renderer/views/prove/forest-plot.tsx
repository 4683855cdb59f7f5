import { scaleLinear } from 'd3-scale';
import type { ProveLine } from '../../../shared/api/prove';
import { forestScale, headlineTone, pValue, rate, signed } from '../../stores/prove/selectors';

const ROW = 34;
const TOP = 26;
const WIDTH = 920;
const LABEL = 170;
const PLOT = 330;
const TEXT = LABEL + PLOT + 24;

/**
 * One line per category and the overall line: the paired difference (after − before) as a dot, its 95% interval
 * as whiskers, the zero line, and the numbers and headline beside it. A line whose interval clears zero on the
 * right is a gain; the headline says whether it counts.
 */
export function ForestPlot({ categories, overall }: { categories: ProveLine[]; overall: ProveLine }) {
  const lines = [...categories, overall];
  const scale = forestScale(lines);
  const x = scaleLinear()
    .domain([scale.min, scale.max])
    .range([LABEL, LABEL + PLOT]);
  const height = TOP + lines.length * ROW + 14;
  const overallY = TOP + categories.length * ROW;
  return (
    <figure className="forest-plot">
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="forest-title forest-description">
        <title id="forest-title">Forest plot of the paired difference in pass@1 per category</title>
        <desc id="forest-description">
          {lines
            .map((line) => `${line.category}: ${signed(line.delta)} [${signed(line.ci_low)}, ${signed(line.ci_high)}], ${line.headline}`)
            .join('; ')}
          . Each verdict follows its 95% interval; p is a sign-flip permutation test.
        </desc>
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line className={tick === 0 ? 'forest-zero' : 'forest-grid'} x1={x(tick)} x2={x(tick)} y1={TOP - 6} y2={height - 14} />
            <text className="forest-tick" x={x(tick)} y={TOP - 10} textAnchor="middle">
              {tick === 0 ? '0' : signed(tick, 1)}
            </text>
          </g>
        ))}
        <text className="forest-head" x={TEXT} y={TOP - 10}>
          before → after · Δ [95% CI] · sign-flip p · verdict (from the CI)
        </text>
        <line className="forest-separator" x1={0} x2={WIDTH} y1={overallY} y2={overallY} />
        {lines.map((line, index) => {
          const y = TOP + index * ROW + ROW / 2;
          const isOverall = index === lines.length - 1;
          const tone = headlineTone(line.headline);
          const hasInterval = line.ci_low !== null && line.ci_high !== null;
          return (
            <g key={line.category} className={`forest-line tone-${tone}${isOverall ? ' is-overall' : ''}`}>
              <text className="forest-label" x={8} y={y + 4}>
                {line.category}
                <tspan className="forest-n" dx={6}>
                  n={line.n_tasks}
                  {line.low_n && !isOverall ? ' · low n' : ''}
                </tspan>
              </text>
              {hasInterval && (
                <>
                  <line className="forest-whisker" x1={x(line.ci_low!)} x2={x(line.ci_high!)} y1={y} y2={y} />
                  <line className="forest-whisker" x1={x(line.ci_low!)} x2={x(line.ci_low!)} y1={y - 5} y2={y + 5} />
                  <line className="forest-whisker" x1={x(line.ci_high!)} x2={x(line.ci_high!)} y1={y - 5} y2={y + 5} />
                </>
              )}
              {line.delta !== null &&
                (isOverall ? (
                  <path
                    className="forest-point"
                    d={`M ${x(line.delta)} ${y - 7} L ${x(line.delta) + 7} ${y} L ${x(line.delta)} ${y + 7} L ${x(line.delta) - 7} ${y} Z`}
                  />
                ) : (
                  <rect className="forest-point" x={x(line.delta) - 4} y={y - 4} width={8} height={8} />
                ))}
              <text className="forest-numbers" x={TEXT} y={y + 4}>
                {rate(line.before)} → {rate(line.after)} · {signed(line.delta)} [{signed(line.ci_low)}, {signed(line.ci_high)}] ·{' '}
                {pValue(line.p_value)}
              </text>
              <text className="forest-headline" x={WIDTH - 8} y={y + 4} textAnchor="end">
                {line.headline.replace(' (1 eval run a side, rerun to confirm)', '')}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
