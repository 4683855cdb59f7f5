import type { ModelSpec } from './model-spec';
import type { RateLimitWindow } from './resilience/rate-limit-headers';

/**
 * The one interface every model provider implements (shaped like vercel/ai's LanguageModelV2): a request in
 * provider-neutral terms goes in, a response with text, parsed tool calls, usage and optional log-probabilities
 * comes out. Adapters for the OpenAI chat API (and any OpenAI-compatible server) and the Anthropic Messages API live
 * in `node/`; retries, the concurrency limit and parameter dropping wrap any backend (`withResilience`).
 */

/** A tool the model may call: a name, a description and a JSON Schema (`type: "object"`) for its arguments. */
export interface ModelTool {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** A tool call as sent back to the model in history: arguments are the parsed object. */
export interface ModelToolCallInput {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** The conversation in provider-neutral roles; the system prompt travels separately (`GenerateRequest.system`). */
export type ModelMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; tool_calls?: readonly ModelToolCallInput[] }
  | { role: 'tool'; tool_call_id: string; name: string; content: string };

/** Structured output: the reply must be one JSON value matching `schema` (named for providers that need a name). */
export interface JsonResponseFormat {
  type: 'json';
  name: string;
  schema: Record<string, unknown>;
}

export interface GenerateRequest {
  system?: string;
  messages: readonly ModelMessage[];
  tools?: readonly ModelTool[];
  /** `auto` when tools are given and this is omitted. */
  tool_choice?: 'auto' | 'none' | 'required';
  /** Omitted: the provider's default. Dropped (and the call retried) when the model refuses it. */
  temperature?: number;
  /** Cap on generated tokens (sent as `max_completion_tokens` / `max_tokens`). */
  max_tokens?: number;
  /** Ask for per-token log-probabilities (OpenAI and most compatible servers; Anthropic has none). */
  logprobs?: boolean;
  response_format?: JsonResponseFormat;
  /** Per-call limit in milliseconds; a call past it fails with kind `timeout`. */
  timeout_ms?: number;
}

/** A tool call the model made, its arguments parsed from JSON. */
export interface ModelToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** A tool call whose arguments could not be used: unparseable JSON, not an object, or outside the tool's schema. */
export interface ToolCallProblem {
  id: string;
  name: string;
  /** `malformed_json` cannot be passed on; `schema` calls are still in `tool_calls` (the world answers them). */
  kind: 'malformed_json' | 'not_an_object' | 'unknown_tool' | 'schema';
  message: string;
  /** The arguments text as the model wrote it, cut to 500 characters. */
  raw: string;
}

export type ModelFinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'other';

/** One generated token and its natural-log probability. */
export interface TokenLogprob {
  token: string;
  logprob: number;
}

export interface GenerateLogprobs {
  /** Sum of the generated tokens' log-probabilities (natural log, <= 0). */
  sum: number;
  n_tokens: number;
  /** Per token, when the server returned them. */
  tokens: TokenLogprob[];
}

export interface GenerateUsage {
  input_tokens: number;
  output_tokens: number;
}

export interface GenerateResponse {
  text: string;
  /** Calls whose arguments parsed to an object (schema problems included: see `tool_call_problems`). */
  tool_calls: ModelToolCall[];
  tool_call_problems: ToolCallProblem[];
  finish_reason: ModelFinishReason;
  usage: GenerateUsage;
  /** Present when asked for and the server returned them. */
  logprobs?: GenerateLogprobs;
  /** The model that answered, as the server names it. */
  response_model: string;
  /** Request fields the model refused, dropped before the call that answered (e.g. `temperature`). */
  dropped_parameters: string[];
  /** The limits the server's headers reported on this reply (none from local servers). */
  rate_limits?: RateLimitWindow[];
}

/** One model on one server. Implementations throw `ModelCallError` for every failure of the call itself. */
export interface ModelBackend {
  /** The canonical spec (`openai:gpt-4.1-mini`, with `@<base_url>` off the default server): what rows and grades are stamped with. */
  readonly spec: string;
  /** The model and server behind it, when known (test doubles may leave it out): its ranges and caps follow from it. */
  readonly model?: ModelSpec;
  generate(request: GenerateRequest): Promise<GenerateResponse>;
}
