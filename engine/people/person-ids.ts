import type { Message } from '../../shared/domain';
import { knownIdsIn } from '../spec/known-ids';
import { hashInt } from '../seeded';
import { idPrefix, type IdKinds } from '../world/id-kinds';
import { nameTokens, singular } from '../world/tool-names';
import { lastAgentText } from './agent-turn';

/** "account number", "booking ID", "order reference": the word before names the kind of entity asked for. */
const ASKED_NUMBER = /\b([a-z]+)[\s_-]+(?:number|no\.?|id|reference|ref)\b/g;

/** Where the person's numbers come from: the world's ids by kind, and the ids that exist at all. */
export interface IdSources {
  known_ids?: readonly string[];
  id_kinds?: Pick<IdKinds, 'idsOf'>;
}

export function userSaid(messages: readonly Message[]): string {
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n');
}

export function openingIds(messages: readonly Message[]): string[] {
  const opening = messages.find((message) => message.role === 'user');
  return opening === undefined ? [] : knownIdsIn(opening.content);
}

/**
 * Whether the person's opening named what the tool is about (`update_shipping_address`: "shipping" or "address"), so
 * "like I said" can follow it; an opening about something else said nothing of it.
 */
export function openingNamed(messages: readonly Message[], tool: string): boolean {
  const opening = messages.find((message) => message.role === 'user')?.content.toLowerCase() ?? '';
  const subject = nameTokens(tool)
    .slice(1)
    .filter((token) => token.length > 2);
  return subject.length === 0 || subject.some((token) => opening.includes(singular(token)));
}

/**
 * The world's ids of the first kind of entity the agent's last message asks a number of ("What's the account
 * number?", "your booking ID"); none when it names no kind with known ids.
 */
export function idsOfAskedKind(messages: readonly Message[], sources: IdSources): readonly string[] {
  const kinds = sources.id_kinds;
  if (kinds === undefined) return [];
  for (const match of lastAgentText(messages).toLowerCase().matchAll(ASKED_NUMBER)) {
    const ids = kinds.idsOf(singular(match[1]!));
    if (ids.length > 0) return ids;
  }
  return [];
}

/**
 * The person's identifier: of the kind asked for when the agent named one (their own from the opening ask, else one
 * of that kind), else the first in their opening ask, else a known one, else a reference they were given that the
 * world may not know.
 */
export function personId(messages: readonly Message[], key: string, sources: IdSources, kindIds?: readonly string[]): string {
  const opening = openingIds(messages);
  const asked = idsOfAskedKind(messages, sources);
  const ofKind = asked.length > 0 ? asked : (kindIds ?? []);
  if (ofKind.length > 0) {
    const prefixes = new Set(ofKind.map(idPrefix));
    return opening.find((id) => prefixes.has(idPrefix(id))) ?? ofKind[hashInt(`${key}:kind-id`, ofKind.length)]!;
  }
  const known = sources.known_ids ?? [];
  return (
    opening[0] ??
    (known.length === 0 ? undefined : known[hashInt(`${key}:known-id`, known.length)]) ??
    `REF-${1000 + hashInt(`${key}:ref`, 9000)}`
  );
}

/** The identifier as someone misreading it would type it: the last two digits swapped, or the last one off by one. */
export function misread(id: string): string {
  const match = /^(.*?)(\d)(\d)$/.exec(id);
  if (match === null) return `${id}1`;
  const [, head = '', tens = '', ones = ''] = match;
  if (tens !== ones) return `${head}${ones}${tens}`;
  return `${head}${tens}${(Number(ones) + 1) % 10}`;
}
