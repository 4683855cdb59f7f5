export { judgeInLoop, type JudgeInLoopOptions, type LoopGrade, type LoopGrader } from './loop-grader';
export { offlineComponents, type SimulationComponents } from './offline-components';
export { simulate } from './simulate';
export { batchRows } from './simulation-run';
export type { SimulateOptions, WorldFactoryOptions } from './simulate-options';
export type {
  BatchSaturation,
  CoverageSaturation,
  SearchSaturation,
  SimulationBatch,
  SimulationEvent,
  SimulationOutcome,
} from './simulation-outcome';
export { FLAT_BATCHES, NEW_SIGNATURE_FLOOR, SATURATION_COPIES } from './stop-rule';
export { adaptiveExploreShare, DEFAULT_PROBE, runModeFor, type RunMode } from './run-mode';
