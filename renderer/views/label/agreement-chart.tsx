import { scaleLinear } from 'd3-scale';
import type { AgreementPoint } from '../../../shared/api/agreement';
import { CHART, plotHeight, plotWidth } from '../../components/chart-frame';
import { ChartLegend } from '../../components/chart-legend';
import { formatStat } from '../../stores/labeling/selectors';
import '../../styles/charts.css';

const SERIES = [
  { key: 'agreement', label: 'agreement (band: Wilson 95%)' },
  { key: 'kappa', label: "Cohen's kappa (where defined)" },
];

/** A path through the points, broken where a point is missing (kappa where it is undefined). */
function brokenPath(points: readonly ({ x: number; y: number } | null)[]): string {
  let path = '';
  let isDrawing = false;
  for (const point of points) {
    if (point === null) {
      isDrawing = false;
      continue;
    }
    path += `${isDrawing ? 'L' : 'M'}${point.x},${point.y}`;
    isDrawing = true;
  }
  return path;
}

/**
 * How the judge's agreement and kappa settled as gold grew: both against the number of gold rows (in the order they
 * became gold), agreement inside its Wilson band. A team reads off it when more labels stop moving the numbers.
 */
export function AgreementChart({ series }: { series: readonly AgreementPoint[] }) {
  if (series.length < 2) return null;
  const last = series.at(-1)!;
  const x = scaleLinear()
    .domain([1, Math.max(2, last.n)])
    .range([0, plotWidth]);
  const lowest = Math.min(0, ...series.filter((point) => point.kappa_defined && point.kappa !== null).map((point) => point.kappa!));
  const y = scaleLinear().domain([lowest, 1]).nice(4).range([plotHeight, 0]);
  const band =
    series.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.n)},${y(point.hi)}`).join('') +
    [...series]
      .reverse()
      .map((point) => `L${x(point.n)},${y(point.lo)}`)
      .join('') +
    'Z';
  const agreement = brokenPath(series.map((point) => ({ x: x(point.n), y: y(point.agreement) })));
  const kappa = brokenPath(
    series.map((point) => (point.kappa_defined && point.kappa !== null ? { x: x(point.n), y: y(point.kappa) } : null)),
  );
  const kappaText = last.kappa_defined ? formatStat(last.kappa, 2) : 'undefined';
  const summary =
    `Agreement and kappa as gold grew, over ${last.n} gold rows: agreement ${formatStat(last.agreement, 2)} ` +
    `(Wilson ${formatStat(last.lo, 2)} to ${formatStat(last.hi, 2)}), kappa ${kappaText}.`;
  return (
    <div className="trust-section">
      <h3>As gold grew</h3>
      <figure className="chart agreement-chart">
        <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary}>
          <g transform={`translate(${CHART.left},${CHART.top})`}>
            {y.ticks(4).map((tick) => (
              <g key={tick} className="chart-grid" transform={`translate(0,${y(tick)})`}>
                <line x2={plotWidth} />
                <text x={-6} dy="0.32em" textAnchor="end">
                  {tick.toFixed(1)}
                </text>
              </g>
            ))}
            {x
              .ticks(6)
              .filter(Number.isInteger)
              .map((tick) => (
                <text key={tick} className="chart-tick" x={x(tick)} y={plotHeight + 14} textAnchor="middle">
                  {tick}
                </text>
              ))}
            <g className="series-0">
              <path className="chart-band" d={band} />
              <path className="chart-line" d={agreement} />
            </g>
            <g className="series-1">
              <path className="chart-line" d={kappa} />
            </g>
          </g>
        </svg>
        <ChartLegend series={SERIES} />
      </figure>
      <p className="muted chart-note">x: gold rows, in the order they became gold.</p>
    </div>
  );
}
