import type { RuleTopic } from '../banks';
import { article, baseVerb, capitalise, gerund, wordsOf } from './english';

export interface BehaviourContext {
  /** What "confirm" means in this domain when the sentence names no object. */
  confirm_object: string;
  /** The thing the agent books or acts on (`meeting room`), for rules that need a noun. */
  resource?: string;
}

const MODALS = new Set(['must', 'should', 'will', 'shall', 'can', 'also', 'then']);
const KEPT_ADVERBS = new Set(['never', 'always', 'only', 'first', 'politely', 'carefully', 'still', 'immediately']);
const NEGATIONS: Readonly<Record<string, string>> = { "doesn't": 'do not', "won't": 'do not', cannot: 'do not', "can't": 'do not' };
const CONNECTORS = new Set([
  'before',
  'after',
  'when',
  'whenever',
  'if',
  'first',
  'prior',
  'every',
  'each',
  'unless',
  'until',
  'while',
  'on',
]);
const MONEY_CUE = /\b(?:money|funds?|payments?|pay|pays|paying|transfer\w*|amounts?|charg\w*|refund\w*|cash|wire\w*)\b/i;

/**
 * Rewrites a behaviour clause from a description as an imperative rule for the agent:
 * "confirms before it moves money" -> "Confirm the amount and destination with the person before moving money."
 */
export function behaviourRule(clause: string, context: BehaviourContext): string {
  const tokens = clause
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!?,;:]+$/, '')
    .split(' ')
    .filter(Boolean);
  const head: string[] = [];
  while (tokens.length > 0) {
    const word = tokens[0]!.toLowerCase();
    if (MODALS.has(word)) tokens.shift();
    else if (KEPT_ADVERBS.has(word)) head.push(tokens.shift()!.toLowerCase());
    else if (NEGATIONS[word]) {
      tokens.shift();
      head.push(NEGATIONS[word]!);
    } else if (word === 'does' && tokens[1]?.toLowerCase() === 'not') {
      tokens.splice(0, 2);
      head.push('do not');
    } else break;
  }
  const first = tokens.shift();
  if (!first) return finish(head.join(' ') || clause);
  const verb = baseVerb(first);
  if (context.resource && /^(?:one|it|them|any|anything)$/i.test(tokens[0] ?? '')) {
    tokens[0] = `${article(context.resource)} ${context.resource}`;
  }
  let rest = rewritePronouns(tokens.join(' '));
  const nextWord = wordsOf(rest)[0];
  const needsObject = nextWord === undefined || CONNECTORS.has(nextWord);
  if (needsObject) {
    const object = objectFor(verb, clause, context);
    if (object) rest = rest ? `${object} ${rest}` : object;
  }
  if (verb === 'double-book' && !rest) {
    const resource = context.resource ? `${article(context.resource)} ${context.resource}` : 'anything';
    rest = `${resource}: check that it is free for the whole requested time before booking it`;
  }
  return finish([...head, verb, rest].filter(Boolean).join(' '));
}

/** What a behaviour rule is about, so it can replace a base rule on the same topic. */
export function ruleTopic(rule: string): RuleTopic | undefined {
  const text = rule.toLowerCase();
  if (/\b(?:hand\w* (?:off|over)|escalat\w*|human|real person|live agent|supervisor)\b/.test(text)) return 'handoff';
  if (/\b(?:invent\w*|make\w* up|made up|fabricat\w*|guess\w*|hallucinat\w*|promis\w*)\b/.test(text)) return 'no_invention';
  if (/\b(?:verif\w*|identity|authenticat\w*|date of birth)\b/.test(text)) return 'identity';
  if (/\b(?:confirm\w*|read\w* back|ask\w* (?:for|before|first)|clear yes|permission|approv\w*|double-check\w*)\b/.test(text))
    return 'confirm_action';
  return undefined;
}

function objectFor(verb: string, clause: string, context: BehaviourContext): string | undefined {
  switch (verb) {
    case 'confirm':
    case 'reconfirm':
    case 'double-check':
      return MONEY_CUE.test(clause) ? 'the amount and destination with the person' : context.confirm_object;
    case 'verify':
    case 'authenticate':
      return "the person's identity";
    case 'check':
      return 'the record with a tool';
    case 'ask':
      return 'for a clear yes';
    default:
      return undefined;
  }
}

/** "before it moves money" -> "before moving money"; "when it is unsure" -> "when you are unsure". */
function rewritePronouns(text: string): string {
  return text
    .replace(
      /\b(before|after|without|while|until|instead of)\s+it\s+([a-z-]+)\b/gi,
      (_match, connector: string, verb: string) => `${connector} ${gerund(baseVerb(verb))}`,
    )
    .replace(/\bit is\b/gi, 'you are')
    .replace(/\bit was\b/gi, 'you were')
    .replace(/\bit has\b/gi, 'you have')
    .replace(/\bit ([a-z-]+s)\b/gi, (_match, verb: string) => `you ${baseVerb(verb)}`)
    .replace(/\bitself\b/gi, 'yourself')
    .replace(/\bits\b/gi, 'your');
}

function finish(text: string): string {
  const trimmed = text.trim().replace(/[.!?,;:]+$/, '');
  return `${capitalise(trimmed)}.`;
}

const NEGATION_WORDS = new Set(['never', 'not', 'no', "don't", 'nor']);
const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'to',
  'do',
  'does',
  'and',
  'or',
  'any',
  'of',
  'for',
  'it',
  'its',
  'you',
  'your',
  'with',
  'in',
  'on',
  'their',
  'them',
  'is',
  'are',
  'be',
]);

/** The words a rule turns on: negations read as one, filler words dropped, a plural `s` cut. */
function ruleWords(rule: string): Set<string> {
  const words = new Set<string>();
  for (const word of wordsOf(rule)) {
    if (NEGATION_WORDS.has(word)) words.add('not');
    else if (!FILLER_WORDS.has(word)) words.add(word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return words;
}

/**
 * Whether `base` already states `rule`: every word `rule` turns on (at least two) is in `base`, negation included.
 * "Never give medical advice." is stated by "Never give medical advice or a diagnosis, and ...".
 */
export function statesRule(base: string, rule: string): boolean {
  const wanted = ruleWords(rule);
  if (wanted.size < 2) return false;
  const have = ruleWords(base);
  // "Give medical advice" is not stated by "Never give medical advice".
  if (have.has('not') && !wanted.has('not')) return false;
  return [...wanted].every((word) => have.has(word));
}
