// The engine's public surface: main imports the engine only through this file (and node/index.ts for adapters).
export type { AgentReply, AgentRequest, AgentUnderTest } from './agents/agent';
export { coverageGap } from './coverage/coverage-gap';
export { coveringArray, DEFAULT_EFFORT, requiredTuples } from './coverage/covering-array';
export { CoveringInputError } from './coverage/covering-input-error';
export { ModelParseError } from './coverage/model-parse-error';
export { parsePictModel } from './coverage/pict-model';
export type { CoveringAxis, CoveringOptions, PartialRow } from './coverage/covering-array';
export { pairsOf, pairwiseCoverage, plannedPairs } from './coverage/pairwise-coverage';
export { planGrid, scenarioId, type GridCell, type GridPlan } from './coverage/plan-grid';
export * from './export';
export * from './grade';
export * from './prove';
export { SeededRandom, sha256Hex, shortHash, stableJson } from './seeded';
export * from './simulate';
export * from './spec';
