import type { Message, ToolSpec } from '../../../../shared/domain';
import type { World } from '../../../world/world';
import { toolAnswerMessage } from '../../../rollout/run-rollout';
import type { AgentUnderTest } from '../../agent';

export interface ScriptedRollout {
  messages: Message[];
  /** Everything the agent reported planting, turn by turn. */
  seeded: string[];
}

export interface ScriptOptions {
  agent: AgentUnderTest;
  world: World;
  tools: readonly ToolSpec[];
  systemPrompt: string;
  rolloutKey: string;
  /** What the person says, one line per turn; the script ends when they run out. */
  userTurns: readonly string[];
  /** Agent turns before giving up (a safety stop for agents that never reply). */
  maxTurns?: number;
}

/**
 * A minimal rollout: the person's lines in order, the agent's turns, and the world answering every tool call, as
 * the rollout loop does. For tests and demos of an agent against a world without the whole engine.
 */
export async function playScript(options: ScriptOptions): Promise<ScriptedRollout> {
  const messages: Message[] = [];
  const seeded: string[] = [];
  const pending = [...options.userTurns];
  for (let turn = 0; turn < (options.maxTurns ?? 16); turn++) {
    const last = messages[messages.length - 1];
    if (last === undefined || (last.role === 'assistant' && (last.tool_calls ?? []).length === 0)) {
      const line = pending.shift();
      if (line === undefined) break;
      messages.push({ role: 'user', content: line });
    }
    const reply = await options.agent.respond({
      system_prompt: options.systemPrompt,
      tools: options.tools,
      messages: [...messages],
      rollout_key: options.rolloutKey,
    });
    seeded.push(...(reply.seeded ?? []));
    messages.push(
      reply.tool_calls.length > 0
        ? { role: 'assistant', content: reply.content, tool_calls: reply.tool_calls }
        : { role: 'assistant', content: reply.content },
    );
    for (const call of reply.tool_calls) {
      messages.push(toolAnswerMessage(call, options.world.call(call.name, call.arguments)));
    }
  }
  return { messages, seeded };
}
