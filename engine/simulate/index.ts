export { offlineComponents, type SimulationComponents } from './offline-components';
export { batchRows, simulate, type SimulationEvent } from './simulate';
export type { SimulateOptions, WorldFactoryOptions } from './simulate-options';
export type { BatchSaturation, CoverageSaturation, SearchSaturation, SimulationBatch, SimulationOutcome } from './simulation-outcome';
export { FLAT_BATCHES, NEW_SIGNATURE_FLOOR, SATURATION_COPIES } from './stop-rule';
export { adaptiveExploreShare, DEFAULT_PROBE, runModeFor, type RunMode } from './run-mode';
