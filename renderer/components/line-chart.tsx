import { scaleLinear } from 'd3-scale';
import { CHART, plotHeight, plotWidth } from './chart-frame';
import { ChartLegend, type ChartSeries } from './chart-legend';
import '../styles/charts.css';

export interface LineSeries extends ChartSeries {
  points: readonly { x: number; y: number }[];
}

export interface LineChartProps {
  /** The chart's accessible name. */
  label: string;
  lines: readonly LineSeries[];
  formatY?(value: number): string;
  xLabel?: string;
}

/** Beyond this many points a line is drawn without its dots. */
const MAX_DOTS = 24;

/** Lines over a numeric x (e.g. pairs covered per batch against pairs planned), in SVG with d3 scales. */
export function LineChart({ label, lines, formatY = (value) => value.toLocaleString(), xLabel }: LineChartProps) {
  const points = lines.flatMap((line) => line.points);
  const xs = points.map((point) => point.x);
  const x = scaleLinear()
    .domain([Math.min(0, ...xs), Math.max(1, ...xs)])
    .range([0, plotWidth]);
  const y = scaleLinear()
    .domain([0, Math.max(1, ...points.map((point) => point.y))])
    .nice(3)
    .range([plotHeight, 0]);
  const path = (line: LineSeries) => line.points.map((point, index) => `${index === 0 ? 'M' : 'L'}${x(point.x)},${y(point.y)}`).join('');
  const lastPointText = (line: LineSeries) => `${line.label} ${formatY(line.points.at(-1)?.y ?? 0)}`;
  const summary =
    points.length === 0
      ? `${label}: no data yet.`
      : `${label}. ${lines.map(lastPointText).join(', ')} after ${xLabel ?? 'x'} ${Math.max(...xs)}.`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary}>
        <g transform={`translate(${CHART.left},${CHART.top})`}>
          {y.ticks(3).map((tick) => (
            <g key={tick} className="chart-grid" transform={`translate(0,${y(tick)})`}>
              <line x2={plotWidth} />
              <text x={-6} dy="0.32em" textAnchor="end">
                {formatY(tick)}
              </text>
            </g>
          ))}
          {x
            .ticks(Math.min(10, Math.max(1, Math.max(...xs, 1))))
            .filter(Number.isInteger)
            .map((tick) => (
              <text key={tick} className="chart-tick" x={x(tick)} y={plotHeight + 14} textAnchor="middle">
                {tick}
              </text>
            ))}
          {lines.map((line, index) => (
            <g key={line.key} className={`series-${index % 6}`}>
              <path className={line.dashed ? 'chart-line chart-line-dashed' : 'chart-line'} d={path(line)} />
              {!line.dashed &&
                line.points.length <= MAX_DOTS &&
                line.points.map((point) => (
                  <circle key={point.x} className="chart-dot" cx={x(point.x)} cy={y(point.y)} r={2.2}>
                    <title>{`${xLabel ?? 'x'} ${point.x} · ${line.label} ${formatY(point.y)}`}</title>
                  </circle>
                ))}
            </g>
          ))}
        </g>
      </svg>
      <ChartLegend series={lines} />
    </figure>
  );
}
