import type { Message, Sampling } from '../../shared/domain';
import type { GenerateRequest, ModelBackend, ModelMessage } from '../models/model-backend';
import { policyVersion } from '../models/policy-version';
import { runStopFor } from '../models/run-stop-error';
import type { AgentReply, AgentRequest, AgentUnderTest } from './agent';
import { ToolCallFormatError } from './tool-call-format-error';

/** SDK LOCAL_MODEL_TEMPERATURE: a model agent's sampling default. */
export const LOCAL_MODEL_TEMPERATURE = 0.8;
export const MODEL_AGENT_MAX_TOKENS = 1024;

export interface ModelAgentOptions {
  /** Defaults to LOCAL_MODEL_TEMPERATURE; dropped (and stamped null) for a model that refuses one. */
  temperature?: number;
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
 * The agent under test on a model: one `generate` per turn with the run's system prompt and tools. Tool-call
 * arguments that are not JSON make the turn an agent error (`ToolCallFormatError`), which the run re-rolls; calls
 * outside a tool's schema go to the world, which refuses them as a real backend would. A refused key or an empty
 * account stops the run (`agent_auth_failed` / `agent_quota_exceeded`).
 */
export function createModelAgent(backend: ModelBackend, options: ModelAgentOptions = {}): AgentUnderTest {
  const temperature = options.temperature ?? LOCAL_MODEL_TEMPERATURE;
  const maxTokens = options.max_tokens ?? MODEL_AGENT_MAX_TOKENS;
  const logprobs = options.logprobs ?? false;
  return {
    model: backend.spec,
    async respond(request: AgentRequest): Promise<AgentReply> {
      const generateRequest: GenerateRequest = {
        system: request.system_prompt,
        messages: toModelMessages(request.messages),
        tools: request.tools.map((tool) => ({ name: tool.name, description: tool.description, parameters: tool.parameters })),
        temperature,
        max_tokens: maxTokens,
        ...(logprobs ? { logprobs: true } : {}),
        ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
      };
      let response;
      try {
        response = await backend.generate(generateRequest);
      } catch (error) {
        throw runStopFor(error, 'agent') ?? error;
      }
      const broken = response.tool_call_problems.filter((problem) => problem.kind === 'malformed_json' || problem.kind === 'not_an_object');
      if (broken.length > 0) {
        const first = broken[0]!;
        throw new ToolCallFormatError(`${backend.spec} called ${first.name} with ${first.message}: ${first.raw}`);
      }
      const sampling: Sampling = {
        model: backend.spec,
        temperature: response.dropped_parameters.includes('temperature') ? null : temperature,
        max_tokens: maxTokens,
        logprobs,
      };
      const reply: AgentReply = {
        content: response.text,
        tool_calls: response.tool_calls.map((call) => ({ id: call.id, name: call.name, arguments: call.arguments })),
        finish_reason: response.tool_calls.length > 0 ? 'tool' : response.finish_reason === 'length' ? 'length' : 'stop',
        usage: response.usage,
        policy_version: policyVersion(backend.spec, request.system_prompt),
        sampling,
      };
      if (logprobs && response.logprobs) {
        reply.logprob = response.logprobs.sum;
        reply.n_tokens = response.logprobs.n_tokens;
        if (logprobs === 'tokens' && response.logprobs.tokens.length > 0) reply.token_logprobs = response.logprobs.tokens;
      }
      return reply;
    },
  };
}
