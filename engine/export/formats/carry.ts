import type { ExportGrade, ExportInput } from '../export-input';
import { compactJson } from './json-text';
import { holdsPrivileged, privilegedNeedles, redactPrivileged, scrubPrivileged } from '../gates/scrub';

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

/**
 * The sum of an assistant-turn number over the row, or undefined when any assistant turn lacks it (a null is a turn
 * the backend measured nothing for: a partial sum would read as a likelier conversation than it was).
 */
function summed(row: ExportInput['row'], key: 'logprob' | 'n_tokens'): number | undefined {
  let total = 0;
  let any = false;
  for (const message of row.messages) {
    if (message.role !== 'assistant') continue;
    const value = message[key];
    if (value === undefined || value === null) return undefined;
    total += value;
    any = true;
  }
  return any ? total : undefined;
}

/** `"key":` of each carry key, as it opens its member. */
const KEY_TEXT = CARRY_KEYS.map((key) => `${JSON.stringify(key)}:`);

type CarryExtra = { unroll?: { turn: number; turns: number } | null };

/** The grade's carry values, in CARRY_KEYS order from `reward` to `gold_kind`: the members a grade changes. */
export function gradeCarryValues(grade: ExportGrade): unknown[] {
  return [
    grade.reward,
    grade.reason,
    grade.label_source,
    grade.judge_status,
    grade.judge_name,
    grade.failure_class,
    grade.gold?.reward,
    grade.gold?.kind,
  ];
}

/** Where the grade's members sit among CARRY_KEYS: the row's own members come before and after them. */
export const GRADE_CARRY_START = CARRY_KEYS.indexOf('reward');
export const GRADE_CARRY_END = CARRY_KEYS.indexOf('gold_kind') + 1;

/** The carry values in CARRY_KEYS order, undefined where the row has none (the key is then left out). */
function carryValues(input: ExportInput, extra: CarryExtra): unknown[] {
  const { row } = input;
  return [
    row.rollout_id,
    row.situation.scenario_id,
    row.situation.dimensions,
    row.situation.world_state,
    row.situation.faults,
    row.rollout_index,
    row.phrasing_index,
    ...gradeCarryValues(input),
    row.writer,
    row.writer_model,
    row.user_model,
    row.agent_model,
    row.persona.stance,
    row.persona.tags,
    row.ended_by,
    row.finish_reason,
    summed(row, 'logprob'),
    summed(row, 'n_tokens'),
    lineageOf(row, extra),
    extra.unroll ?? undefined,
  ];
}

/** `{...row.lineage, rollout_id, ordinal}` (+ `unrolled_from`), without the object spread, which is slow here. */
function lineageOf(row: ExportInput['row'], extra: CarryExtra): Record<string, unknown> {
  const source = row.lineage as unknown;
  // Object.assign copies what the spread copies, except a `__proto__` key, which it would turn into a prototype.
  const own = source !== null && typeof source === 'object' && Object.hasOwn(source, '__proto__');
  const lineage: Record<string, unknown> = own ? { ...(source as object) } : Object.assign({}, source);
  lineage.rollout_id = row.rollout_id;
  lineage.ordinal = row.ordinal;
  if (extra.unroll) lineage.unrolled_from = row.rollout_id;
  return lineage;
}

/** Carry keys of one row: scrubbed of privileged keys at any depth and of privileged text inside strings. */
export function carryFields(input: ExportInput, extra: CarryExtra = {}): Record<string, unknown> {
  const values = carryValues(input, extra);
  const fields: Record<string, unknown> = {};
  CARRY_KEYS.forEach((key, index) => {
    if (values[index] !== undefined) fields[key] = values[index];
  });
  return redactPrivileged(scrubPrivileged(fields), privilegedNeedles(input.row));
}

/**
 * The members of `values` as `carryMembers` writes them, joined by commas ('' when none is written): `values[i]` is
 * the value of `CARRY_KEYS[firstKey + i]`.
 */
export function carryMemberText(values: readonly unknown[], firstKey = 0): string {
  let text = '';
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    if (value === undefined) continue;
    const json = compactJson(value);
    if (json === undefined) continue;
    const key = KEY_TEXT[firstKey + index]!;
    text += text === '' ? `${key}${json}` : `,${key}${json}`;
  }
  return text;
}

/** The carry values of a row with its grade, for `carryMembers` and for the parts of it a prepared line keeps. */
export function carryValuesOf(input: ExportInput, extra: CarryExtra = {}): { values: unknown[]; privileged: boolean } {
  const values = carryValues(input, extra);
  return { values, privileged: holdsPrivileged(values, privilegedNeedles(input.row)) };
}

/**
 * `JSON.stringify(carryFields(input, extra))` without its braces (the members, to splice into a line), or ''.
 * Written member by member; a row whose carry holds a key or a text to scrub takes `carryFields` itself.
 */
export function carryMembers(input: ExportInput, extra: CarryExtra = {}): string {
  const { values, privileged } = carryValuesOf(input, extra);
  if (privileged) {
    const text = JSON.stringify(carryFields(input, extra));
    return text.slice(1, -1);
  }
  return carryMemberText(values);
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
