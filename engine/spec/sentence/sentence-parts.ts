import { baseVerb, singular, wordsOf } from './english';

/** Something the agent does, read from a clause like "books meeting rooms": verb base form and its object. */
export interface Capability {
  verb: string;
  /** The object as written, without determiners: `meeting rooms`. */
  object: string;
  /** The singular head noun of the object: `room`. */
  head: string;
}

export interface SentenceParts {
  /** What the agent is: `a personal finance assistant`. */
  subject: string;
  /** Clauses that say what the agent does ("books meeting rooms"). */
  capabilities: Capability[];
  /** Clauses that say how it must behave ("confirms before it moves money"), as written. */
  behaviours: string[];
  /** Every clause after the subject, in order. */
  clauses: string[];
}

/** Words that make a clause a behaviour to hold the agent to, not just a capability. */
const BEHAVIOUR_CUE =
  /\b(?:never|always|only|before|after|unless|until|without|when|whenever|if|not|instead|must|should|politely|first|confirm\w*|verif\w*|refus\w*|declin\w*|escalat\w*|hands? (?:off|over)|handing (?:off|over)|double-\w+|avoid\w*|asks? (?:for|before|permission|first)|\w+n't)\b/i;
const CLAUSE_OPENERS = new Set([
  'never',
  'always',
  'only',
  'also',
  'then',
  'must',
  'should',
  'will',
  'can',
  'politely',
  'carefully',
  'still',
  'first',
  'does',
  "doesn't",
  "won't",
  'cannot',
]);
const LEADING_FILLERS = new Set(['also', 'then', 'can', 'will', 'must', 'should', 'always', 'usually', 'quickly']);
const OBJECT_STOPS = new Set([
  'for',
  'with',
  'to',
  'from',
  'in',
  'on',
  'at',
  'by',
  'about',
  'over',
  'under',
  'into',
  'via',
  'and',
  'or',
  'but',
  'when',
  'if',
  'before',
  'after',
  'while',
  'so',
  'as',
  'using',
  'through',
  'within',
  'per',
  'without',
  'that',
  'which',
  'who',
  'unless',
  'until',
  'only',
  'whenever',
]);
const DETERMINERS = new Set([
  'a',
  'an',
  'the',
  'their',
  'your',
  'its',
  'our',
  'any',
  'all',
  'some',
  'his',
  'her',
  'my',
  'each',
  'every',
  'new',
  'existing',
]);
/** Verbs of conduct ("confirms party size"), never capabilities to build a tool around. */
const CONDUCT_VERBS = new Set([
  'confirm',
  'reconfirm',
  'verify',
  'ask',
  'check',
  'double-check',
  'refuse',
  'decline',
  'escalate',
  'hand',
  'avoid',
  'wait',
  'warn',
  'tell',
  'explain',
  'say',
  'state',
  'repeat',
  'apologise',
  'apologize',
  'respond',
  'reply',
  'keep',
  'stay',
  'stop',
  'invent',
  'guess',
  'promise',
  'share',
  'reveal',
  'disclose',
  'make',
  'be',
  'do',
  'get',
]);
/** Objects too vague to build tools around: "answers questions about billing" is about billing. */
const VAGUE_OBJECTS = new Set([
  'question',
  'request',
  'issue',
  'query',
  'problem',
  'thing',
  'help',
  'customer',
  'people',
  'user',
  'person',
  'inquiry',
  'enquiry',
  'concern',
  'client',
]);
const TOPIC_PREPOSITIONS = new Set(['about', 'on', 'regarding', 'with', 'for', 'around']);
/** Adjectives that often open a subject and are not what the agent works on. */
const SUBJECT_ADJECTIVES = new Set([
  'helpful',
  'friendly',
  'smart',
  'simple',
  'general',
  'polite',
  'fast',
  'good',
  'great',
  'small',
  'useful',
  'intelligent',
  'digital',
  'online',
  'chat',
  'conversational',
  'generic',
  'basic',
  'little',
  'automated',
  'internal',
  'new',
]);
/** Words in a subject that name the agent, not what it works on. */
const AGENT_WORDS = new Set([
  'assistant',
  'agent',
  'bot',
  'chatbot',
  'helper',
  'concierge',
  'support',
  'service',
  'ai',
  'virtual',
  'customer',
  'copilot',
  'desk',
  'that',
  'which',
  'who',
  'for',
  'of',
  'and',
]);

/** Splits a one-sentence description into its subject, capability clauses and behaviour clauses. */
export function sentenceParts(sentence: string): SentenceParts {
  const text = sentence
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?]+$/, '');
  const { subject, rest } = splitSubject(text);
  const clauses = splitClauses(rest);
  const capabilities: Capability[] = [];
  const behaviours: string[] = [];
  for (const clause of clauses) {
    const isBehaviour = BEHAVIOUR_CUE.test(clause);
    if (isBehaviour) behaviours.push(clause);
    const startsWithAdverb = CLAUSE_OPENERS.has(wordsOf(clause)[0] ?? '');
    if (!isBehaviour || !startsWithAdverb) {
      const capability = capabilityOf(clause);
      if (capability && !(isBehaviour && CONDUCT_VERBS.has(capability.verb))) capabilities.push(capability);
    }
  }
  return { subject: subject.trim(), capabilities, behaviours, clauses };
}

/** The subject's own noun phrase without the agent words: `a meeting room assistant` -> `meeting room`. */
export function subjectTopic(subject: string): string {
  const words = wordsOf(subject).filter((word) => !DETERMINERS.has(word) && !SUBJECT_ADJECTIVES.has(word));
  const kept: string[] = [];
  for (const word of words) {
    if (AGENT_WORDS.has(word)) {
      if (kept.length > 0) break;
      continue;
    }
    kept.push(word);
  }
  return kept.slice(-2).join(' ');
}

function splitSubject(text: string): { subject: string; rest: string } {
  const relative = /\b(?:that|which|who)\b/i.exec(text);
  if (relative) return { subject: text.slice(0, relative.index), rest: text.slice(relative.index + relative[0].length).trim() };
  const separator = /\s*(?::|—|–|\s-\s)\s*/.exec(text);
  if (separator && separator.index > 0)
    return { subject: text.slice(0, separator.index), rest: text.slice(separator.index + separator[0].length) };
  const modal = /\b(?:must|should|will|never|always|can|only)\b/i.exec(text);
  if (modal) return { subject: text.slice(0, modal.index), rest: text.slice(modal.index) };
  return { subject: text, rest: '' };
}

/** Splits on `;` always, and on `,` / `and` / `but` when what follows opens a new clause. */
function splitClauses(rest: string): string[] {
  if (!rest.trim()) return [];
  const pieces = rest.split(/(\s*;\s*|\s*,\s*(?:(?:and|but)\s+)?|\s+(?:and|but)\s+)/i);
  const clauses: string[] = [];
  let current = pieces[0] ?? '';
  for (let index = 1; index < pieces.length; index += 2) {
    const separator = pieces[index]!;
    const next = pieces[index + 1] ?? '';
    if (separator.includes(';') || opensClause(next)) {
      clauses.push(current);
      current = next;
    } else {
      current += separator + next;
    }
  }
  clauses.push(current);
  return clauses.map((clause) => clause.trim()).filter(Boolean);
}

function opensClause(text: string): boolean {
  const words = wordsOf(text);
  const first = words[0];
  if (!first) return false;
  if (CLAUSE_OPENERS.has(first)) return true;
  // "and cancels bookings" opens a clause; "and transactions" (nothing after it) stays part of the object.
  return first.length > 2 && first.endsWith('s') && !/(ss|us|is)$/.test(first) && words.length >= 2;
}

/** Reads "books meeting rooms" as book + meeting rooms; "helps customers with refunds" as help + refunds. */
export function capabilityOf(clause: string): Capability | undefined {
  const words = wordsOf(clause);
  while (words.length > 0 && LEADING_FILLERS.has(words[0]!)) words.shift();
  const first = words.shift();
  if (!first || first.length < 2) return undefined;
  const verb = baseVerb(first);
  const rawObject = untilStop(words);
  let objectWords = nounPhrase(rawObject);
  const topicIndex = words.findIndex((word, index) => index >= rawObject.length && TOPIC_PREPOSITIONS.has(word));
  const isVague = objectWords.length === 0 || VAGUE_OBJECTS.has(singular(objectWords.at(-1)!));
  if (isVague && topicIndex >= 0) {
    const topic = nounPhrase(untilStop(words.slice(topicIndex + 1)));
    if (topic.length > 0) objectWords = topic;
  }
  const last = objectWords.at(-1);
  if (!last || last.length < 3) return undefined;
  return { verb, object: objectWords.join(' '), head: singular(last.replace(/'s$/, '')) };
}

function nounPhrase(words: readonly string[]): string[] {
  const out = [...words];
  while (out.length > 0 && DETERMINERS.has(out[0]!)) out.shift();
  return out.filter((word) => /^[a-z][a-z'-]*$/.test(word)).slice(-3);
}

function untilStop(words: readonly string[]): string[] {
  const out: string[] = [];
  for (const word of words) {
    if (OBJECT_STOPS.has(word)) break;
    out.push(word);
  }
  return out;
}
