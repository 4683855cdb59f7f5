// The engine's public surface: main imports the engine only through this file (and node/index.ts for adapters).
export type { AgentReply, AgentRequest, AgentUnderTest } from './agents/agent';
export { createModelAgent, MODEL_AGENT_MAX_TOKENS, type ModelAgentOptions } from './agents/model-agent';
export { ToolCallFormatError } from './agents/tool-call-format-error';
export { LogprobTally } from './agents/logprob-tally';
export * from './models';
export { ModelUser, USER_TURN_TEMPERATURE, type ModelUserOptions } from './people/model-user';
export type { SimulatedUser, UserTurn, UserTurnRequest } from './people/simulated-user';
export { TemplateUser } from './people/template-user';
export { UserTurnError } from './people/user-turn-error';
export { withModelWording, writerTemperature, type ModelWordingOptions } from './writers/model-wording';
export type { Writer } from './writers/writer';
export { createGapFallbackWriter } from './writers/model-situations/gap-fallback-writer';
export {
  createModelSituationWriter,
  maxNoveltyRestarts,
  type ModelSituationWriter,
  type ModelSituationWriterOptions,
} from './writers/model-situations/model-situation-writer';
export { MODEL_SITUATION_PROMPT_HEAD } from './writers/model-situations/situation-prompt';
export { templateWording } from './writers/template-wording';
export { aimProblems, matchesAim, type Aim } from './coverage/aim';
export { AimError } from './coverage/aim-error';
export { coverageGap, type CoverageGap } from './coverage/coverage-gap';
export { coveringArray, DEFAULT_EFFORT, requiredTuples } from './coverage/covering-array';
export { CoveringInputError } from './coverage/covering-input-error';
export { ModelParseError } from './coverage/model-parse-error';
export { parsePictModel } from './coverage/pict-model';
export type { CoveringAxis, CoveringOptions, PartialRow } from './coverage/covering-array';
export { axesOfPair, pairsOf, pairwiseCoverage, pairwiseSummary, plannedPairs } from './coverage/pairwise-coverage';
export { planGrid, scenarioId, type GridCell, type GridPlan } from './coverage/plan-grid';
export * from './export';
export * from './grade';
export * from './prove';
export { SeededRandom, sha256Hex, shortHash, stableJson } from './seeded';
export * from './simulate';
export * from './spec';
export * from './traces';
export { pairsAccounting } from './coverage/plan-grid-pairs';
