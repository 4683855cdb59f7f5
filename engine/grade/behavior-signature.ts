import { sha256Hex, stableJson } from '../seeded';
import { leafText } from './conduct/references';
import { deriveSteps, type ConversationRow } from './conduct/steps';

/** Where a tool argument's value came from. */
export type ArgumentProvenance = 'user' | 'derived' | 'invented' | 'absent';

/** Hex characters of the signature (SDK: `sha256(repr(payload))[:12]`). */
export const BEHAVIOR_SIGNATURE_CHARS = 12;
/** Words per length bucket, and the last bucket. */
const WORDS_PER_BUCKET = 12;
const MAX_BUCKET = 12;
const REFUSAL = /can't|cannot|unable|won't/;

function argumentProvenance(value: unknown, userText: string, priorResults: string): ArgumentProvenance {
  if (value === undefined || value === null) return 'absent';
  const text = leafText(value).trim().toLowerCase();
  if (text === '') return 'absent';
  if (userText.includes(text)) return 'user';
  if (priorResults.includes(text)) return 'derived';
  return 'invented';
}

/** The shape the signature hashes: per tool step (tool, sorted [arg, provenance], status), refusal, length bucket. */
export interface BehaviorShape {
  steps: Array<[tool: string, arguments: Array<[name: string, provenance: ArgumentProvenance]>, status: string]>;
  refusal: boolean;
  length_bucket: number;
}

/**
 * What the agent did, stripped of wording (SDK §9): each tool call as its tool, where each argument came from
 * (`user` if the person said it in a turn before the call, `derived` if an earlier tool result held it,
 * `invented`, or `absent`) and the answer's status; whether the reply refuses; and its length in 12-word buckets.
 */
export function behaviorShape(row: ConversationRow): BehaviorShape {
  let userText = row.prompt.toLowerCase();
  let priorResults = '';
  const steps: BehaviorShape['steps'] = [];
  for (const step of deriveSteps(row)) {
    if (step.kind === 'user') userText += ` ${step.text.toLowerCase()}`;
    if (step.kind !== 'tool') continue;
    const provenance = Object.entries(step.arguments)
      .map(([name, value]): [string, ArgumentProvenance] => [name, argumentProvenance(value, userText, priorResults)])
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    const status = step.result['status'];
    steps.push([step.tool, provenance, status === undefined || status === null ? '' : String(status)]);
    priorResults += ` ${(step.result_text ?? '').toLowerCase()}`;
  }
  const final = row.final_text.toLowerCase();
  const words = final.split(/\s+/).filter((word) => word !== '').length;
  return { steps, refusal: REFUSAL.test(final), length_bucket: Math.min(Math.floor(words / WORDS_PER_BUCKET), MAX_BUCKET) };
}

/** 12 hex of the SHA-256 of the behaviour shape's canonical JSON: equal for rows that behaved alike. */
export function behaviorSignature(row: ConversationRow): string {
  return sha256Hex(stableJson(behaviorShape(row))).slice(0, BEHAVIOR_SIGNATURE_CHARS);
}
