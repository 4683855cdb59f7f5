import type { Message, Sampling, TokenLogprob, ToolCall, ToolSpec } from '../../shared/domain';

/** One turn's worth of context for the agent under test: the whole conversation so far. */
export interface AgentRequest {
  system_prompt: string;
  tools: readonly ToolSpec[];
  /** Starts with the first user turn; tool results follow the assistant turn that called them. */
  messages: readonly Message[];
  /** Stable for a rollout (`<run seed>:<ordinal>`): agents that need randomness derive it from this. */
  rollout_key: string;
}

export interface AgentReply {
  content: string;
  tool_calls: ToolCall[];
  /** Summed log-probability of the generated tokens when asked for; null when the backend returned none for the turn. */
  logprob?: number | null;
  n_tokens?: number | null;
  /** Per-token log-probabilities, when asked for and returned. */
  token_logprobs?: TokenLogprob[];
  finish_reason?: 'stop' | 'length' | 'tool' | 'error';
  /** Model agents: the reply was cut at the token cap (kept as the agent's behaviour, flagged on the message). */
  truncated?: boolean;
  /** Model agents: tokens read and written for this turn. */
  usage?: { input_tokens: number; output_tokens: number };
  /** Model agents: `<model>@<sha16 of the system prompt>`, stamped on the row. */
  policy_version?: string;
  /** Model agents: how this turn was sampled (the temperature is null when none was sent). */
  sampling?: Sampling;
  /** What a seeded demo agent planted on this turn (e.g. `invented_reference`); empty for real agents. */
  seeded?: string[];
}

/**
 * The agent under test. It answers one turn at a time: either text for the person, or tool calls that the
 * rollout loop sends to the world and feeds back on the next turn.
 */
export interface AgentUnderTest {
  /** `demo` for the built-in agent, else the model spec or command it runs. */
  readonly model: string;
  respond(request: AgentRequest): Promise<AgentReply>;
}
