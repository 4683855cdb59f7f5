import type { ToolSpec } from '../../shared/domain';
import { sha256Hex } from '../seeded';
import { nameTokens as toolNameTokens, READ_VERBS, toolKind, type ToolKind } from '../spec/tool-kinds';
import { knownIdsFromTools } from '../world/references';

export { knownIdsFromTools, READ_VERBS, toolKind, toolNameTokens, type ToolKind };

/** First-token verbs by what the tool does (SDK `_CREATE_VERBS`...); reads and destructive tokens are the spec's. */
export const CREATE_VERBS = new Set([
  'create',
  'add',
  'make',
  'new',
  'post',
  'insert',
  'generate',
  'write',
  'upload',
  'submit',
  'open',
  'issue',
  'book',
  'place',
  'request',
  'schedule',
  'reserve',
  'start',
  'initiate',
  'begin',
  'launch',
]);
export const CANCEL_VERBS = new Set(['delete', 'remove', 'cancel', 'drop', 'destroy', 'close']);
export const UPDATE_VERBS = new Set([
  'update',
  'edit',
  'modify',
  'change',
  'set',
  'rename',
  'adjust',
  'correct',
  'fix',
  'patch',
  'upgrade',
  'downgrade',
]);
export const SEND_VERBS = new Set(['send', 'email', 'notify', 'message', 'publish', 'share']);
const NAME_PREPOSITIONS = new Set(['to', 'for', 'from', 'with', 'by', 'of', 'in', 'on']);

/** `a` or `an` as the word is spoken: a user, a unit, an order. */
export function article(word: string): string {
  const lower = word.toLowerCase();
  if (/^(?:uni|use|ur|eu|one)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** `an order`, but `direct flights` (a plural takes no article). */
function nounPhrase(rest: string): string {
  const last = rest.split(' ').at(-1) ?? rest;
  const plural = last.endsWith('s') && !/(?:ss|us|is)$/.test(last);
  return plural ? rest : `${article(rest)} ${rest}`;
}

/**
 * What a person wants when they need this tool (SDK `intent_for_tool`): `get_order` -> "check an order",
 * `create_refund` -> "request a refund", `cancel_booking` -> "cancel a booking", `update_address` -> "change an
 * address", `send_invoice` -> "send an invoice", `escalate_to_human` -> "escalate to a human".
 */
export function intentForTool(name: string): string {
  const tokens = toolNameTokens(name);
  const [verb, ...afterVerb] = tokens;
  if (verb === undefined) return '';
  let tail = afterVerb;
  let preposition = '';
  if (tail[0] !== undefined && NAME_PREPOSITIONS.has(tail[0])) {
    preposition = tail[0];
    tail = tail.slice(1);
  }
  const rest = tail.join(' ');
  if (rest === '') return preposition ? `${verb} ${preposition} someone` : `${verb} something`;
  const noun = nounPhrase(rest);
  if (preposition) return `${verb} ${preposition} ${noun}`;
  if (READ_VERBS.has(verb)) return `check ${noun}`;
  if (CREATE_VERBS.has(verb)) return `request ${noun}`;
  if (CANCEL_VERBS.has(verb)) return `cancel ${noun}`;
  if (UPDATE_VERBS.has(verb)) return `change ${noun}`;
  if (SEND_VERBS.has(verb)) return `send ${noun}`;
  return `${verb} ${noun}`;
}

/** Reads start with a read verb; anything naming a destructive act is destructive; the rest is other. */

/** The thing the agent deals in: the first noun of a destructive tool, else another tool, else a read; `request`. */
export function domainNoun(tools: readonly Pick<ToolSpec, 'name'>[]): string {
  for (const wanted of ['destructive', 'other', 'read'] as const) {
    for (const tool of tools) {
      if (toolKind(tool.name) !== wanted) continue;
      const noun = toolNameTokens(tool.name)[1];
      if (noun !== undefined) return noun;
    }
  }
  return 'request';
}

/**
 * The reference a person quotes: a known id picked by `(int(sha256(scenario_id)[:8], 16) + 17 * variant) % n`,
 * else an invented `<PFX>-<1000 + draw % 9000>` (PFX: the first three letters of a read tool's noun, else REF),
 * which the world will usually not know.
 */
export function referenceId(scenarioId: string, tools: readonly ToolSpec[], knownIds: readonly string[], variant: number): string {
  const draw = Number.parseInt(sha256Hex(scenarioId).slice(0, 8), 16) + 17 * variant;
  if (knownIds.length > 0) return knownIds[draw % knownIds.length]!;
  let prefix = 'REF';
  for (const tool of tools) {
    const noun = toolNameTokens(tool.name)[1];
    if (toolKind(tool.name) === 'read' && noun !== undefined) {
      prefix = noun.slice(0, 3).toUpperCase();
      break;
    }
  }
  return `${prefix}-${1000 + (draw % 9000)}`;
}
