export { conductGrade, type ConductRow, type ConductVerdict } from './conduct-grade';
export { CONDUCT_PROVENANCE, conductFailureClass, conductJudge, conductToGrade, type ConductGradeOptions } from './conduct-judge';
export { DEAD_TOOL_MIN_CALLS, DEAD_TOOL_R_MIN, deadTools, toolOutcomes, type DeadTool, type ToolOutcome } from './dead-tools';
export {
  CONDUCT_RULES,
  CONDUCT_RULESET,
  CONDUCT_VERSION,
  PASSING_RULES,
  REPEATED_CALL_LIMIT,
  TRUNCATED_REPLY_CHARS,
  type ConductFailure,
  type ConductRule,
} from './rules';
export type { ConductSpan } from './spans';
export { looksFinished } from './truncation';
