import type { SimulationSummary } from '../../shared/domain';
import type { LeakageReport } from './trace-leakage';

export const TRACE_LEAKAGE_DROPPED = 'trace_leakage_dropped';

/** A run aimed at traces says when it dropped near copies: `trace_leakage_dropped` in degraded, and how many. */
export function withTraceLeakage(summary: SimulationSummary, report: LeakageReport): SimulationSummary {
  if (report.n_dropped === 0) return summary;
  const situations = report.n_dropped === 1 ? '1 generated situation' : `${report.n_dropped} generated situations`;
  return {
    ...summary,
    degraded: summary.degraded.includes(TRACE_LEAKAGE_DROPPED) ? summary.degraded : [...summary.degraded, TRACE_LEAKAGE_DROPPED],
    warnings: [
      ...summary.warnings,
      `${situations} near-copied a source trace (cosine >= ${report.threshold} on hashed n-gram ` +
        `vectors, highest ${report.max_similarity}) and ` +
        `${report.n_dropped === 1 ? 'was' : 'were'} dropped: traces aim the grid and never enter the data.`,
    ],
  };
}
