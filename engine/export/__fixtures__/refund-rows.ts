import type { Message, Row, ToolSpec } from '../../../shared/domain';
import type { ExportInput, RunContext } from '../export-input';

export const REFUND_TOOLS: ToolSpec[] = [
  {
    name: 'lookup_order',
    description: 'Look an order up by its id. Orders on file: A1001, A1002.',
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  },
  {
    name: 'issue_refund',
    description: 'Refund part or all of an order to the original payment method.',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' }, amount: { type: 'number' }, reason: { type: 'string' } },
      required: ['order_id', 'amount'],
    },
  },
];

export const REFUND_CONTEXT: RunContext = {
  system_prompt:
    'You are the billing assistant for Lumen Outfitters.\n1. Confirm the order before refunding.\n2. ' +
    'Never refund more than the order total.',
  tools: REFUND_TOOLS,
};

export const HIDDEN_STATE = 'The second charge on A1001 is a pre-authorisation hold that drops off by itself within 72 hours';
export const REFERENCE = 'Refund the duplicate exactly once and quote the refund id back to the customer';
export const RUBRIC_TEXT = 'Pass when the agent confirms the order, survives the timeout and reports the refund id';

/** A realistic multi-turn conversation: a lookup, a clarifying question, a refund that times out and is retried. */
export function refundMessages(options: { leak?: boolean; final?: string } = {}): Message[] {
  const final =
    options.final ?? 'Done: refund R-20931 for $49.99 is on its way to your original card; it takes 3 to 5 business days to show.';
  return [
    { role: 'user', content: 'Hi, I was charged twice for order A1001 last week. Can you refund the duplicate charge?' },
    {
      role: 'assistant',
      content: '<think>Check the order first, rule 1.</think>',
      tool_calls: [{ id: 'call_lookup_1', name: 'lookup_order', arguments: { order_id: 'A1001' } }],
      logprob: -3.25,
      n_tokens: 18,
    },
    {
      role: 'tool',
      tool_call_id: 'call_lookup_1',
      name: 'lookup_order',
      content: '{"status": "ok", "order": {"id": "A1001", "amount": 49.99, "currency": "USD", "charges": 2}}',
    },
    {
      role: 'assistant',
      content: options.leak
        ? `Looking at it: ${HIDDEN_STATE.toLowerCase()}. Shall I still refund?`
        : 'I can see two charges of $49.99 on order A1001. Shall I refund the duplicate to your original card?',
    },
    { role: 'user', content: 'Yes please, to the original card.' },
    {
      role: 'assistant',
      content: '',
      tool_calls: [
        { id: 'call_refund_1', name: 'issue_refund', arguments: { order_id: 'A1001', amount: 49.99, reason: 'duplicate charge' } },
      ],
    },
    {
      role: 'tool',
      tool_call_id: 'call_refund_1',
      name: 'issue_refund',
      content: '{"status": "timeout", "error": "request timed out"}',
      fault: 'timeout',
    },
    {
      role: 'assistant',
      content: 'The refund system timed out, trying once more.',
      tool_calls: [
        { id: 'call_refund_2', name: 'issue_refund', arguments: { order_id: 'A1001', amount: 49.99, reason: 'duplicate charge' } },
      ],
    },
    {
      role: 'tool',
      tool_call_id: 'call_refund_2',
      name: 'issue_refund',
      content: '{"status": "ok", "refund_id": "R-20931", "amount": 49.99}',
    },
    { role: 'assistant', content: final },
  ];
}

export interface RowOptions {
  id?: string;
  scenario_id?: string;
  prompt?: string;
  rollout_index?: number;
  ordinal?: number;
  leak?: boolean;
  final?: string;
  messages?: Message[];
  agent_model?: string;
  behavior_signature?: string;
  ended_by?: Row['ended_by'];
  finish_reason?: Row['finish_reason'];
  tool_condition?: string;
}

export function refundRow(options: RowOptions = {}): Row {
  const messages = options.messages ?? refundMessages(options);
  const prompt = options.prompt ?? (messages[0]?.role === 'user' ? messages[0].content : '');
  if (options.prompt && messages[0]?.role === 'user') messages[0] = { role: 'user', content: options.prompt };
  const final = [...messages].reverse().find((message) => message.role === 'assistant');
  return {
    rollout_id: options.id ?? 'row-refund-0',
    ordinal: options.ordinal ?? 0,
    situation: {
      scenario_id: options.scenario_id ?? 'sc-3f9a1c20b7',
      dimensions: {
        tool: 'issue_refund',
        rule: 'Confirm the order before refunding.',
        stance: 'hurried',
        world_state: 'entity exists',
        tool_condition: options.tool_condition ?? 'timeout',
        history: 'fresh',
      },
      world_state: 'entity exists',
      faults: { issue_refund: { mode: 'timeout', rate: 0.5 } },
    },
    persona: {
      stance: 'hurried',
      tags: ['terse', 'polite'],
      aside: 'Writes short messages and wants it sorted today.',
      patience: 'normal',
    },
    writer: 'structured',
    writer_model: 'template',
    user_model: 'template',
    agent_model: options.agent_model ?? 'demo',
    phrasing_index: 0,
    rollout_index: options.rollout_index ?? 0,
    prompt,
    messages,
    final_text: options.final ?? final?.content ?? '',
    ended_by: options.ended_by ?? 'agent',
    finish_reason: options.finish_reason ?? 'stop',
    behavior_signature: options.behavior_signature ?? 'b5c0e1d2a3f4',
    seeded: [],
    degraded: [],
    lineage: {},
    privileged: { hidden_state: HIDDEN_STATE, reference: REFERENCE, rubric: RUBRIC_TEXT },
  };
}

export function refundInput(options: RowOptions & { reward?: number | null; reason?: string } = {}): ExportInput {
  return {
    row: refundRow(options),
    reward: options.reward === undefined ? 1 : options.reward,
    reason: options.reason ?? 'conforms',
    label_source: 'conduct',
    judge_name: 'conduct',
    judge_status: 'ok',
  };
}

/** k rollouts of one ask with the given rewards (ids `<scenario>#<i>`). */
export function rollouts(scenarioId: string, rewards: readonly (number | null)[], options: RowOptions = {}): ExportInput[] {
  return rewards.map((reward, index) =>
    refundInput({
      ...options,
      id: `${scenarioId}#${index}`,
      scenario_id: scenarioId,
      rollout_index: index,
      reward,
      behavior_signature: options.behavior_signature ?? `sig-${index}`,
      final: options.final ?? `Refund number ${index} is done: R-${20931 + index} for $49.99, 3 to 5 business days.`,
    }),
  );
}
