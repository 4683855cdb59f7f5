export { aimedCells, aimWeight, aimWriters, type AimedWriters } from './aimed-writers';
export * from './constants';
export {
  CELL_STATUSES,
  cellKey,
  failureMap,
  STATUS_PRIORITY,
  type AxisCount,
  type FailureMapOptions,
  type CellStatus,
  type FailureCell,
  type FailureMap,
  type MapTrace,
  type VersionCount,
  type VersionSummary,
} from './failure-map';
export { rowsFromJsonl, type JsonlTracesOptions } from './import/jsonl-traces';
export { TRACE_LEAKAGE_DROPPED, withTraceLeakage } from './leakage-summary';
export { parseTraceFile, type TraceFile, type TraceFileOptions } from './import/parse-trace-file';
export { placeTrace, type PlaceOptions, type TracePlacement } from './place-trace';
export { rowsFromOtel, type OtelImport, type RowsFromOtelOptions } from './import/rows-from-otel';
export { traceAim, type AimRegion, type TraceAim, type TraceAimOptions } from './trace-aim';
export { FAULT_CHIPS, FAULT_TO_AXIS, resultFault, traceFaults, type FaultChip } from './trace-faults';
export { formatTraceIssue, TraceImportError, type TraceIssue } from './import/trace-import-error';
export { cosine, hashedVector, TraceLeakGate, type LeakageReport } from './trace-leakage';
export { dedupeTraces, traceIdentity, traceWhere, type DedupeStore, type DedupeVerdict, type TraceIdentity } from './import/trace-identity';
export { isToolStep, TRACE_FORMATS, userTexts, type TraceFormat, type TraceRow, type TraceStep } from './trace-row';
export { specFromTraces, toolsFromTraces } from './spec-from-traces';
export { createReplayWriter, replayTasks, type ReplayTask } from './replay-writer';
