import type { ToolSpec } from '../../shared/domain';
import { knownIdsFromTools } from '../world/references';
import type { AgentReply, AgentRequest, AgentUnderTest } from './agent';
import { viewOf } from './demo-conversation';
import { plannedPlant } from './demo-plant';
import { decideTurn, initialState, type DemoEnvironment, type DemoState } from './demo-turn';

export interface DemoAgentOptions {
  tools: readonly ToolSpec[];
  /** The run's seed (SDK `seeded_agent(tools, rate, seed)`); per-rollout draws hang off `rollout_key`, which carries it. */
  seed: number;
  /** Share of rollouts with one planted mistake (default 0.35). */
  rate?: number;
}

/** The policy asks for a confirmation before acting: "confirms before it moves money", "ask the customer first". */
const CONFIRM_POLICY = /\bconfirm|\bconfirmation\b|explicit (?:approval|consent|permission)|ask (?:the (?:user|customer|person) )?(?:first|before)|double-check with|check with the (?:user|customer)/i;

/**
 * The built-in demo agent (SDK section 6): it picks the tool the person's ask names, fills it with the identifier
 * they typed (asking when they gave none), lets the world answer, and replies honestly from what came back,
 * confirming first when the policy says so. On a deterministic `rate` share of rollouts it plants exactly one
 * realistic mistake and reports it in `AgentReply.seeded`, so an offline run shows passes and failures.
 *
 * It keeps no memory between calls: each turn replays its own earlier decisions from the messages, so any
 * number of rollouts can run at once and a resumed rollout answers the same.
 */
export function createDemoAgent(options: DemoAgentOptions): AgentUnderTest {
  const rate = Math.min(1, Math.max(0, options.rate ?? 0.35));
  return {
    model: 'demo',
    async respond(request: AgentRequest): Promise<AgentReply> {
      return respondNow(request, options, rate);
    },
  };
}

function respondNow(request: AgentRequest, options: DemoAgentOptions, rate: number): AgentReply {
  const tools = request.tools.length > 0 ? request.tools : options.tools;
  const environment: DemoEnvironment = {
    tools,
    rolloutKey: request.rollout_key,
    confirmFirst: CONFIRM_POLICY.test(request.system_prompt),
    knownIds: knownIdsFromTools(tools),
  };
  const messages = request.messages;
  let state: DemoState = initialState(plannedPlant(request.rollout_key, rate));
  for (let index = 0; index < messages.length; index++) {
    if (messages[index]!.role === 'assistant') state = decideTurn(viewOf(messages.slice(0, index)), state, environment, true).state;
  }
  return decideTurn(viewOf(messages), state, environment).reply;
}
