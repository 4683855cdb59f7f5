import {
  ANNOTATIONS,
  EVALUATIONS,
  INPUT_VALUE,
  LLM_INPUT_MESSAGES,
  LLM_MODEL_NAME,
  LLM_OUTPUT_MESSAGES,
  LLM_REQUEST_MODEL_NAME,
  LLM_RESPONSE_MODEL_NAME,
  LLM_TOKEN_COUNT_COMPLETION,
  LLM_TOKEN_COUNT_PROMPT,
  LLM_TOOLS,
  OUTPUT_VALUE,
  SemanticConventions,
  SESSION_ANNOTATIONS,
  SESSION_EVALUATIONS,
  SESSION_ID,
  TOOL_DESCRIPTION,
  TOOL_ID,
  TOOL_JSON_SCHEMA,
  TOOL_NAME,
  TOOL_PARAMETERS,
  TRACE_ANNOTATIONS,
  TRACE_EVALUATIONS,
} from '@arizeai/openinference-semantic-conventions';
import {
  ATTR_GEN_AI_COMPLETION,
  ATTR_GEN_AI_CONVERSATION_ID,
  ATTR_GEN_AI_EVALUATION_EXPLANATION,
  ATTR_GEN_AI_EVALUATION_NAME,
  ATTR_GEN_AI_EVALUATION_SCORE_LABEL,
  ATTR_GEN_AI_EVALUATION_SCORE_VALUE,
  ATTR_GEN_AI_INPUT_MESSAGES,
  ATTR_GEN_AI_OPERATION_NAME,
  ATTR_GEN_AI_OUTPUT_MESSAGES,
  ATTR_GEN_AI_PROMPT,
  ATTR_GEN_AI_REQUEST_MODEL,
  ATTR_GEN_AI_RESPONSE_MODEL,
  ATTR_GEN_AI_SYSTEM_INSTRUCTIONS,
  ATTR_GEN_AI_TOOL_CALL_ARGUMENTS,
  ATTR_GEN_AI_TOOL_CALL_ID,
  ATTR_GEN_AI_TOOL_CALL_RESULT,
  ATTR_GEN_AI_TOOL_DEFINITIONS,
  ATTR_GEN_AI_TOOL_DESCRIPTION,
  ATTR_GEN_AI_TOOL_NAME,
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_GEN_AI_USAGE_COMPLETION_TOKENS,
  ATTR_GEN_AI_USAGE_PROMPT_TOKENS,
  EVENT_GEN_AI_CLIENT_INFERENCE_OPERATION_DETAILS,
  EVENT_GEN_AI_EVALUATION_RESULT,
  GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL,
} from '@opentelemetry/semantic-conventions/incubating';

// The attribute names the trace importer reads, from the two conventions' own packages (OTel GenAI, incubating;
// OpenInference), in the order they are tried. Names neither package defines are marked where they are listed.

export const SPAN_KIND = SemanticConventions.OPENINFERENCE_SPAN_KIND;
export const OPERATION_NAME = ATTR_GEN_AI_OPERATION_NAME;
export const EXECUTE_TOOL = GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL;

/** Older instrumentations and the SDK's own stamps (`conversation.id`, `gen_ai.session.id`, `thread.id`) come after. */
export const CONVERSATION_KEYS = [ATTR_GEN_AI_CONVERSATION_ID, 'conversation.id', SESSION_ID, 'gen_ai.session.id', 'thread.id'];

/** `gen_ai.tool.input` / `tool.input` are pre-1.37 spellings; `input.value` is OpenInference's (and Koog's) carrier. */
export const TOOL_ARGUMENT_KEYS = [ATTR_GEN_AI_TOOL_CALL_ARGUMENTS, 'gen_ai.tool.input', 'tool.input'];
export const TOOL_RESULT_KEYS = [ATTR_GEN_AI_TOOL_CALL_RESULT, 'gen_ai.tool.output', 'tool.output'];
export const SPAN_INPUT_VALUE = INPUT_VALUE;
export const SPAN_OUTPUT_VALUE = OUTPUT_VALUE;
export const TOOL_NAME_KEYS = [ATTR_GEN_AI_TOOL_NAME, TOOL_NAME];
export const TOOL_CALL_ID_KEYS = [ATTR_GEN_AI_TOOL_CALL_ID, TOOL_ID, 'tool_call.id'];
export const TOOL_DESCRIPTION_KEYS = [ATTR_GEN_AI_TOOL_DESCRIPTION, TOOL_DESCRIPTION];

export const USAGE_INPUT_KEYS = [
  ATTR_GEN_AI_USAGE_INPUT_TOKENS,
  ATTR_GEN_AI_USAGE_PROMPT_TOKENS,
  LLM_TOKEN_COUNT_PROMPT,
  'llm.usage.prompt_tokens',
];
export const USAGE_OUTPUT_KEYS = [
  ATTR_GEN_AI_USAGE_OUTPUT_TOKENS,
  ATTR_GEN_AI_USAGE_COMPLETION_TOKENS,
  LLM_TOKEN_COUNT_COMPLETION,
  'llm.usage.completion_tokens',
];
/** The request model first: the response model names a dated snapshot of it. */
export const MODEL_KEYS = [
  ATTR_GEN_AI_REQUEST_MODEL,
  LLM_REQUEST_MODEL_NAME,
  LLM_MODEL_NAME,
  ATTR_GEN_AI_RESPONSE_MODEL,
  LLM_RESPONSE_MODEL_NAME,
];

/** `gen_ai.prompt` / `gen_ai.completion` are the pre-1.37 flattened spellings (`gen_ai.prompt.0.role`). */
export const INPUT_MESSAGE_KEYS = [ATTR_GEN_AI_INPUT_MESSAGES, ATTR_GEN_AI_PROMPT, LLM_INPUT_MESSAGES];
export const OUTPUT_MESSAGE_KEYS = [ATTR_GEN_AI_OUTPUT_MESSAGES, ATTR_GEN_AI_COMPLETION, LLM_OUTPUT_MESSAGES];
/** The opt-in GenAI event that carries the same content attributes as the span. */
export const DETAILS_EVENT = EVENT_GEN_AI_CLIENT_INFERENCE_OPERATION_DETAILS;

export const SYSTEM_INSTRUCTIONS = ATTR_GEN_AI_SYSTEM_INSTRUCTIONS;
export const TOOL_DEFINITIONS = ATTR_GEN_AI_TOOL_DEFINITIONS;
/** OpenInference: `llm.tools.N.tool.json_schema`, one stringified tool per index. */
export const LLM_TOOL_LIST = LLM_TOOLS;
export const LLM_TOOL_SCHEMA = TOOL_JSON_SCHEMA;
export const TOOL_SPAN_PARAMETERS = TOOL_PARAMETERS;

export const EVALUATION_EVENT = EVENT_GEN_AI_EVALUATION_RESULT;
export const EVALUATION_NAME = ATTR_GEN_AI_EVALUATION_NAME;
export const EVALUATION_SCORE = ATTR_GEN_AI_EVALUATION_SCORE_VALUE;
export const EVALUATION_LABEL = ATTR_GEN_AI_EVALUATION_SCORE_LABEL;
export const EVALUATION_EXPLANATION = ATTR_GEN_AI_EVALUATION_EXPLANATION;
/** OpenInference feedback lists (`annotations.0.annotation.name`, `trace.evaluations.1.evaluation.score`, ...). */
export const FEEDBACK_LISTS = [ANNOTATIONS, EVALUATIONS, TRACE_ANNOTATIONS, TRACE_EVALUATIONS, SESSION_ANNOTATIONS, SESSION_EVALUATIONS];
