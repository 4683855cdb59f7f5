import type { Message, ToolSpec } from '../../../shared/domain';
import { idKindsFor } from '../../world/id-kinds';
import { knownIdsFromTools } from '../../world/references';
import type { AgentReply, AgentRequest, AgentUnderTest } from '../agent';
import { viewOf } from './demo-conversation';
import { plannedPlant } from './demo-plant';
import { initialState, type DemoEnvironment, type DemoState } from './demo-state';
import { decideTurn } from './demo-turn';

export interface DemoAgentOptions {
  tools: readonly ToolSpec[];
  /** The run's seed (SDK `seeded_agent(tools, rate, seed)`); per-rollout draws hang off `rollout_key`, which carries it. */
  seed: number;
  /** Share of rollouts with one planted mistake (default 0.35). */
  rate?: number;
  /**
   * The spec's result examples: with the tools they say which kind of entity each id prefix names, so the agent
   * never passes a transaction id where an account id is asked.
   */
  result_shapes?: Readonly<Record<string, unknown>>;
}

/** The policy asks for a confirmation before acting: "confirms before it moves money", "ask the customer first". */
const CONFIRM_POLICY = new RegExp(
  [
    String.raw`\bconfirm`,
    String.raw`\bconfirmation\b`,
    'explicit (?:approval|consent|permission)',
    'ask (?:the (?:user|customer|person) )?(?:first|before)',
    'double-check with',
    'check with the (?:user|customer)',
  ].join('|'),
  'i',
);

/**
 * The built-in demo agent (SDK section 6): it picks the tool the person's ask names, fills it with the identifier
 * they typed (asking when they gave none), lets the world answer, and replies honestly from what came back,
 * confirming first when the policy says so. On a deterministic `rate` share of rollouts it plants exactly one
 * realistic mistake and reports it in `AgentReply.seeded`, so an offline run shows passes and failures.
 *
 * Its state is a function of the messages alone: each turn replays its own earlier decisions from them, so any
 * number of rollouts can run at once and a resumed rollout answers the same. What it has already replayed of a
 * conversation is kept (weakly, by the conversation's first message) and reused only when the messages so far are
 * the very same objects, so each turn replays only what is new.
 */
export function createDemoAgent(options: DemoAgentOptions): AgentUnderTest {
  const rate = Math.min(1, Math.max(0, options.rate ?? 0.35));
  const replays = new WeakMap<Message, Replay>();
  return {
    model: 'demo',
    async respond(request: AgentRequest): Promise<AgentReply> {
      return respondNow(request, options, rate, replays);
    },
  };
}

/** The state after replaying a conversation's first `messages.length` messages, and what it was replayed under. */
interface Replay {
  messages: readonly Message[];
  state: DemoState;
  rolloutKey: string;
  tools: readonly ToolSpec[];
  systemPrompt: string;
}

/** The cached replay when it was made from the same leading messages (by identity) under the same request. */
function reusable(replay: Replay | undefined, request: AgentRequest, tools: readonly ToolSpec[]): Replay | undefined {
  if (!replay || replay.rolloutKey !== request.rollout_key || replay.tools !== tools || replay.systemPrompt !== request.system_prompt)
    return undefined;
  if (replay.messages.length > request.messages.length) return undefined;
  for (let index = 0; index < replay.messages.length; index++) if (replay.messages[index] !== request.messages[index]) return undefined;
  return replay;
}

function respondNow(request: AgentRequest, options: DemoAgentOptions, rate: number, replays: WeakMap<Message, Replay>): AgentReply {
  const tools = request.tools.length > 0 ? request.tools : options.tools;
  const environment: DemoEnvironment = {
    tools,
    rolloutKey: request.rollout_key,
    confirmFirst: CONFIRM_POLICY.test(request.system_prompt),
    knownIds: knownIdsFromTools(tools),
    idKinds: idKindsFor({ tools, ...(options.result_shapes === undefined ? {} : { result_shapes: options.result_shapes }) }),
  };
  const messages = request.messages;
  const first = messages[0];
  const earlier = first === undefined ? undefined : reusable(replays.get(first), request, tools);
  // An assistant turn at `index` is replayed from the messages before it, so the state after the first n messages
  // depends on those alone.
  let state: DemoState = earlier?.state ?? initialState(plannedPlant(request.rollout_key, rate));
  for (let index = earlier?.messages.length ?? 0; index < messages.length; index++) {
    if (messages[index]!.role === 'assistant') state = decideTurn(viewOf(messages.slice(0, index)), state, environment, true).state;
  }
  if (first !== undefined)
    replays.set(first, { messages: messages.slice(), state, rolloutKey: request.rollout_key, tools, systemPrompt: request.system_prompt });
  return decideTurn(viewOf(messages), state, environment).reply;
}
