import type { ToolSpec } from '../../shared/domain';
import { hashInt } from '../seeded';
import { withFaker } from '../world/seeded-faker';
import type { PersonIdentity } from './person-identity';
import { Chooser, expand } from './speech/grammar';
import { isIdParameter, nameTokens } from '../world/tool-names';

/**
 * The details a person gives when the agent asks for a tool's parameters ("the category and monthly limit", "your
 * date of birth and postal code"): which parameters the agent's words name, and a plausible value for each, fixed
 * for the rollout (the same person has one birthday). Values are written the way people write them and the way an
 * argument reader can take them back: `$250`, enum words, `March 12, 1984`, `name@gmail.com`, `the category is
 * dining`.
 */

type Schema = Record<string, unknown>;

export interface AskedParameter {
  name: string;
  schema: Schema;
  /** An entity's identifier (`account_id`, `payee_number`): the person answers those from their own ids. */
  isId: boolean;
}

/** The tool whose parameters the agent's text names most, and those parameters; undefined when it names none. */
export interface AskedDetails {
  tool: ToolSpec;
  parameters: AskedParameter[];
}

/** How the agent names a parameter: `to_account_id` -> "to account number", `date_of_birth` -> "date of birth". */
export function spokenName(name: string): string {
  const tokens = nameTokens(name);
  if (isQueryParameter(name)) return 'search for';
  if (tokens.includes('email')) return 'email';
  if (tokens.includes('phone')) return 'phone';
  if (isIdParameter(name) && tokens.length > 1 && tokens[tokens.length - 1] !== 'code') return `${tokens.slice(0, -1).join(' ')} number`;
  return tokens.join(' ');
}

/** The parameter's name as the person says it before the value (and the demo agent reads it): "monthly limit". */
function detailLabel(name: string): string {
  return nameTokens(name).join(' ');
}

/** The phrase as a word in the text; "account number" inside "to account number" is the other parameter's. */
function mentions(text: string, phrase: string): boolean {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[\\s_-]+');
  return new RegExp(`(?<![a-z])(?<!\\b(?:from|to)\\s)${escaped}(?![a-z])`, 'i').test(text);
}

/** The parameters of one tool that the agent's text asks for (the tool naming the most wins; ties go to the first). */
export function askedDetails(agentText: string, tools: readonly ToolSpec[]): AskedDetails | undefined {
  let best: AskedDetails | undefined;
  for (const tool of tools) {
    const properties = (tool.parameters.properties ?? {}) as Record<string, Schema>;
    const parameters: AskedParameter[] = [];
    for (const [name, schema] of Object.entries(properties)) {
      const phrase = spokenName(name);
      if (phrase.length < 3 || !mentions(agentText, phrase)) continue;
      parameters.push({ name, schema: schema ?? {}, isId: isIdParameter(name) });
    }
    if (parameters.length > (best?.parameters.length ?? 0)) best = { tool, parameters };
  }
  return best;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const MONEY_WORDS = /(amount|price|total|value|sum|refund|cost|fee|balance)/i;
const MONEY_DESCRIPTION = /(dollar|usd|\$|amount|price|money|currency|euro|pound)/i;
const AMOUNTS = [20, 35, 50, 75, 120, 150, 200, 250, 300, 400, 500, 750, 1200];
const PROVIDERS = ['gmail.com', 'outlook.com', 'fastmail.com', 'yahoo.com', 'proton.me'];
const REASONS = [
  'it arrived damaged',
  'I changed my mind',
  "it isn't what I expected",
  'I ordered it by mistake',
  'it no longer fits what I need',
];
const NOTES = ['rent for December', 'paying back dinner', 'monthly savings', 'for the holiday trip', 'utilities share'];
/** What a patient asks a refill of, in their words. */
const MEDICATIONS = ['lisinopril', 'metformin', 'my salbutamol inhaler', 'levothyroxine', 'atorvastatin', 'sertraline', 'amlodipine'];
const FREE_TEXT = /(reason|note|memo|comment|message|description|details|body|summary|explanation)/i;

function numberBounds(schema: Schema): { min: number; max: number } {
  const min =
    typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : 1;
  const max =
    typeof schema.maximum === 'number'
      ? schema.maximum
      : typeof schema.exclusiveMaximum === 'number'
        ? schema.exclusiveMaximum - 1
        : Number.POSITIVE_INFINITY;
  return { min, max };
}

/** Example values the description gives: "Spending category, for example dining or groceries." -> dining, groceries. */
export function describedExamples(description: string): string[] {
  const match = /(?:for example|e\.g\.,?|such as|like)\s+([^.;:()]+)/i.exec(description);
  if (match === null) return [];
  return match[1]!
    .split(/,|\bor\b|\band\b/)
    .map((part) => part.trim().replace(/^["'“]|["'”]$/g, ''))
    .filter((part) => part !== '' && part.split(/\s+/).length <= 3 && !/\d{3,}/.test(part));
}

function spelledDate(year: number, month: number, day: number, style: number): string {
  const iso = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (style === 0) return iso;
  if (style === 1) return `${MONTHS[month - 1]} ${day}, ${year}`;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** The person's name, the same for every detail of a rollout (their identity's, when it is known). */
function personName(key: string, identity?: PersonIdentity): { first: string; last: string } {
  if (identity !== undefined) return { first: identity.first, last: identity.last };
  return withFaker(`${key}:person`, (faker) => ({ first: faker.person.firstName(), last: faker.person.lastName() }));
}

/**
 * A plausible value for a non-id parameter, as the person would type it; undefined for what a person does not type
 * (objects, arrays, booleans). Every draw hashes `key` and the parameter name.
 */
export function detailValue(name: string, schema: Schema, key: string, identity?: PersonIdentity): string | undefined {
  const draw = (modulo: number, salt = '') => hashInt(`${key}:detail:${name}${salt}`, modulo);
  const description = typeof schema.description === 'string' ? schema.description : '';
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value): value is string => typeof value === 'string' && value !== 'any');
    return values.length === 0 ? undefined : values[draw(values.length)]!.replace(/_/g, ' ');
  }
  const type = schema.type;
  if (type === 'number' || type === 'integer') {
    const { min, max } = numberBounds(schema);
    if (MONEY_WORDS.test(name) || MONEY_DESCRIPTION.test(description)) {
      const fitting = AMOUNTS.filter((amount) => amount >= min && amount <= max);
      return `$${fitting.length > 0 ? fitting[draw(fitting.length)]! : Math.max(min, 1)}`;
    }
    const top = Math.min(max, Math.max(min, 12));
    return String(min + draw(Math.max(1, top - min + 1)));
  }
  if (type !== undefined && type !== 'string') return undefined;
  const tokens = nameTokens(name);
  if (
    schema.format === 'date' ||
    schema.format === 'date-time' ||
    tokens.includes('date') ||
    tokens.includes('day') ||
    tokens.includes('birthday')
  ) {
    const isBirth = tokens.includes('birth') || tokens.includes('birthday') || tokens.includes('dob');
    if (isBirth && identity !== undefined) {
      const [year, month, day] = identity.birth.split('-').map(Number) as [number, number, number];
      return spelledDate(year, month, day, draw(3, ':style'));
    }
    const year = isBirth ? 1950 + draw(52, ':year') : 2026;
    const month = isBirth ? 1 + draw(12, ':month') : 12;
    return spelledDate(year, month, isBirth ? 1 + draw(28, ':day') : dayInRange(tokens, key), draw(3, ':style'));
  }
  if (tokens.includes('email') || schema.format === 'email') {
    const { first, last } = personName(key, identity);
    return `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + `@${PROVIDERS[draw(PROVIDERS.length)]}`;
  }
  if (tokens.includes('phone')) return `${201 + draw(700, ':area')}-555-${String(draw(10000, ':line')).padStart(4, '0')}`;
  if (tokens.includes('zip') || tokens.includes('postal') || tokens.includes('postcode')) return String(10000 + draw(89999));
  if (tokens.includes('address')) {
    return withFaker(
      `${key}:address`,
      (faker) =>
        `${faker.location.streetAddress()}, ${faker.location.city()}, ` +
        `${faker.location.state({ abbreviated: true })} ${10000 + draw(89999)}`,
    );
  }
  // Asked what to search for, a person looks for their own records: by their name.
  if (isQueryParameter(name) || tokens.includes('name') || tokens.includes('holder') || tokens.includes('recipient')) {
    const { first, last } = personName(key, identity);
    if (tokens.includes('first')) return first;
    if (tokens.includes('last') || tokens.includes('surname')) return last;
    return `${first} ${last}`;
  }
  const examples = describedExamples(description);
  if (examples.length > 0) return examples[draw(examples.length)]!;
  if (tokens.includes('reason')) return REASONS[draw(REASONS.length)]!;
  if (FREE_TEXT.test(name)) return NOTES[draw(NOTES.length)]!;
  if (/medication|medicine|drug|prescription/.test(name)) return MEDICATIONS[draw(MEDICATIONS.length)]!;
  return withFaker(`${key}:detail:${name}`, (faker) => faker.word.noun());
}

/**
 * The day of a date the person asks about: the two ends of a range ("from"/"start" and "to"/"end"/"until") are drawn
 * together, so the range never ends before it starts; any other date is drawn on its own.
 */
function dayInRange(tokens: readonly string[], key: string): number {
  const start = 1 + hashInt(`${key}:detail:range-start`, 20);
  if (tokens.some((token) => ['to', 'end', 'until', 'through'].includes(token)))
    return start + 1 + hashInt(`${key}:detail:range-length`, 7);
  if (tokens.some((token) => ['from', 'start', 'since'].includes(token))) return start;
  return 1 + hashInt(`${key}:detail:${tokens.join('_')}:day`, 28);
}

/** A long value that runs to the end of its sentence (it may hold commas): said last, in a sentence of its own. */
function isSentenceValue(name: string): boolean {
  return FREE_TEXT.test(name) || nameTokens(name).includes('address');
}

/** "my date of birth" for the person's own facts, "the category" for the rest. */
function possessive(name: string): string {
  const tokens = nameTokens(name);
  const own =
    ['birth', 'birthday', 'email', 'phone', 'zip', 'postal', 'postcode', 'address'].some((token) => tokens.includes(token)) ||
    (tokens.includes('name') && tokens.length <= 2);
  return own ? 'my' : 'the';
}

/** A search's words (`query`, `search_term`): asked as "what to search for". */
function isQueryParameter(name: string): boolean {
  return ['query', 'q', 'keyword', 'keywords', 'term', 'search'].includes(nameTokens(name).at(-1) ?? '');
}

/** A search is put as where to look, not as "the query is". */
const QUERY_PHRASES = ['{try|search for|look under} <value>', 'my name, <value>', "{it'd be|it should be} under <value>"];

/** How a value is put, by what it is: money and choices can be said any way, a labelled value keeps "<label> is". */
const MONEY_PHRASES = [
  '{the <label> is|the <label> would be|the <label> comes to|<own> <label> should be} <value>',
  "{make it|let's say|it's|call it|put down} <value>",
  '<value>{| please| would be right| in total| all told}',
  '{about|exactly|roughly|just} <value>',
  "{it comes to|that's|we're talking} <value>",
];
const CHOICE_PHRASES = [
  '{the <label> is|<own> <label> is} <value>',
  "{it's|it'd be} <value>",
  '<value>{| please}',
  "{go with|let's do} <value>",
];
const HURRIED_PHRASES = ['<label> is <value>', '<label> should be <value>'];
const LABELLED_PHRASES = ['{the|<own>} <label> is <value>', '{the|<own>} <label> should be <value>', '<label>: <value>'];

function phrasing(parameter: AskedParameter, value: string, hurried: boolean, chooser: Chooser): string {
  const isMoney = value.startsWith('$');
  const isChoice = Array.isArray(parameter.schema.enum);
  const pool = isQueryParameter(parameter.name)
    ? QUERY_PHRASES
    : hurried
      ? HURRIED_PHRASES
      : isMoney
        ? MONEY_PHRASES
        : isChoice
          ? CHOICE_PHRASES
          : LABELLED_PHRASES;
  const slots = { label: detailLabel(parameter.name), value, own: possessive(parameter.name) };
  // Values are said as they are (an expand would capitalise or re-space an address).
  const said = expand(chooser.one(pool).replace('<value>', '\u0000'), { ...slots, value: '' }, chooser).replace('\u0000', value);
  // A clause inside a sentence: only the sentence's first word is capitalised, later.
  return /^I\b/.test(said) ? said : `${said.charAt(0).toLowerCase()}${said.slice(1)}`;
}

/**
 * The values as the person says them: "The category is dining and the monthly limit is $300." or "Make it $300,
 * the category is dining." (hurried: "Category is dining, monthly limit is $300.": an "is" survives typing without
 * punctuation, where a colon would not). Several dates, and values that are not money or a choice, keep their
 * label so each lands in its own field; addresses and reasons come last, each in its own sentence, as they may hold
 * commas.
 */
export function describeDetails(parameters: readonly AskedParameter[], key: string, hurried: boolean, identity?: PersonIdentity): string {
  const chooser = new Chooser(`${key}:details:${parameters.map((parameter) => parameter.name).join(',')}`);
  const said = parameters.flatMap((parameter) => {
    const value = detailValue(parameter.name, parameter.schema, key, identity);
    if (value === undefined) return [];
    const label = detailLabel(parameter.name);
    const clause = isSentenceValue(parameter.name)
      ? `${possessive(parameter.name)} ${label} is ${value}`
      : phrasing(parameter, value, hurried, chooser);
    return [{ name: parameter.name, clause }];
  });
  const short = said.filter((entry) => !isSentenceValue(entry.name)).map((entry) => entry.clause);
  const long = said.filter((entry) => isSentenceValue(entry.name)).map((entry) => entry.clause);
  const joined = hurried || short.length <= 1 ? short.join(', ') : `${short.slice(0, -1).join(', ')} and ${short[short.length - 1]}`;
  return [joined, ...long]
    .filter((sentence) => sentence !== '')
    .map((sentence) => `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`)
    .join(' ');
}
