import { WRITER_ARMS, type BatchRecord } from '../../../shared/domain';
import { LineChart } from '../../components/line-chart';
import { StackedBarChart } from '../../components/stacked-bar-chart';
import { coverageSeries, shareSeries, spentSeries } from '../../stores/run/selectors';

const WRITER_SERIES = WRITER_ARMS.map((arm) => ({ key: arm, label: arm }));

/** What each writer wrote batch by batch beside the weights it was allocated with, and how coverage grew with it. */
export function RunCharts({ batches }: { batches: readonly BatchRecord[] }) {
  if (batches.length === 0) {
    return (
      <section className="run-charts run-charts-empty" aria-label="Charts">
        <p className="muted">What each writer wrote, the bandit's weights and coverage growth appear after the first batch.</p>
      </section>
    );
  }
  const spent = spentSeries(batches).map((bar) => ({ x: String(bar.batch + 1), values: bar.shares }));
  const weights = shareSeries(batches).map((bar) => ({ x: String(bar.batch + 1), values: bar.shares }));
  const coverage = coverageSeries(batches);
  const covered = [{ x: 0, y: 0 }, ...coverage.map((point) => ({ x: point.batch + 1, y: point.covered }))];
  const planned = [{ x: 0, y: coverage[0]!.planned }, ...coverage.map((point) => ({ x: point.batch + 1, y: point.planned }))];
  return (
    <section className="run-charts" aria-label="Charts">
      <div className="panel">
        <h2 className="panel-title">Rows each writer wrote per batch</h2>
        <StackedBarChart label="Rows each writer wrote per batch" series={WRITER_SERIES} bars={spent} xLabel="batch" />
      </div>
      <div className="panel">
        <h2 className="panel-title">The bandit's weights per batch</h2>
        <StackedBarChart label="The bandit's weights per batch" series={WRITER_SERIES} bars={weights} xLabel="batch" />
      </div>
      <div className="panel">
        <h2 className="panel-title">Coverage growth</h2>
        <LineChart
          label="Pairs covered per batch"
          xLabel="batch"
          lines={[
            { key: 'covered', label: 'pairs covered', points: covered },
            { key: 'planned', label: 'pairs planned', points: planned, dashed: true },
          ]}
        />
      </div>
    </section>
  );
}
