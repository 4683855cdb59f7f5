import { HISTORIES, RunConfig, STANCES, TOOL_CONDITIONS, WORLD_STATES, WRITER_ARMS, type Row, type Spec } from '../../../shared/domain';
import { statement, type Db } from '../database';
import { insertRow, storedRowId } from '../rows/rows-repository';
import { insertRun, updateRun } from '../runs/runs-repository';
import { insertSpec } from '../runs/specs-repository';

/*
 * Synthetic rows for store tests and the UI benchmark: varied on every axis, with tool calls, faults, conduct and
 * judge grades and a few human labels, written straight through the repositories (no simulation). Deterministic:
 * each row is a function of its ordinal alone.
 */

export const GENERATED_TOOLS = [
  'get_order',
  'issue_refund',
  'cancel_order',
  'track_shipment',
  'start_return',
  'search_orders',
  'multi_tool',
  'unrelated',
];
export const GENERATED_RULES = [
  'Confirm the amount and the order before issuing a refund.',
  'Never invent an order number, tracking number or delivery date.',
  'An order can be cancelled only before it ships.',
  'Refund only to the original payment method.',
];
const TEXTURES = ['lowercase', 'standard', 'clipped', 'sarcastic'];
const PRESSURES = ['rushed', 'calm', 'insistent'];
const TOPICS = ['refund', 'parcel', 'invoice', 'address', 'delivery', 'warranty', 'discount', 'replacement'];
const CONDUCT_RULES = ['action_without_call', 'invented_identifier', 'success_after_failure'];

/** A small, fast, seeded generator (mulberry32): fixtures stay reproducible without Math.random. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

export function generatedRow(ordinal: number): Row {
  const next = generator(ordinal * 7919 + 17);
  const tool = pick(next, GENERATED_TOOLS);
  const stance = pick(next, STANCES);
  const toolCondition = next() < 0.7 ? 'success' : pick(next, TOOL_CONDITIONS);
  const worldState = pick(next, WORLD_STATES);
  const topic = pick(next, TOPICS);
  const orderId = `A${10000 + ordinal}`;
  const texture = pick(next, TEXTURES);
  const prompt =
    `${texture === 'lowercase' ? 'hi' : 'Hello'}, about my ${topic} for order ${orderId}: can you ` +
    `${tool.replaceAll('_', ' ')} it? I am ${stance} today.`;
  const callId = `call_${ordinal.toString(36)}`;
  const fault = toolCondition === 'success' ? undefined : toolCondition;
  const answer = fault ? { status: 'error', error: toolCondition } : { status: 'ok', id: orderId, topic };
  const finalText = fault
    ? `I could not reach the ${topic} records for ${orderId} just now; please try again in a minute.`
    : `Done: your ${topic} for ${orderId} is handled, and a confirmation is on its way.`;
  return {
    rollout_id: `ro-${ordinal.toString(16).padStart(12, '0')}`,
    ordinal,
    situation: {
      scenario_id: `sc-${(ordinal % 997).toString(16).padStart(10, '0')}`,
      dimensions: {
        tool,
        rule: pick(next, GENERATED_RULES),
        stance,
        world_state: worldState,
        tool_condition: toolCondition,
        history: pick(next, HISTORIES),
      },
      world_state: worldState,
      faults: fault ? { [tool]: { mode: 'timeout', rate: 1 } } : {},
    },
    persona: {
      stance,
      tags: [`texture:${texture}`, `pressure:${pick(next, PRESSURES)}`, `stance:${stance}`],
      aside: `You write in a ${texture} way and you are ${stance}.`,
      patience: 'normal',
    },
    writer: pick(next, WRITER_ARMS),
    writer_model: 'template',
    user_model: 'template',
    agent_model: 'demo',
    phrasing_index: 0,
    rollout_index: 0,
    prompt,
    messages: [
      { role: 'user', content: prompt },
      { role: 'assistant', content: '', tool_calls: [{ id: callId, name: tool, arguments: { order_id: orderId } }] },
      { role: 'tool', tool_call_id: callId, name: tool, content: JSON.stringify(answer), ...(fault ? { fault } : {}) },
      { role: 'assistant', content: finalText },
    ],
    final_text: finalText,
    ended_by: next() < 0.85 ? 'agent' : 'user_left',
    finish_reason: 'stop',
    behavior_signature: (ordinal % 251).toString(16).padStart(12, '0'),
    seeded: [],
    degraded: [],
    lineage: {},
  };
}

export const GENERATED_SPEC: Spec = {
  name: 'Generated orders desk',
  domain: 'orders',
  system_prompt: 'You are the orders desk. Policy:\n1. Confirm the amount and the order before issuing a refund.',
  policy_rules: GENERATED_RULES,
  tools: GENERATED_TOOLS.slice(0, 6).map((name) => ({
    name,
    description: `${name.replaceAll('_', ' ')} for an order`,
    parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
  })),
  result_shapes: {},
  known_ids: [],
  axes: {
    tool: GENERATED_TOOLS,
    rule: GENERATED_RULES,
    stance: [...STANCES],
    world_state: [...WORLD_STATES],
    tool_condition: [...TOOL_CONDITIONS],
    history: [...HISTORIES],
  },
};

/** Grades a share of the rows: conduct checks on 60% (a fifth of those fail), a judge on 40%, human labels on 2%. */
function gradeGenerated(db: Db, runId: string, ordinal: number, row: Row, now: string): void {
  const next = generator(ordinal * 104729 + 3);
  const rowId = storedRowId(runId, ordinal);
  const insertGrade = statement(
    db,
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, unsure, span, judge_meta,
      provenance, created_at)
     VALUES (@row_id, @run_id, @reward, @reason, @judge_status, @label_source, @judge_name, @failure_class, @unsure, @span, @judge_meta,
       @provenance, @created_at)`,
  );
  if (next() < 0.6) {
    const fails = next() < 0.2;
    const rule = fails ? pick(next, CONDUCT_RULES) : null;
    const finalIndex = row.messages.length - 1;
    insertGrade.run({
      row_id: rowId,
      run_id: runId,
      reward: fails ? 0 : 1,
      reason: fails ? `The reply declares success (${rule}).` : 'No conduct rule fired.',
      judge_status: 'ok',
      label_source: 'conduct',
      judge_name: 'conduct',
      failure_class: rule,
      unsure: 0,
      span: fails ? JSON.stringify({ message_index: finalIndex, start: 0, end: Math.min(20, row.final_text.length) }) : null,
      judge_meta: JSON.stringify(rule ? { rule } : {}),
      provenance: JSON.stringify({ judge: 'conduct', model: null, rubric_hash: null, settings: {}, version: '1' }),
      created_at: now,
    });
  }
  if (next() < 0.4) {
    const reward = Math.round(next() * 100) / 100;
    insertGrade.run({
      row_id: rowId,
      run_id: runId,
      reward,
      reason: reward >= 0.5 ? 'Followed the policy.' : 'Skipped the confirmation.',
      judge_status: 'ok',
      label_source: 'judge',
      judge_name: 'rubric-judge',
      failure_class: null,
      unsure: Math.abs(reward - 0.5) < 0.05 ? 1 : 0,
      span: null,
      judge_meta: '{}',
      provenance: JSON.stringify({ judge: 'rubric-judge', model: 'offline', rubric_hash: 'abc123', settings: {}, version: '1' }),
      created_at: now,
    });
  }
  if (next() < 0.02) {
    statement(
      db,
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, ?, 'human', 'bench', NULL, ?)`,
    ).run(rowId, runId, pick(next, ['pass', 'fail', 'unsure'] as const), now);
  }
}

/** The run context prepared lines are made for: the spec's system prompt and tools, as the run executor passes them. */
const LINES_CONTEXT = { system_prompt: GENERATED_SPEC.system_prompt, tools: GENERATED_SPEC.tools };

const CONFIG = RunConfig.parse({
  name: 'Generated',
  source: { kind: 'describe', sentence: 'an orders desk that confirms before refunding' },
});

/**
 * Stores a completed run of `count` generated rows with grades and labels; returns its id. `withLines`: each row also
 * gets its prepared export line, as a run's rows do (the rows then cost more to store).
 */
export function storeGeneratedRun(db: Db, options: { runId: string; count: number; now?: string; withLines?: boolean }): string {
  const now = options.now ?? '2026-01-01T00:00:00.000Z';
  const specId = `spec_${options.runId}`;
  db.transaction(() => {
    insertSpec(db, specId, GENERATED_SPEC, now);
    insertRun(db, {
      id: options.runId,
      name: `${options.count.toLocaleString('en')} generated rows`,
      status: 'completed',
      config: CONFIG,
      now,
      spec_id: specId,
    });
  })();
  const chunk = 5000;
  const writeChunk = db.transaction((start: number, end: number) => {
    for (let ordinal = start; ordinal < end; ordinal += 1) {
      const row = generatedRow(ordinal);
      insertRow(db, row, {
        run_id: options.runId,
        duration_ms: 10,
        created_at: now,
        ...(options.withLines ? { context: LINES_CONTEXT } : {}),
      });
      gradeGenerated(db, options.runId, ordinal, row, now);
    }
  });
  for (let start = 0; start < options.count; start += chunk) writeChunk(start, Math.min(options.count, start + chunk));
  updateRun(db, options.runId, { rows_done: options.count, stopped_because: 'budget' }, now);
  return options.runId;
}
