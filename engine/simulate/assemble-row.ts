import type { Row } from '../../shared/domain';
import type { RolloutResult } from '../rollout/run-rollout';
import type { SituationCard } from '../writers/situation-card';

export interface RowIdentity {
  rollout_id: string;
  ordinal: number;
  agent_model: string;
  user_model: string;
  privileged: Record<string, string>;
}

/** A landed rollout as a Row, before its behaviour signature is stamped. */
export function assembleRow(card: SituationCard, result: RolloutResult, identity: RowIdentity): Row {
  return {
    rollout_id: identity.rollout_id,
    ordinal: identity.ordinal,
    situation: card.situation,
    persona: card.persona,
    writer: card.arm,
    writer_model: card.writer_model,
    user_model: identity.user_model,
    agent_model: identity.agent_model,
    phrasing_index: card.phrasing_index,
    rollout_index: card.rollout_index,
    prompt: card.ask,
    messages: result.messages,
    final_text: result.final_text,
    ended_by: result.ended_by,
    finish_reason: result.finish_reason,
    behavior_signature: '',
    seeded: result.seeded,
    degraded: card.degraded ?? [],
    lineage: card.lineage,
    ...(result.policy_version === undefined ? {} : { policy_version: result.policy_version }),
    ...(result.sampling === undefined ? {} : { sampling: result.sampling }),
    ...(result.usage === undefined ? {} : { usage: result.usage }),
    privileged: identity.privileged,
  };
}

const FAULT_STATUSES = new Set(['error', 'timeout', 'not_found', 'denied', 'malformed', 'permission_denied', 'rejected']);

/** `tool:status` for each call the world answered, and whether any answer was a fault or refusal. */
export function toolShapes(row: Row): { shapes: string[]; world_fault: boolean } {
  const shapes: string[] = [];
  let worldFault = false;
  for (const message of row.messages) {
    if (message.role !== 'tool') continue;
    let status = 'unknown';
    try {
      const parsed = JSON.parse(message.content) as { status?: unknown };
      if (typeof parsed.status === 'string') status = parsed.status;
    } catch {
      status = 'malformed';
    }
    if (message.fault) status = message.fault;
    shapes.push(`${message.name}:${status}`);
    if (message.fault || FAULT_STATUSES.has(status)) worldFault = true;
  }
  return { shapes, world_fault: worldFault };
}
