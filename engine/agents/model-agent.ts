import type { Message, Sampling, ToolCall } from '../../shared/domain';
import type { GenerateRequest, GenerateResponse, ModelBackend, ModelMessage, ModelToolCall } from '../models/model-backend';
import { outputCap } from '../models/model-limits';
import { policyVersion } from '../models/policy-version';
import { runStopFor } from '../models/run-stop-error';
import type { AgentReply, AgentRequest, AgentUnderTest } from './agent';
import { brokenToolCalls, repairTurn } from './tool-call-repair';
import { ToolCallFormatError } from './tool-call-format-error';

/** The agent's answer cap; a reasoning model gets room for its reasoning on top (`outputCap`). */
export const MODEL_AGENT_MAX_TOKENS = 1024;

export interface ModelAgentOptions {
  /** Sent only when set, as the OpenAI and Anthropic clients do (the row's sampling says null otherwise, or once refused). */
  temperature?: number;
  /** Defaults to MODEL_AGENT_MAX_TOKENS, or REASONING_MAX_TOKENS for a reasoning model. */
  max_tokens?: number;
  /** `true`: each turn keeps its summed log-probability and token count; `tokens`: the per-token list too. */
  logprobs?: boolean | 'tokens';
  /** Per call, in milliseconds; a call past it is an agent error, re-rolled by the run. */
  timeout_ms?: number;
}

/** The rollout's messages as the model sees them (the system prompt travels apart). */
export function toModelMessages(messages: readonly Message[]): ModelMessage[] {
  const converted: ModelMessage[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        continue;
      case 'user':
        converted.push({ role: 'user', content: message.content });
        continue;
      case 'assistant':
        converted.push({
          role: 'assistant',
          content: message.content,
          ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}),
        });
        continue;
      case 'tool':
        converted.push({ role: 'tool', tool_call_id: message.tool_call_id, name: message.name, content: message.content });
        continue;
      default: {
        const unreachable: never = message;
        return unreachable;
      }
    }
  }
  return converted;
}

/**
 * Calls numbered by their place in the conversation (`call_0000`, `call_0001`...), as the rollout numbers calls that
 * come without one: a provider's ids are random (`call_8fK2…`, `toolu_01…`), and a seed must give the same rows.
 */
function numberedCalls(calls: readonly ModelToolCall[], messages: readonly Message[]): ToolCall[] {
  const earlier = messages.reduce((count, message) => count + (message.role === 'assistant' ? (message.tool_calls?.length ?? 0) : 0), 0);
  return calls.map((call, position) => ({
    id: `call_${String(earlier + position).padStart(4, '0')}`,
    name: call.name,
    arguments: call.arguments,
  }));
}

/** The turn's log-probabilities: null when the backend measured none (no logprobs, or a turn of tool calls only). */
function measuredLogprobs(
  response: GenerateResponse,
  logprobs: boolean | 'tokens',
): Pick<AgentReply, 'logprob' | 'n_tokens' | 'token_logprobs'> {
  const measured = response.logprobs !== undefined && response.logprobs.n_tokens > 0 ? response.logprobs : undefined;
  if (!measured) return { logprob: null, n_tokens: null };
  return {
    logprob: measured.sum,
    n_tokens: measured.n_tokens,
    ...(logprobs === 'tokens' && measured.tokens.length > 0 ? { token_logprobs: measured.tokens } : {}),
  };
}

/**
 * The agent under test on a model: one `generate` per turn with the run's system prompt and tools, and no temperature
 * unless one was set. Tool-call arguments that are not JSON go back to the model once as the call's error, as agent
 * loops do; a second broken turn is an agent error (`ToolCallFormatError`), which the run re-rolls. Calls outside a
 * tool's schema go to the world, which refuses them as a real backend would; calls are numbered by their place in
 * the conversation, not by the provider's random ids. A reply cut at the token cap is kept and flagged `truncated`.
 * A refused key or an empty account stops the run (`agent_auth_failed` / `agent_quota_exceeded`).
 */
export function createModelAgent(backend: ModelBackend, options: ModelAgentOptions = {}): AgentUnderTest {
  const temperature = options.temperature;
  const maxTokens = options.max_tokens ?? outputCap(backend.model, MODEL_AGENT_MAX_TOKENS);
  const logprobs = options.logprobs ?? false;
  const generate = async (request: GenerateRequest) => {
    try {
      return await backend.generate(request);
    } catch (error) {
      throw runStopFor(error, 'agent') ?? error;
    }
  };
  return {
    model: backend.spec,
    async respond(request: AgentRequest): Promise<AgentReply> {
      const generateRequest: GenerateRequest = {
        system: request.system_prompt,
        messages: toModelMessages(request.messages),
        tools: request.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
        ...(temperature === undefined ? {} : { temperature }),
        max_tokens: maxTokens,
        ...(logprobs ? { logprobs: true } : {}),
        ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
      };
      let response = await generate(generateRequest);
      const usage = { ...response.usage };
      const broken = brokenToolCalls(response);
      if (broken.length > 0) {
        response = await generate({ ...generateRequest, messages: [...generateRequest.messages, ...repairTurn(response, broken)] });
        usage.input_tokens += response.usage.input_tokens;
        usage.output_tokens += response.usage.output_tokens;
        const again = brokenToolCalls(response)[0];
        if (again) throw new ToolCallFormatError(`${backend.spec} called ${again.name} with ${again.message} twice: ${again.raw}`);
      }
      const sampling: Sampling = {
        model: backend.spec,
        temperature: temperature === undefined || response.dropped_parameters.includes('temperature') ? null : temperature,
        max_tokens: maxTokens,
        logprobs: response.dropped_parameters.includes('logprobs') ? false : logprobs,
      };
      const isCut = response.finish_reason === 'length';
      return {
        content: response.text,
        tool_calls: numberedCalls(response.tool_calls, request.messages),
        finish_reason: response.tool_calls.length > 0 ? 'tool' : isCut ? 'length' : 'stop',
        ...(isCut ? { truncated: true } : {}),
        usage,
        policy_version: policyVersion(backend.spec, request.system_prompt),
        sampling,
        ...(logprobs ? measuredLogprobs(response, logprobs) : {}),
      };
    },
  };
}
