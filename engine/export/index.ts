export * from './constants';
export { CARRY_KEYS, PAIR_CARRY_KEYS, RL_CARRY_KEYS, carryFields } from './carry';
export { type CardKind, type CardSplit, datasetCard, type DatasetCardOptions, SPLIT_NAME } from './dataset-card';
export {
  type ContaminationHit,
  type ContaminationRule,
  decontaminate,
  type DecontaminationOptions,
  type DecontaminationReport,
  type DecontaminationRow,
  Decontaminator,
  type EvalRow,
} from './decontaminate';
export {
  type LineError as DecontaminationLineError,
  parseDecontaminationJsonl,
  parseDecontaminationLine,
  type ParsedLine,
} from './decontamination-lines';
export { type BuildTasksOptions, type BuiltTasks, buildTasks, type EnvironmentTask } from './environment/build-tasks';
export { EnvironmentExportError } from './environment/environment-export-error';
export {
  DEFAULT_ENVIRONMENT_NAME,
  distributionName,
  environmentFilePaths,
  environmentName,
  referenceProblem,
} from './environment/environment-name';
export {
  type EnvironmentFile,
  type EnvironmentOptions,
  type EnvironmentReport,
  exportEnvironment,
  WorldDials,
} from './environment/export-environment';
export { ExportCancelledError } from './export-cancelled-error';
export { EXPORT_FORMATS, type ExportFormat, type ExportOptions, type ExportReport, exportRows } from './export-formats';
export {
  EMPTY_CONTEXT,
  type ExportGold,
  type ExportGrade,
  type ExportInput,
  hasToolCalls,
  type RunContext,
  scenarioOf,
} from './export-input';
export { ExportPathError } from './export-path-error';
export { ExportRefusedError } from './export-refused-error';
export { FileCheck, type FileCheckReport, MIN_TRAINING_EXAMPLES } from './file-check';
export { exportGrpo, type GrpoExportOptions, type GrpoReport, grpoLine } from './grpo-export';
export { pushCommitDescription, pushCommitTitle, pushTag, repoIdProblem, type SplitDelta } from './hub-naming';
export { junkReason, type JunkReason } from './junk';
export { findLeak, LEAK_FIELDS, type LeakHit, LeakGate, type LeakReport, leakReport } from './leak-gate';
export type { LineProblem } from './line-problems';
export { lossMask, MASK_MODES, type MaskMode } from './loss-mask';
export {
  type Manifest,
  MANIFEST_FILE,
  type ManifestPush,
  type ManifestSplit,
  manifestText,
  nextManifest,
  type PushedSplit,
  type PushInput,
  recordCommit,
  rowKey,
} from './manifest';
export { type LineOptions, openAiLine, openAiMessage } from './openai-format';
export {
  exportPreference,
  PREFERENCE_FORMATS,
  type PreferenceExportOptions,
  type PreferenceFormat,
  type PreferenceReport,
  preferenceLine,
} from './preference-export';
export { buildPreferencePairs, type PairOptions, type PairReport, pairsForPrompt, type PreferencePair } from './preference-pairs';
export { decodeArguments, pythonJson } from './python-json';
export { type RewardSummary } from './reward-summary';
export { RoundtripGate, type RoundtripReport, toolCallRoundtrip } from './roundtrip-gate';
export { NEVER_EXPORTED_KEYS, scrubPrivileged } from './scrub';
export {
  bandUncertainty,
  type Calibration,
  type RlGroup,
  rlGroupId,
  type RlSelectOptions,
  type RlSelectReport,
  selectForRl,
} from './select-rl';
export { SFT_SELECT_MODES, selectForSft, type SftSelectMode, type SftSelectOptions, type SftSelectReport } from './select-sft';
export { select, Selection } from './selection';
export { collect, groupBy, groupConsecutive, type RowStream } from './source';
export { checkFractions, type SplitFractions, type SplitName, SPLITS, splitBucket, splitOf } from './splits';
export {
  type ExportStream,
  exportTraining,
  SFT_FORMATS,
  type SftFormat,
  type TrainingExportOptions,
  type TrainingInput,
  type TrainingReport,
  type TrainingState,
  type TrainingStream,
  TrainingTally,
} from './training-export';
export { lineJson } from './line-json';
export {
  gradeFitsPrepared,
  gradeMayQuote,
  LeakHitFact,
  PREPARED_LINE_VERSION,
  PreparedFacts,
  type PreparedInput,
  type PreparedLine,
  prepareLine,
  preparedRecipe,
  servesPreparedLines,
  type StoredPreparedLine,
} from './prepared-line';
export { type SampleMessage, type SampleOptions, type TrainingSample, trainingSamples } from './training-samples';
export { trlLine, trlMessage } from './trl-format';
export { type OpenAiCheckOptions, validateOpenAiLine, validateOpenAiPreferenceLine } from './validate-openai';
export { type TrlKind, validateTrlLine } from './validate-trl';
