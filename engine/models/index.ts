export { callWarnings, CallStats, type CallStatsSnapshot, type WaitFigures } from './resilience/call-stats';
export { ConcurrencyLimit } from './resilience/concurrency-limit';
export {
  baseUrlOf,
  DEFAULT_BASE_URLS,
  endpointModel,
  notFoundHint,
  withEndpoint,
  withoutCredentials,
  type BaseUrlOverrides,
} from './endpoint';
export {
  ANTHROPIC_KEY_VARIABLE,
  COMPATIBLE_KEY_VARIABLE,
  keyVariablesFor,
  needsKey,
  OPENAI_KEY_VARIABLE,
  serverKeyVariable,
} from './key-variable';
export type {
  GenerateLogprobs,
  GenerateRequest,
  GenerateResponse,
  GenerateUsage,
  JsonResponseFormat,
  ModelBackend,
  ModelFinishReason,
  ModelMessage,
  ModelTool,
  ModelToolCall,
  ModelToolCallInput,
  TokenLogprob,
  ToolCallProblem,
} from './model-backend';
export { ModelCallError, type ModelCallErrorDetails, type ModelErrorKind } from './model-call-error';
export { modelFamily } from './model-family';
export {
  clampTemperature,
  isReasoningModel,
  outputCap,
  REASONING_MAX_TOKENS,
  TEMPERATURE_RANGES,
  temperatureProblem,
  temperatureRange,
} from './model-limits';
export { jsonObjectIn, visibleText } from './model-text';
export {
  MODEL_PROVIDERS,
  MODEL_ROLES,
  parseModelSpec,
  parseRoleSpec,
  roleSpecLabel,
  type ModelProvider,
  type ModelRole,
  type ModelSpec,
  type RoleSpec,
} from './model-spec';
export { ModelSpecError } from './model-spec-error';
export { policyVersion } from './policy-version';
export { PROBE_MESSAGE, probeModel, type ProbeResult } from './probe-model';
export { redactSecrets } from './redact-secret';
export { DROPPABLE_PARAMETERS, withResilience, type ResilienceOptions, type ResilientBackend } from './resilience/resilient-backend';
export {
  exhaustedWindow,
  parseDuration,
  rateLimitWindows,
  refusedLimitReset,
  resetMs,
  serverWait,
  type HeaderReader,
  type RateLimitWindow,
  type ServerWait,
  type TimedWindow,
} from './resilience/rate-limit-headers';
export { RatePause, type LimitClock } from './resilience/rate-pause';
export {
  DEFAULT_RETRY_POLICY,
  retryAfterMs,
  retryDelay,
  retryWait,
  retryWaitText,
  shouldRetryHeader,
  waitCap,
  type RetryPolicy,
  type RetryWait,
} from './resilience/retry-policy';
export { checkRoles, type RoleNotes } from './role-checks';
export { RunStopError, runStopFor, type RunSide } from './run-stop-error';
export { parseToolCalls, type RawToolCall } from './tool-arguments';
