import type { Row } from '../../../shared/domain';

/** A small, valid row for store tests; `ordinal` varies the id and the stance. */
export function sampleRow(ordinal: number, overrides: Partial<Row> = {}): Row {
  const stances = ['ordinary', 'hurried', 'adversarial'];
  return {
    rollout_id: `ro-${ordinal}`,
    ordinal,
    situation: {
      scenario_id: `sc-${String(ordinal % 7).padStart(10, '0')}`,
      dimensions: {
        tool: 'get_order',
        rule: 'Confirm before refunding.',
        stance: stances[ordinal % stances.length]!,
        world_state: 'entity exists',
        tool_condition: 'success',
        history: 'fresh',
      },
      world_state: 'entity exists',
      faults: {},
    },
    persona: { stance: 'ordinary', tags: ['lowercase'], aside: 'You keep it brief.', patience: 'normal' },
    writer: 'structured',
    writer_model: 'template',
    user_model: 'template',
    agent_model: 'demo',
    phrasing_index: 0,
    rollout_index: 0,
    prompt: 'where is my order A1001',
    messages: [
      { role: 'user', content: 'where is my order A1001' },
      { role: 'assistant', content: '', tool_calls: [{ id: 'call_0', name: 'get_order', arguments: { order_id: 'A1001' } }] },
      { role: 'tool', tool_call_id: 'call_0', name: 'get_order', content: '{"status":"ok","id":"A1001"}' },
      { role: 'assistant', content: 'Your order A1001 shipped yesterday.' },
    ],
    final_text: 'Your order A1001 shipped yesterday.',
    ended_by: 'agent',
    finish_reason: 'stop',
    behavior_signature: 'abc123def456',
    seeded: [],
    lineage: {},
    degraded: [],
    ...overrides,
  };
}
