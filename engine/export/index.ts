export * from './constants';
export { CARRY_KEYS, PAIR_CARRY_KEYS, RL_CARRY_KEYS, carryFields } from './formats/carry';
export { type CardKind, type CardSplit, datasetCard, type DatasetCardOptions, SPLIT_NAME } from './hub/dataset-card';
export {
  type ContaminationHit,
  type ContaminationRule,
  decontaminate,
  type DecontaminationOptions,
  type DecontaminationReport,
  type DecontaminationRow,
  Decontaminator,
  type EvalRow,
} from './decontamination/decontaminate';
export {
  type LineError as DecontaminationLineError,
  parseDecontaminationJsonl,
  parseDecontaminationLine,
  type ParsedLine,
} from './decontamination/decontamination-lines';
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
export { EmptyExportError } from './empty-export-error';
export { ExportCancelledError } from './export-cancelled-error';
export { EXPORT_FORMATS, type ExportFormat, type ExportOptions, type ExportReport, exportRows } from './export-formats';
export { exportPairRows } from './export-formats';
export { type PairRow, pairRowOf, type PairScenario } from './selection/pair-row';
export { PAIR_FACTS_VERSION, pairFactsOf, pairRowOfStored, type StoredPairFacts, type StoredPairRow } from './selection/pair-facts';
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
export { FileCheck, type FileCheckReport, MIN_TRAINING_EXAMPLES } from './gates/file-check';
export { exportGrpo, type GrpoExportOptions, type GrpoReport, grpoLine } from './formats/grpo-export';
export { pushCommitDescription, pushCommitTitle, pushTag, repoIdProblem, type SplitDelta } from './hub/hub-naming';
export { junkReason, type JunkReason } from './gates/junk';
export { findLeak, LEAK_FIELDS, type LeakHit, LeakGate, type LeakReport, leakReport } from './gates/leak-gate';
export type { LineProblem } from './gates/line-problems';
export { lossMask, MASK_MODES, type MaskMode } from './formats/loss-mask';
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
} from './hub/manifest';
export { type LineOptions, METADATA_MODES, type MetadataMode, openAiExtras, openAiLine, openAiMessage } from './formats/openai-format';
export { metadataLine } from './formats/metadata-line';
export {
  exportPreference,
  PREFERENCE_FORMATS,
  type PreferenceExportOptions,
  type PreferenceFormat,
  type PreferenceReport,
  preferenceLine,
} from './formats/preference/preference-export';
export { buildPreferencePairs, type PairOptions, type PairReport, pairsForPrompt, type PreferencePair } from './selection/preference-pairs';
export { decodeArguments, pythonJson } from './formats/python-json';
export { type RewardSummary } from './formats/reward-summary';
export { RoundtripGate, type RoundtripReport, toolCallRoundtrip } from './gates/roundtrip-gate';
export { NEVER_EXPORTED_KEYS, scrubPrivileged } from './gates/scrub';
export { bandUncertainty } from './selection/rl-difficulty';
export { type Calibration, type RlGroup, rlGroupId } from './selection/rl-groups';
export { type RlSelectOptions, type RlSelectReport, selectForRl } from './selection/select-rl';
export { SFT_SELECT_MODES, selectForSft, type SftSelectMode, type SftSelectOptions, type SftSelectReport } from './selection/select-sft';
export { select, Selection } from './selection/selection';
export { collect, groupBy, groupConsecutive, type RowStream } from './source';
export { checkFractions, emptySplitWarning, type SplitFractions, type SplitName, SPLITS, splitBucket, splitOf } from './selection/splits';
export {
  type ExportStream,
  exportTraining,
  exportTrainingFramed,
  SFT_FORMATS,
  type SftFormat,
  type TrainingExportOptions,
  type TrainingInput,
  type TrainingReport,
  type TrainingStream,
} from './formats/training-export';
export { type TrainingState, TrainingTally } from './formats/training-tally';
export { lineJson } from './formats/line-json';
export { FramedLine, type JsonlLine, LineFrame } from './formats/framed-line';
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
} from './formats/prepared-line';
export { type SampleMessage, type SampleOptions, type TrainingSample, trainingSamples } from './formats/training-samples';
export { trlExtras, trlLine, trlMessage } from './formats/trl-format';
export { type OpenAiCheckOptions, validateOpenAiLine, validateOpenAiPreferenceLine } from './gates/validate-openai';
export { type TrlKind, validateTrlLine } from './gates/validate-trl';
