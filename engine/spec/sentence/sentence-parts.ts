import { baseVerb, singular, wordsOf } from './english';
import {
  AGENT_WORDS,
  BEHAVIOUR_CUE,
  CLAUSE_OPENERS,
  CONDUCT_VERBS,
  DETERMINERS,
  LEADING_FILLERS,
  OBJECT_STOPS,
  SUBJECT_ADJECTIVES,
  TOPIC_PREPOSITIONS,
  VAGUE_OBJECTS,
} from './sentence-words';

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
