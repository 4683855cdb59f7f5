export interface ChartSeries {
  key: string;
  label: string;
  /** Drawn dashed (a reference such as "planned"). */
  dashed?: boolean;
}

export function ChartLegend({ series }: { series: readonly ChartSeries[] }) {
  return (
    <figcaption className="chart-legend">
      {series.map((each, index) => (
        <span key={each.key}>
          <i className={`chart-swatch series-${index % 6}${each.dashed ? ' chart-swatch-dashed' : ''}`} aria-hidden="true" />
          {each.label}
        </span>
      ))}
    </figcaption>
  );
}
