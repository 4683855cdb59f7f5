import type { Issue, MethodOutput } from '../../../shared/api';
import type { Axis, RunSummary } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';

/** One side of the comparison as the person set it up. */
export type SideChoice = { kind: 'file'; name: string; text: string } | { kind: 'run'; run_id: string; category_axis: Axis } | null;

export type ProveResult = MethodOutput<'prove.report'>;

export interface ProveState {
  runs: RunSummary[];
  runsStatus: LoadStatus;
  before: SideChoice;
  after: SideChoice;
  status: LoadStatus;
  error: { message: string; issues: Issue[] } | null;
  result: ProveResult | null;
}

export const initialProveState: ProveState = {
  runs: [],
  runsStatus: 'idle',
  before: null,
  after: null,
  status: 'idle',
  error: null,
  result: null,
};
