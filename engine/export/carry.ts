import type { ExportInput } from './export-input';
import { privilegedNeedles, redactPrivileged, scrubPrivileged } from './scrub';

/**
 * The grade, provenance and diversity keys a training line carries beside the format's own columns (the SDK's
 * carry keys, in our names). Trainers ignore them; a user filtering or auditing the file reads them.
 */
export const CARRY_KEYS = [
  'rollout_id',
  'scenario_id',
  'scenario_dimensions',
  'world_state',
  'faults',
  'rollout_index',
  'phrasing_index',
  'reward',
  'reason',
  'label_source',
  'judge_status',
  'judge_name',
  'failure_class',
  'gold_reward',
  'gold_kind',
  'arm',
  'writer_model',
  'user_model',
  'agent_model',
  'stance',
  'persona_tags',
  'ended_by',
  'finish_reason',
  'logprob',
  'n_tokens',
  'lineage',
  'unroll',
] as const;

/** The sum of an assistant-turn number over the row, or undefined when any assistant turn lacks it. */
function summed(row: ExportInput['row'], key: 'logprob' | 'n_tokens'): number | undefined {
  let total = 0;
  let any = false;
  for (const message of row.messages) {
    if (message.role !== 'assistant') continue;
    const value = message[key];
    if (value === undefined) return undefined;
    total += value;
    any = true;
  }
  return any ? total : undefined;
}

/** Carry keys of one row: scrubbed of privileged keys at any depth and of privileged text inside strings. */
export function carryFields(input: ExportInput, extra: { unroll?: { turn: number; turns: number } | null } = {}): Record<string, unknown> {
  const { row } = input;
  const fields: Record<string, unknown> = {};
  const put = (key: (typeof CARRY_KEYS)[number], value: unknown) => {
    if (value !== undefined) fields[key] = value;
  };
  put('rollout_id', row.rollout_id);
  put('scenario_id', row.situation.scenario_id);
  put('scenario_dimensions', row.situation.dimensions);
  put('world_state', row.situation.world_state);
  put('faults', row.situation.faults);
  put('rollout_index', row.rollout_index);
  put('phrasing_index', row.phrasing_index);
  put('reward', input.reward);
  put('reason', input.reason);
  put('label_source', input.label_source);
  put('judge_status', input.judge_status);
  put('judge_name', input.judge_name);
  put('failure_class', input.failure_class);
  put('gold_reward', input.gold?.reward);
  put('gold_kind', input.gold?.kind);
  put('arm', row.writer);
  put('writer_model', row.writer_model);
  put('user_model', row.user_model);
  put('agent_model', row.agent_model);
  put('stance', row.persona.stance);
  put('persona_tags', row.persona.tags);
  put('ended_by', row.ended_by);
  put('finish_reason', row.finish_reason);
  put('logprob', summed(row, 'logprob'));
  put('n_tokens', summed(row, 'n_tokens'));
  put('lineage', { ...row.lineage, rollout_id: row.rollout_id, ordinal: row.ordinal, ...(extra.unroll ? { unrolled_from: row.rollout_id } : {}) });
  put('unroll', extra.unroll ?? undefined);
  return redactPrivileged(scrubPrivileged(fields), privilegedNeedles(row));
}

/** Keys a preference line carries beside its format's columns. */
export const PAIR_CARRY_KEYS = [
  'prompt_text',
  'scenario_id',
  'chosen_score',
  'rejected_score',
  'margin',
  'chosen_model',
  'rejected_model',
  'same_policy',
  'length_delta',
  'chosen_lineage',
  'rejected_lineage',
] as const;

/** Keys a GRPO / RL prompt-only line carries beside `prompt` and its group statistics. */
export const RL_CARRY_KEYS = [
  'prompt_text',
  'scenario_id',
  'scenario_dimensions',
  'world_state',
  'faults',
  'fault_kind',
  'rollout_ids',
] as const;
