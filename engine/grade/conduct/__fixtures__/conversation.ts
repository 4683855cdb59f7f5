import type { FaultMode, FaultPlan, Message, Row } from '../../../../shared/domain';

/** The order-support agent the fixtures talk to. */
export const DECLARED_TOOLS = [
  'get_order',
  'search_orders',
  'refund_order',
  'cancel_order',
  'update_address',
  'merge_pull_request',
] as const;

export interface FixtureCall {
  tool: string;
  args: Record<string, unknown>;
  /** The world's answer (stored as its JSON text), or raw text. */
  result: Record<string, unknown> | string;
  fault?: FaultMode;
}

export type Turn = { user: string } | { agent: string; calls?: FixtureCall[] };

/** Messages in the rollout's shape: tool answers follow the assistant turn that called them. */
export function conversation(turns: readonly Turn[]): Message[] {
  const messages: Message[] = [];
  let callNumber = 0;
  for (const turn of turns) {
    if ('user' in turn) {
      messages.push({ role: 'user', content: turn.user });
      continue;
    }
    const calls = (turn.calls ?? []).map((call) => ({ call, id: `call_${++callNumber}` }));
    messages.push({
      role: 'assistant',
      content: turn.agent,
      ...(calls.length > 0 ? { tool_calls: calls.map(({ call, id }) => ({ id, name: call.tool, arguments: call.args })) } : {}),
    });
    for (const { call, id } of calls) {
      messages.push({
        role: 'tool',
        tool_call_id: id,
        name: call.tool,
        content: typeof call.result === 'string' ? call.result : JSON.stringify(call.result),
        ...(call.fault ? { fault: call.fault } : {}),
      });
    }
  }
  return messages;
}

export interface FixtureOptions {
  faults?: Record<string, FaultPlan>;
  /** Defaults to the last assistant text. */
  final_text?: string;
  seeded?: string[];
  ended_by?: Row['ended_by'];
  finish_reason?: Row['finish_reason'];
  rollout_index?: number;
  scenario_id?: string;
}

/** A complete row around a conversation, with plausible values for everything the checks do not read. */
export function fixtureRow(name: string, turns: readonly Turn[], options: FixtureOptions = {}): Row {
  const messages = conversation(turns);
  const firstUser = messages.find((message) => message.role === 'user');
  const lastText = [...messages].reverse().find((message) => message.role === 'assistant' && message.content.trim() !== '');
  const faults = options.faults ?? {};
  return {
    rollout_id: `ro-${name}`,
    ordinal: 0,
    situation: {
      scenario_id: options.scenario_id ?? `sc-${name}`,
      dimensions: {
        tool: 'get_order',
        rule: 'unspecified',
        stance: 'ordinary',
        world_state: 'entity exists',
        tool_condition: Object.keys(faults).length > 0 ? 'timeout' : 'success',
        history: 'fresh',
      },
      world_state: 'entity exists',
      faults,
    },
    persona: { stance: 'ordinary', tags: [], aside: 'You keep it brief.', patience: 'normal' },
    writer: 'structured',
    writer_model: 'template',
    user_model: 'template',
    agent_model: 'demo',
    phrasing_index: 0,
    rollout_index: options.rollout_index ?? 0,
    prompt: firstUser?.content ?? '',
    messages,
    final_text: options.final_text ?? lastText?.content ?? '',
    ended_by: options.ended_by ?? 'agent',
    finish_reason: options.finish_reason ?? 'stop',
    behavior_signature: '',
    seeded: options.seeded ?? [],
    degraded: [],
    lineage: {},
  };
}

export const ORDER_A1001 = {
  status: 'ok',
  id: 'A-1001',
  name: 'stainless blender',
  order_status: 'shipped',
  amount: 89.5,
  currency: 'USD',
  updated_at: '2025-03-02T10:14:00Z',
};
export const TIMEOUT = { status: 'timeout', error: 'request timed out' };
