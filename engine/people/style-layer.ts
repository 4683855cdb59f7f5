import { hashInt } from '../seeded';
import { Chooser, expand } from './speech/grammar';
import { parseStyleTags, type StyleTags } from './style-tags';

/**
 * Makes a person's text look like their tags: tone first (what they add or trim), then texture (how they type).
 * Which transformations run depends on the tags alone, so the same persona reads the same on every turn; where a
 * transformation needs a choice (which word gets the typo, which aside a chatty person adds) it is a hash of
 * `key` and the text, so the same input always gives the same output. Identifiers (any token with a digit or an @)
 * are never lowercased, abbreviated, stripped of punctuation or misspelt: a person types their order number right.
 */
export function applyStyle(text: string, tags: readonly string[] | StyleTags, key: string): string {
  const style = Array.isArray(tags) ? parseStyleTags(tags as readonly string[]) : (tags as StyleTags);
  let result = text.replace(/\s+/g, ' ').trim();
  if (result === '') return result;
  const pick = (pool: readonly string[], salt: string) => {
    const chooser = new Chooser(`${key}:${salt}:${text}`);
    return expand(chooser.one(pool), {}, chooser);
  };

  switch (style.tone) {
    case 'impatient':
      if (!/\basap\b/i.test(result)) result = `${result} ${pick(IMPATIENT_ADDITIONS, 'tone')}`;
      break;
    case 'frustrated':
      if (!/second time/i.test(result)) result = `${result} ${pick(FRUSTRATED_ADDITIONS, 'tone')}`;
      break;
    case 'sarcastic':
      if (!/just great/i.test(result)) result = `${pick(SARCASTIC_OPENERS, 'tone')} ${result}`;
      break;
    case 'polite':
      result = makePolite(result, pick(POLITE_THANKS, 'tone'));
      break;
    case 'chatty':
      result = insertAfterFirstSentence(result, pick(CHATTY_ASIDES, 'tone'));
      break;
    case 'curt':
      result = trimPleasantries(result);
      break;
    default:
      break;
  }

  switch (style.texture) {
    case 'clipped':
      result = clip(result);
      break;
    case 'abbreviations':
      result = abbreviate(result);
      break;
    case 'run_on':
      result = runOn(result);
      break;
    case 'no_punctuation':
      result = stripPunctuation(result);
      break;
    case 'typo':
      result = addTypo(result, key);
      break;
    case 'lowercase':
      result = lowercase(result);
      break;
    case 'standard':
      result = standardize(result);
      break;
    default:
      break;
  }
  return result.replace(/\s+/g, ' ').trim();
}

/** Each pool is phrase grammar (speech/grammar.ts), so a tone reads the same way without the same sentence every time. */
const IMPATIENT_ADDITIONS = [
  '{Need|I need} this {sorted|done|dealt with|handled} asap{| please| today}.',
  'Asap{| please}{|, if you can|, thanks}.',
  '{I need|Could I get|I want} an answer asap{| on this| today}.',
  'Asap would be {ideal|great|appreciated|good}.',
  '{Please|Kindly} {treat|handle} this asap{| as it is urgent}.',
];
const FRUSTRATED_ADDITIONS = [
  'This is the second time I am {asking|writing|chasing this}{| and I am not happy| this week}.',
  "{Honestly|Frankly|Look}, this is the second time I{'ve had to| have had to} {chase this|ask|raise this}.",
  '{And yes|For the record}, this is the second time I am {writing in|getting in touch} about it.',
  "{I'm annoyed|It's frustrating} that this is the second time I {have to|need to} {ask|explain this}.",
];
const SARCASTIC_OPENERS = ['Great, just great.', 'Oh, great, just great.', 'Well, great, just great.'];
const POLITE_THANKS = [
  'Thank you{| so much| kindly| ever so much}{| for your help| for looking into this}.',
  'Thank you, I {really|truly|genuinely} appreciate it.',
  'Thank you{| very much} for your {time|patience|help}.',
];
const CHATTY_ASIDES = [
  "Sorry, I'm juggling {the kids|the dog|two phone calls|dinner} {this morning|right now|as I type}.",
  "It's been a bit of a {week|month|day} over here, as you can imagine.",
  "I'm typing this on {the train|the bus|my lunch break|the sofa}, so bear with me.",
  'Funnily enough my {sister|neighbour|cousin|best friend} had the same thing happen {last month|last year|only recently}.',
  'I have {a coffee|a cup of tea|a toddler|the cat} in one {hand|arm}, so forgive the typing.',
  "{You would not believe|You wouldn't believe} the {morning|day|week} I've had, {honestly|to be fair}.",
  "{Apologies|Sorry} if I ramble; I {always do|tend to|do that} {when I'm tired|on a Monday|when I'm stressed}.",
  '{The weather|The traffic} {here|today} is {awful|unbelievable|something else}, by the way.',
];

const PROTECTED = /[\d@]/;
const SENTENCE_SPLIT = /(?<=[.!?])\s+/;
const GREETING = /^(?:(?:hi|hello|hey)(?: there)?|good (?:morning|afternoon|evening)|dear [a-z]+)[,.!]?\s*/i;
const PLEASANTRY =
  /^(?:thanks|thank you|thx|appreciate it|much appreciated|cheers|let me know if|no rush|have a (?:good|great|nice)|hope you)\b/i;

function sentences(text: string): string[] {
  return text.split(SENTENCE_SPLIT).filter((sentence) => sentence !== '');
}

function capitalize(text: string): string {
  return text.replace(/^([^A-Za-z]*)([a-z])/, (_, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** Applies `change` to every token that is not an identifier. */
function mapWords(text: string, change: (word: string) => string): string {
  return text.replace(/\S+/g, (token) => (PROTECTED.test(token) ? token : change(token)));
}

function makePolite(text: string, thanks: string): string {
  let result = text;
  if (!/\bplease\b/i.test(result)) {
    // "Please" goes on the first sentence that asks something, not on a greeting ("Good afternoon, please!").
    const parts = sentences(result);
    const at = Math.max(
      0,
      parts.findIndex((sentence) => !GREETING.test(sentence) || sentence.replace(GREETING, '').trim() !== ''),
    );
    const first = parts[at] ?? '';
    parts[at] = /[.!?]$/.test(first) ? `${first.slice(0, -1)}, please${first.slice(-1)}` : `${first}, please.`;
    result = parts.join(' ');
  }
  return /\bthank/i.test(result) ? result : `${result} ${thanks}`;
}

function insertAfterFirstSentence(text: string, aside: string): string {
  const [first = '', ...rest] = sentences(text);
  return [first, aside, ...rest].join(' ');
}

function trimPleasantries(text: string): string {
  const kept = sentences(text)
    .map((sentence) => capitalize(sentence.replace(GREETING, '')))
    .filter((sentence) => sentence !== '' && !PLEASANTRY.test(sentence));
  const joined = (kept.length > 0 ? kept : sentences(text)).join(' ');
  return joined.replace(/,?\s*\bplease\b,?/gi, '').replace(/\s+([.!?,])/g, '$1');
}

const PRONOUN_START = /^(?:I am|I'm|I've|I have|I|We are|We're|We|My|Our|Can you|Could you|Would you)\s+/i;

function clip(text: string): string {
  const clipped = sentences(text).map((sentence) => {
    let result = sentence.replace(GREETING, '');
    for (let guard = 0; guard < 3 && PRONOUN_START.test(result); guard++) result = result.replace(PRONOUN_START, '');
    return capitalize(result.replace(/\b(?:just|really|actually|please)\s+/gi, ''));
  });
  return clipped.filter((sentence) => /[A-Za-z0-9]/.test(sentence)).join(' ');
}

const ABBREVIATIONS: readonly (readonly [RegExp, string])[] = [
  [/\bas soon as possible\b/gi, 'asap'],
  [/\bI don't know\b/gi, 'idk'],
  [/\bto be honest\b/gi, 'tbh'],
  [/\bby the way\b/gi, 'btw'],
  [/\bthank you\b/gi, 'thx'],
  [/\bthanks\b/gi, 'thx'],
  [/\bplease\b/gi, 'pls'],
  [/\baccount\b/gi, 'acct'],
  [/\bbecause\b/gi, 'bc'],
  [/\bwithout\b/gi, 'w/o'],
  [/\bwith\b/gi, 'w/'],
  [/\babout\b/gi, 'abt'],
  [/\btomorrow\b/gi, 'tmrw'],
  [/\bmessage\b/gi, 'msg'],
  [/\binformation\b/gi, 'info'],
  [/\breference\b/gi, 'ref'],
  [/\bnumber\b/gi, 'num'],
  [/\bminutes\b/gi, 'mins'],
  [/\bpeople\b/gi, 'ppl'],
  [/\breally\b/gi, 'rly'],
  [/\bokay\b/gi, 'ok'],
  [/\byou're\b/gi, 'ur'],
  [/\byour\b/gi, 'ur'],
  [/\byou\b/gi, 'u'],
];

function abbreviate(text: string): string {
  let result = text;
  for (const [pattern, short] of ABBREVIATIONS) result = result.replace(pattern, short);
  return result;
}

/** Comma splices and bare `and`s, as people type when they do not stop. */
const CONNECTORS = [', ', ' and ', ', ', ' and also '];

function runOn(text: string): string {
  const parts = sentences(text);
  if (parts.length < 2) return text;
  return parts
    .map((sentence, index) => {
      const body = index < parts.length - 1 ? sentence.replace(/[.!?]+$/, '') : sentence;
      if (index === 0) return body;
      const lowered = body.replace(/^([A-Z])(?=[a-z])/, (letter) => letter.toLowerCase());
      return `${CONNECTORS[(index - 1) % CONNECTORS.length]}${lowered}`;
    })
    .join('');
}

function stripPunctuation(text: string): string {
  return mapWords(text, (word) => word.replace(/[.,!?;:"'’()]/g, '')).replace(/\s+/g, ' ');
}

/** One slip: two neighbouring letters swapped inside one longer word (or a letter dropped when the swap changes nothing). */
function addTypo(text: string, key: string): string {
  const candidates: { index: number; word: string }[] = [];
  for (const token of text.matchAll(/\S+/g)) {
    if (PROTECTED.test(token[0])) continue;
    for (const run of token[0].matchAll(/[A-Za-z]{5,}/g)) candidates.push({ index: token.index + run.index, word: run[0] });
  }
  if (candidates.length === 0) return text;
  const { index, word } = candidates[hashInt(`${key}:typo:${text}`, candidates.length)]!;
  const position = 1 + hashInt(`${key}:typo-at:${text}`, word.length - 2);
  let misspelt = word.slice(0, position) + word[position + 1] + word[position] + word.slice(position + 2);
  if (misspelt === word) misspelt = word.slice(0, position) + word.slice(position + 1);
  return text.slice(0, index) + misspelt + text.slice(index + word.length);
}

function lowercase(text: string): string {
  return mapWords(text, (word) => word.toLowerCase());
}

function standardize(text: string): string {
  const fixed = sentences(text)
    .map((sentence) => capitalize(sentence.replace(/\bi\b/g, 'I')))
    .join(' ');
  return /[.!?]$/.test(fixed) ? fixed : `${fixed}.`;
}
