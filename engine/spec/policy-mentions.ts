import { nameTokens } from './tool-kinds';

/** A word at least this long that ends in "s" is stemmed to its singular (`refunds` -> refund). */
export const PLURAL_MIN_CHARS = 5;
/** A word shorter than this is not used to overlap a rule with an ask. */
export const GAP_WORD_MIN_CHARS = 3;

/** How English names a tool's verb: `get_order` is mentioned by "look up the order". */
const VERB_SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  get: ['get', 'look up', 'lookup', 'look-up', 'check', 'fetch', 'retrieve', 'view', 'read', 'pull'],
  lookup: ['look up', 'lookup', 'look-up', 'check', 'find', 'verify', 'authenticate', 'identify'],
  find: ['find', 'look up', 'search', 'check'],
  search: ['search', 'look up', 'find', 'check'],
  list: ['list', 'show', 'check'],
  check: ['check', 'confirm', 'verify', 'look up'],
  verify: ['verify', 'verification', 'authenticate', 'confirm', 'check'],
  create: ['create', 'open', 'file', 'start', 'request', 'raise', 'log', 'submit'],
  open: ['open', 'create', 'file', 'raise'],
  initiate: ['initiate', 'start', 'open', 'issue', 'create', 'process', 'request'],
  request: ['request', 'ask for', 'submit', 'file'],
  issue: ['issue', 'send', 'grant', 'give'],
  send: ['send', 'email', 'mail', 'forward', 'notify', 'message'],
  update: ['update', 'change', 'modify', 'edit', 'set', 'adjust'],
  change: ['change', 'update', 'modify', 'switch'],
  set: ['set', 'update', 'change'],
  cancel: ['cancel', 'cancellation', 'void'],
  delete: ['delete', 'remove', 'erase'],
  remove: ['remove', 'delete', 'drop'],
  reset: ['reset', 'change'],
  unlock: ['unlock', 'lockout', 'locked'],
  escalate: ['escalate', 'escalation', 'hand off', 'handoff', 'transfer', 'human'],
  transfer: ['transfer', 'escalate', 'hand off', 'handoff', 'human'],
};
const NAME_STOP = new Set(['to', 'a', 'an', 'the', 'of', 'for', 'by', 'and', 'or', 'in', 'on']);

/** A clause with one of these words, or an amount, is a branch: only an ask aimed at its condition reaches it. */
const BRANCH_WORDS = new Set([
  'only',
  'over',
  'above',
  'under',
  'below',
  'within',
  'outside',
  'beyond',
  'exceed',
  'exceeds',
  'exceeding',
  'unless',
  'except',
  'more',
  'less',
  'limit',
  'limits',
  'threshold',
  'maximum',
  'minimum',
  'least',
  'most',
  'than',
]);
const AMOUNT = /[$%]|\bpercent\b/;
const GAP_WORD = /[a-z0-9$][a-z0-9$'-]*/g;
/** Function words dropped before overlapping a rule with an ask; domain nouns are kept, they are the overlap. */
const GAP_STOP = new Set([
  'a',
  'about',
  'all',
  'also',
  'always',
  'an',
  'and',
  'any',
  'are',
  'as',
  'ask',
  'asked',
  'asks',
  'at',
  'be',
  'been',
  'being',
  'but',
  'by',
  'can',
  'could',
  'did',
  'do',
  'does',
  'doing',
  'done',
  'down',
  'each',
  'every',
  'for',
  'from',
  'get',
  'give',
  'given',
  'gives',
  'got',
  'had',
  'has',
  'have',
  'having',
  'hello',
  'here',
  'hey',
  'hi',
  'how',
  'i',
  'if',
  'in',
  'into',
  'is',
  'it',
  'its',
  'just',
  'let',
  'like',
  'made',
  'make',
  'may',
  'me',
  'might',
  'mine',
  'must',
  'my',
  'need',
  'needs',
  'never',
  'no',
  'not',
  'now',
  'of',
  'off',
  'on',
  'one',
  'onto',
  'or',
  'our',
  'out',
  'please',
  'said',
  'say',
  'says',
  'shall',
  'should',
  'so',
  'some',
  'still',
  'take',
  'takes',
  'tell',
  'than',
  'thank',
  'thanks',
  'that',
  'the',
  'their',
  'them',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'to',
  'told',
  'too',
  'two',
  'up',
  'us',
  'very',
  'want',
  'wants',
  'was',
  'we',
  'were',
  'what',
  'when',
  'where',
  'which',
  'while',
  'who',
  'whom',
  'whose',
  'why',
  'will',
  'with',
  'without',
  'would',
  'yet',
  'you',
  'your',
  'yours',
]);

/** `refunds` and `orders` overlap `refund` and `order`; short words stay as they are. */
export function stem(word: string): string {
  return word.length >= PLURAL_MIN_CHARS && word.endsWith('s') ? word.slice(0, -1) : word;
}

/** The stemmed content words of a text: what an ask and a rule must share to meet. */
export function contentWords(text: string): Set<string> {
  const words = (text.toLowerCase().match(GAP_WORD) ?? []).filter((word) => word.length >= GAP_WORD_MIN_CHARS && !GAP_STOP.has(word));
  return new Set(words.map(stem));
}

/** A rule that applies only when its condition holds (an amount, "only", "over", "unless"...). */
export function isBranchRule(rule: string): boolean {
  const text = rule.toLowerCase();
  if (AMOUNT.test(text)) return true;
  return (text.match(GAP_WORD) ?? []).some((word) => BRANCH_WORDS.has(word));
}

/**
 * True when the text names the tool, literally or in plain English: `get_order` is mentioned by "Look up the
 * order before discussing it", `escalate_to_human` by "must be escalated to a human".
 */
export function policyMentions(name: string, text: string): boolean {
  const low = text.toLowerCase();
  if (!low.trim()) return false;
  if (low.includes(name.toLowerCase())) return true;
  const tokens = nameTokens(name);
  const [verb, ...tail] = tokens;
  if (!verb) return false;
  const nouns = tail.filter((token) => !NAME_STOP.has(token));
  if (nouns.length === 0) return startsWord(verb, low);
  const nounsSeen = nouns.every((noun) => startsWord(stem(noun), low));
  const verbSeen = (VERB_SYNONYMS[verb] ?? [verb]).some((synonym) => startsWord(synonym, low));
  return nounsSeen && verbSeen;
}

/**
 * Does an ask name or imply this tool? The literal name, the policy-style verb + nouns, or the tool's own nouns
 * alone, since asks speak from the user's side: "I want a refund for order A1001" never says `issue_refund`.
 */
export function askNamesTool(ask: string, name: string): boolean {
  const low = ask.toLowerCase();
  if (!low.trim()) return false;
  if (low.includes(name.toLowerCase())) return true;
  if (policyMentions(name, ask)) return true;
  const tokens = nameTokens(name);
  const nouns = tokens.slice(1).filter((token) => !NAME_STOP.has(token));
  const wanted = nouns.length > 0 ? nouns : tokens.slice(0, 1);
  if (wanted.length === 0) return false;
  return wanted.every((noun) => startsWord(stem(noun), low));
}

function startsWord(word: string, text: string): boolean {
  return new RegExp(`\\b${escapeRegExp(word)}`).test(text);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
