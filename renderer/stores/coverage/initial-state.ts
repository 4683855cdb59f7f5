import type { CoverageMatrix, CoverageSummary } from '../../../shared/api/coverage';
import type { Axis, Dimensions } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';

/** Which two axes the heatmap crosses: x across the top, y down the side. */
export interface AxisPair {
  x: Axis;
  y: Axis;
}

export const DEFAULT_AXES: AxisPair = { x: 'tool', y: 'stance' };

export interface CoverageState {
  runId: string | null;
  summary: CoverageSummary | null;
  summaryStatus: LoadStatus;
  summaryError: string | null;
  axes: AxisPair;
  /** The heatmap of `axes`; kept while the next pair loads, so the screen does not blank. */
  matrix: CoverageMatrix | null;
  matrixStatus: LoadStatus;
  matrixError: string | null;
  /** `starting`: asked main; `filling`: the run is adding the cell's rows (they land in this run's heatmap). */
  fillStatus: 'idle' | 'starting' | 'filling';
  fillError: string | null;
  /** The fill under way or just ended: its cell, budget and rows landed so far; the last one stays until the next. */
  filling: { aim: Partial<Dimensions>; budget: number; rows: number; ended: string | null } | null;
}

export const initialCoverageState: CoverageState = {
  runId: null,
  summary: null,
  summaryStatus: 'idle',
  summaryError: null,
  axes: DEFAULT_AXES,
  matrix: null,
  matrixStatus: 'idle',
  matrixError: null,
  fillStatus: 'idle',
  fillError: null,
  filling: null,
};
