import { ENDED_BY, FINISH_REASONS, type Message, type Persona, type Sampling, type ToolCall, type ToolSpec } from '../../shared/domain';
import type { AgentUnderTest } from '../agents/agent';
import type { SimulatedUser } from '../people/simulated-user';
import { DEFAULT_AVG_TURNS, userTurnCap } from '../people/patience';
import type { World, WorldAnswer } from '../world/world';

export interface RolloutLimits {
  /** The person speaks at most this many times, the opening ask included (avg_turns // 2). */
  max_user_turns: number;
  /** Tool-calling rounds the agent may chain before it must answer. */
  max_tool_rounds: number;
}

export const DEFAULT_LIMITS: RolloutLimits = { max_user_turns: userTurnCap(DEFAULT_AVG_TURNS), max_tool_rounds: 6 };

export interface RolloutInput {
  ask: string;
  persona: Persona;
  system_prompt: string;
  tools: readonly ToolSpec[];
  agent: AgentUnderTest;
  user: SimulatedUser;
  world: World;
  rollout_key: string;
  limits?: RolloutLimits;
}

export interface RolloutResult {
  messages: Message[];
  final_text: string;
  ended_by: (typeof ENDED_BY)[number];
  finish_reason: (typeof FINISH_REASONS)[number];
  seeded: string[];
  tool_calls: number;
  /** Model agents only: what the last turn's model stamped, and the tokens over every turn. */
  policy_version?: string;
  sampling?: Sampling;
  usage?: { input_tokens: number; output_tokens: number };
}

/** The agent asked the person something: its last sentence ends with a question mark. */
export function endsWithQuestion(text: string): boolean {
  return /\?\s*["')\]]*\s*$/.test(text.trim());
}

function withIds(calls: readonly ToolCall[], used: Set<string>): ToolCall[] {
  return calls.map((call) => {
    let id = call.id;
    if (!id || used.has(id)) id = `call_${String(used.size).padStart(4, '0')}`;
    used.add(id);
    return { ...call, id };
  });
}

/**
 * One conversation: the person's ask, then the agent turn by turn. Tool calls go to the world and come back
 * as tool messages; a question to the person gets the simulated user's answer, or they leave.
 */
/** The tool message that carries the world's answer to a call, with the fault that produced it when one did. */
export function toolAnswerMessage(call: Pick<ToolCall, 'id' | 'name'>, answer: WorldAnswer): Message {
  return {
    role: 'tool',
    tool_call_id: call.id,
    name: call.name,
    content: JSON.stringify(answer.result),
    ...(answer.fault ? { fault: answer.fault } : {}),
  };
}

export async function runRollout(input: RolloutInput): Promise<RolloutResult> {
  const limits = input.limits ?? DEFAULT_LIMITS;
  const messages: Message[] = [{ role: 'user', content: input.ask }];
  const seeded: string[] = [];
  const callIds = new Set<string>();
  let userTurns = 1;
  let toolRounds = 0;
  let toolCalls = 0;
  let wasCut = false;
  const policy: Pick<RolloutResult, 'policy_version' | 'sampling' | 'usage'> = {};
  const finish = (result: Omit<RolloutResult, 'policy_version' | 'sampling' | 'usage'>): RolloutResult => ({ ...result, ...policy });

  for (;;) {
    const reply = await input.agent.respond({
      system_prompt: input.system_prompt,
      tools: input.tools,
      messages,
      rollout_key: input.rollout_key,
    });
    seeded.push(...(reply.seeded ?? []));
    if (reply.policy_version !== undefined) policy.policy_version = reply.policy_version;
    if (reply.sampling !== undefined) policy.sampling = reply.sampling;
    if (reply.usage !== undefined) {
      policy.usage = {
        input_tokens: (policy.usage?.input_tokens ?? 0) + reply.usage.input_tokens,
        output_tokens: (policy.usage?.output_tokens ?? 0) + reply.usage.output_tokens,
      };
    }
    const calls = withIds(reply.tool_calls, callIds);
    messages.push({
      role: 'assistant',
      content: reply.content,
      ...(calls.length > 0 ? { tool_calls: calls } : {}),
      ...(reply.logprob === undefined ? {} : { logprob: reply.logprob }),
      ...(reply.n_tokens === undefined ? {} : { n_tokens: reply.n_tokens }),
      ...(reply.token_logprobs === undefined ? {} : { token_logprobs: reply.token_logprobs }),
      ...(reply.truncated ? { truncated: true } : {}),
    });
    if (reply.truncated) wasCut = true;

    if (calls.length > 0) {
      for (const call of calls) {
        const answer = input.world.call(call.name, call.arguments);
        toolCalls++;
        messages.push(toolAnswerMessage(call, answer));
      }
      toolRounds++;
      if (toolRounds > limits.max_tool_rounds) {
        return finish({ messages, final_text: '', ended_by: 'max_turns', finish_reason: 'tool', seeded, tool_calls: toolCalls });
      }
      continue;
    }
    toolRounds = 0;

    // SDK: a row whose agent was cut at the token cap on any turn finished by `length`.
    const finishReason = reply.finish_reason === 'length' || wasCut ? 'length' : 'stop';
    if (!endsWithQuestion(reply.content)) {
      return finish({ messages, final_text: reply.content, ended_by: 'agent', finish_reason: finishReason, seeded, tool_calls: toolCalls });
    }
    if (userTurns >= limits.max_user_turns) {
      return finish({
        messages,
        final_text: reply.content,
        ended_by: 'max_turns',
        finish_reason: finishReason,
        seeded,
        tool_calls: toolCalls,
      });
    }
    const turn = await input.user.reply({ persona: input.persona, messages, user_turns: userTurns, rollout_key: input.rollout_key });
    if (turn.kind === 'left') {
      return finish({
        messages,
        final_text: reply.content,
        ended_by: 'user_left',
        finish_reason: finishReason,
        seeded,
        tool_calls: toolCalls,
      });
    }
    messages.push({ role: 'user', content: turn.text });
    userTurns++;
  }
}
