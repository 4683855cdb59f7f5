import { scaleBand, scaleLinear } from 'd3-scale';
import { CHART, labelStep, plotHeight, plotWidth } from './chart-frame';
import { ChartLegend, type ChartSeries } from './chart-legend';
import '../styles/charts.css';

export interface StackedBar {
  x: string;
  /** Value per series key; missing keys count as 0. */
  values: Readonly<Record<string, number>>;
}

export interface StackedBarChartProps {
  /** The chart's accessible name. */
  label: string;
  series: readonly ChartSeries[];
  bars: readonly StackedBar[];
  /** Top of the value axis (1 for shares). */
  max?: number;
  formatValue?(value: number): string;
  xLabel?: string;
}

const percent = (value: number) => `${Math.round(value * 100)}%`;

/** Every `step`th label, and the last one when it does not crowd the one before it. */
function isLabelled(index: number, count: number, step: number): boolean {
  if (index % step === 0) return true;
  return index === count - 1 && index % step > step / 2;
}

/** Bars stacked by series (e.g. each writer's share of a batch), drawn in SVG with d3 scales. */
export function StackedBarChart({ label, series, bars, max = 1, formatValue = percent, xLabel }: StackedBarChartProps) {
  const x = scaleBand<string>()
    .domain(bars.map((bar) => bar.x))
    .range([0, plotWidth])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const y = scaleLinear().domain([0, max]).range([plotHeight, 0]);
  const step = labelStep(bars.length);
  const last = bars.at(-1);
  const lastValues = last ? series.map((each) => `${each.label} ${formatValue(last.values[each.key] ?? 0)}`).join(', ') : '';
  const summary = last ? `${label}. Last ${xLabel ?? 'bar'} ${last.x}: ${lastValues}.` : `${label}: no data yet.`;
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${CHART.width} ${CHART.height}`} role="img" aria-label={summary}>
        <g transform={`translate(${CHART.left},${CHART.top})`}>
          {y.ticks(2).map((tick) => (
            <g key={tick} className="chart-grid" transform={`translate(0,${y(tick)})`}>
              <line x2={plotWidth} />
              <text x={-6} dy="0.32em" textAnchor="end">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {bars.map((bar) => {
            let base = 0;
            return (
              <g key={bar.x} transform={`translate(${x(bar.x) ?? 0},0)`}>
                {series.map((each, index) => {
                  const value = bar.values[each.key] ?? 0;
                  const top = y(base + value);
                  const height = y(base) - top;
                  base += value;
                  return (
                    <rect key={each.key} className={`series-${index % 6}`} y={top} width={x.bandwidth()} height={Math.max(0, height)}>
                      <title>{`${xLabel ?? ''} ${bar.x} · ${each.label} ${formatValue(value)}`.trim()}</title>
                    </rect>
                  );
                })}
              </g>
            );
          })}
          {bars.map((bar, index) =>
            isLabelled(index, bars.length, step) ? (
              <text key={bar.x} className="chart-tick" x={(x(bar.x) ?? 0) + x.bandwidth() / 2} y={plotHeight + 14} textAnchor="middle">
                {bar.x}
              </text>
            ) : null,
          )}
        </g>
      </svg>
      <ChartLegend series={series} />
    </figure>
  );
}
