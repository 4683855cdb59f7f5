export { DECISION_UNSURE_BAND, decisionJudge, isUnsure, type DecisionJudgeOptions, type DecisionModel, type DecisionVerdict } from './decision-judge';
export { AGENT_FAILURES, FAILURE_CLASSES, normalizeFailureClass, type FailureClass } from './failure-vocabulary';
export { functionJudge, type FunctionJudgeOptions, type JudgeFunction } from './function-judge';
export type { Judge, JudgeContext, JudgeOutput, LabelSource } from './judge';
export { fixedClock, type JudgeClock, type JudgeTimer } from './judge-clock';
export { JudgeConfigError } from './judge-config-error';
export { normalizeJudgeResult, type JudgeStatusValue, type NormalizedJudgeResult } from './normalize-judge-result';
export { RUBRIC_HASH_CHARS, rubricHash, rubricProvenance, type RubricJudgeSettings } from './rubric';
export { DEFAULT_JUDGE_CONCURRENCY, DEFAULT_JUDGE_TIMEOUT_MS, runJudge, type JudgedRow, type RunJudgeOptions } from './run-judge';
