export { BROKEN_JUDGE_ROWS, BrokenJudgeCheck, storedGrade } from './broken-judge-check';
export { watchedJudge } from './watched-judge';
export {
  DECISION_UNSURE_BAND,
  decisionJudge,
  decisionVersion,
  isUnsure,
  type DecisionJudgeOptions,
  type DecisionModel,
  type DecisionVerdict,
} from './decision-judge';
export { AGENT_FAILURES, FAILURE_CLASSES, normalizeFailureClass, type FailureClass } from './failure-vocabulary';
export { functionJudge, type FunctionJudgeOptions, type JudgeFunction } from './function-judge';
export type { Judge, JudgeContext, JudgeOutput, LabelSource } from './judge';
export { fixedClock, type JudgeClock, type JudgeTimer } from './judge-clock';
export { JudgeConfigError } from './judge-config-error';
export {
  JUDGE_FINAL_TEXT_CHARS,
  JUDGE_PAYLOAD_CHARS,
  JUDGE_POLICY_CHARS,
  JUDGE_SITUATION_CHARS,
  judgePayload,
  transcript,
} from './judge-payload';
export { DEFAULT_RUBRIC_HEAD, defaultRubric } from './default-rubric';
export { DECISION_MAX_TOKENS, DECISION_PROMPT_VERSION, modelDecision, type ModelDecisionOptions } from './model-decision';
export { JUDGE_MAX_TOKENS, JUDGE_TEMPERATURE, RUBRIC_PROMPT_VERSION, rubricJudge, type RubricJudgeOptions } from './rubric-judge';
export { normalizeJudgeResult, type JudgeStatusValue, type NormalizedJudgeResult } from './normalize-judge-result';
export { RUBRIC_HASH_CHARS, rubricHash, rubricProvenance, type RubricJudgeSettings } from './rubric';
export { DEFAULT_JUDGE_CONCURRENCY, DEFAULT_JUDGE_TIMEOUT_MS, runJudge, type JudgedRow, type RunJudgeOptions } from './run-judge';
