import type { Issue } from '../../../shared/api';
import type { AimSummary, FailureMap, TraceImport, TraceImportResult, TraceSummary } from '../../../shared/api/traces';
import type { Run } from '../../../shared/domain';
import type { LoadStatus } from '../load-status';

/** A failed call with the problems it named (file, line or span, field), for a list under the message. */
export interface ProblemReport {
  message: string;
  issues: Issue[];
}

export interface CellTraces {
  key: string;
  rows: TraceSummary[];
  total: number;
  status: LoadStatus;
  error: string | null;
}

export interface TracesState {
  imports: TraceImport[];
  map: FailureMap | null;
  status: LoadStatus;
  error: string | null;
  importing: boolean;
  importError: ProblemReport | null;
  /** What the last import did ("Imported 30 traces", "30 traces already imported, 0 new"), for a confirmation. */
  lastImport: TraceImportResult | null;
  /** A change of the compared versions is being sent. */
  comparing: boolean;
  /** Why the versions chosen were refused. */
  compareError: string | null;
  /** Cell keys picked to aim at; none picked aims at every weak cell. */
  selected: string[];
  aiming: boolean;
  aimError: ProblemReport | null;
  aimed: { run: Run; aim: AimSummary } | null;
  /** The traces of the cell opened from the map. */
  cell: CellTraces | null;
}

export const initialTracesState: TracesState = {
  imports: [],
  map: null,
  status: 'idle',
  error: null,
  importing: false,
  importError: null,
  lastImport: null,
  comparing: false,
  compareError: null,
  selected: [],
  aiming: false,
  aimError: null,
  aimed: null,
  cell: null,
};
