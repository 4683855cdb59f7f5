import type { ToolSpec } from '../../../../shared/domain';
import type { IdKinds } from '../../../world/id-kinds';
import { isIdParameter, nameTokens } from '../../../world/tool-names';
import { queryFrom } from './demo-query';
import { askedReason, statedReason } from './demo-reason';
import { EMAIL, emailsIn, idTokens, YEAR } from './demo-tokens';

export { emailsIn, idTokens } from './demo-tokens';

/** How the demo agent fills a tool's arguments from what the person typed (never from thin air). */

export interface PlannedCall {
  tool: string;
  args: Record<string, unknown>;
  /** Required parameters nothing the person said could fill: the agent asks for them. */
  missing: string[];
}

const MONEY = /(?:[$€£]\s?(\d+(?:[.,]\d{1,2})?))|(?:\b(\d+(?:\.\d{1,2})?)\s?(?:dollars?|usd|eur|euros?|gbp|pounds?|bucks|cad)\b)/gi;
const BARE_NUMBER = /(?<![\w.$€£-])(\d+(?:\.\d{1,2})?)(?![\w-]|\.\d)/g;
const ISO_DATE = /\b((?:19|20)\d{2}-\d{2}-\d{2})\b/;
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|' +
  'aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?';
const MONTH_FIRST = new RegExp(`\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+((?:19|20)\\d{2})\\b`, 'i');
const DAY_FIRST = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH},?\\s+((?:19|20)\\d{2})\\b`, 'i');
/** Money in a parameter's description: a `monthly_limit` "in dollars" is an amount, not a count. */
const MONEY_DESCRIPTION = /(dollar|usd|\$|amount|price|money|currency|euro|pound)/i;

const AMOUNT_PARAMETER = /(amount|price|total|value|sum|refund|cost|fee|balance)/i;
const COUNT_PARAMETER = /(qty|quantity|count|units|number_of|limit|seats|guests|party|size)/i;
const QUERY_PARAMETER = /^(query|q|search|term|keywords?|search_term|text|search_query)$/i;
const FREE_TEXT_PARAMETER = /(reason|note|comment|message|description|details|body|summary|explanation)/i;
const REASON_PARAMETER = /reason/i;
const SUBJECT_PARAMETER = /(subject|title|topic)/i;

/** A long quotation in the person's message (a policy clause they cite) is not their request or their details. */
const QUOTATION = /"[^"]{25,}"|“[^”]{25,}”/g;

export function withoutQuotations(text: string): string {
  return text.replace(QUOTATION, ' ');
}

function amountIn(text: string): number | undefined {
  for (const match of text.matchAll(MONEY)) {
    const value = Number((match[1] ?? match[2])!.replace(',', '.'));
    if (Number.isFinite(value)) return value;
  }
  const ids = new Set(idTokens(text));
  for (const match of text.replace(EMAIL, ' ').matchAll(BARE_NUMBER)) {
    if (ids.has(match[1]!) || YEAR.test(match[1]!)) continue;
    return Number(match[1]);
  }
  return undefined;
}

function countIn(text: string): number | undefined {
  const ids = new Set(idTokens(text));
  for (const match of text.replace(EMAIL, ' ').matchAll(BARE_NUMBER)) {
    const value = Number(match[1]);
    if (!ids.has(match[1]!) && Number.isInteger(value) && value > 0 && value < 1000) return value;
  }
  return undefined;
}

function enumValueIn(text: string, values: readonly unknown[]): unknown {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9_\s-]/g, ' ')} `;
  return values.find((value) => typeof value === 'string' && lower.includes(` ${value.toLowerCase().replace(/_/g, ' ')} `));
}

type Schema = Record<string, unknown>;

/** A date as ISO `YYYY-MM-DD`, from ISO text or a spelled one ("March 12, 1984", "12 March 1984"). */
export function dateIn(text: string): string | undefined {
  const iso = ISO_DATE.exec(text)?.[1];
  if (iso !== undefined) return iso;
  const monthFirst = MONTH_FIRST.exec(text);
  const dayFirst = monthFirst === null ? DAY_FIRST.exec(text) : null;
  const [monthWord, day, year] =
    monthFirst !== null ? [monthFirst[1], monthFirst[2], monthFirst[3]] : dayFirst !== null ? [dayFirst[2], dayFirst[1], dayFirst[3]] : [];
  if (monthWord === undefined || day === undefined || year === undefined || Number(day) < 1 || Number(day) > 31) return undefined;
  const month = MONTH_NAMES.indexOf(monthWord.slice(0, 3).toLowerCase()) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
}

/**
 * The value the person gave a parameter by name: "the category is dining", "postal code: 02139", "the address is
 * 12 Elm St, Springfield, IL 62704". `toSentenceEnd` values (addresses, reasons) may hold commas; others end at a
 * comma, "and" or a new capitalised sentence (typed without punctuation).
 */
export function labelledValue(name: string, text: string, toSentenceEnd: boolean): string | undefined {
  const label = nameTokens(name).join('[\\s_-]+');
  const joinerPattern = String.raw`\s*(?:\bis\b|:|=|\bwould be\b|\bshould be\b|\bwill be\b)\s*(?:the\s+)?["“]?`;
  const valuePattern = String.raw`([^\n.!?;"”]+(?:\.\d[^\n.!?;"”]*)?)`;
  const match = new RegExp(`(?<![a-z])${label}${joinerPattern}${valuePattern}`, 'i').exec(text);
  let value = match?.[1]?.trim();
  if (value === undefined || value === '' || /^(?:and|or|but|not|that|it|this)\b/i.test(value)) return undefined;
  if (!toSentenceEnd) {
    value = value.split(/,|;|\s+and\s+|\s+(?=[A-Z][a-z]+\s)/)[0]!.trim();
    value = value.split(/\s+/).slice(0, 6).join(' ');
  }
  return value.length >= 1 && value.length <= 200 ? value : undefined;
}

/** The person's own first sentence, cut at a word before `limit` characters: free text for a reason or note. */
/** A sentence that only says hello or who is writing ("Name's Olive Botsford."): never a reason or a subject. */
const GREETING_ONLY = /^(?:hi|hello|hey|hiya|morning|good (?:morning|afternoon|evening))\b[^.!?]{0,30}[.!?]?$/i;
const INTRODUCTION = new RegExp(
  String.raw`^(?:(?:I'm|I am|My name is|my name is|Name's|This is|It's|It is|Writing as|Messaging as)\s+[A-Z][a-z'-]+\s+[A-Z]|` +
    String.raw`[A-Z][a-z'-]+\s+[A-Z][a-z'-]+(?:\s+here\b|,))`,
);

function firstSentence(text: string, limit: number): string | undefined {
  const sentences = text
    .trim()
    .split(/(?<=[.!?])\s+/)
    .map((part) => part.trim());
  const sentence = sentences.find((part) => !GREETING_ONLY.test(part) && !INTRODUCTION.test(part)) ?? sentences[0] ?? '';
  if (sentence.length <= limit) return sentence || undefined;
  const cut = sentence.slice(0, limit);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trim() || undefined;
}

/** What the agent reads of the world's id kinds (from the tool set): how an id fits a tool's argument. */
export type IdKindJudge = Pick<IdKinds, 'fit'>;

/**
 * Ids for the id parameters, each typed id used once: a parameter takes an id the world's id kinds say is of its
 * kind first (`account_id` <- ACC-2333), then one whose prefix fits its name (`payee_id` <- PAY-8006), then any id
 * not known to be another kind's; an id of another kind (a transaction id for `account_id`) is never passed, so the
 * parameter stays unfilled and the agent asks for it. Earlier turns' ids come after the latest turn's.
 */
function assignIds(names: readonly string[], texts: readonly string[], tool: string, kinds: IdKindJudge | undefined): Map<string, string> {
  const ids = [...new Set(texts.flatMap(idTokens))];
  const assigned = new Map<string, string>();
  const used = new Set<string>();
  const fit = (name: string, id: string) => kinds?.fit({ path: name, key: name, value: id }, tool) ?? 'unknown';
  const prefixFits = (name: string, id: string) => {
    const prefix = /^([a-z]{2,})/i.exec(id)?.[1]?.toLowerCase();
    return prefix !== undefined && nameTokens(name).some((token) => token.startsWith(prefix) || prefix.startsWith(token.slice(0, 3)));
  };
  const directions = directedIds(texts);
  const passes: ((name: string, id: string) => boolean)[] = [
    (name, id) => fit(name, id) !== 'wrong' && directions.get(id) !== undefined && directions.get(id) === directionOf(name),
    (name, id) => fit(name, id) === 'right',
    (name, id) => fit(name, id) !== 'wrong' && prefixFits(name, id),
    (name, id) => fit(name, id) !== 'wrong',
  ];
  for (const accepts of passes) {
    for (const name of names) {
      if (assigned.has(name)) continue;
      const id = ids.find((candidate) => !used.has(candidate) && accepts(name, candidate));
      if (id === undefined) continue;
      assigned.set(name, id);
      used.add(id);
    }
  }
  return assigned;
}

const FROM_WORDS = new Set(['from', 'source']);
const TO_WORDS = new Set(['to', 'into', 'destination', 'target']);

function directionOf(name: string): 'from' | 'to' | undefined {
  const first = nameTokens(name)[0] ?? '';
  return FROM_WORDS.has(first) ? 'from' : TO_WORDS.has(first) ? 'to' : undefined;
}

/** Words that may stand between "from"/"to" and the id ("out of my checking account (ACC-2333)", "goes to is ACC-9747"). */
const BETWEEN = String.raw`(?:(?:the|my|account|acct|number|no\.?|is|one|checking|main|everyday|personal|current|savings)\s+){0,4}`;
const DIRECTED_ID = new RegExp(
  String.raw`\b(from|out of|to|into|destination)\s+${BETWEEN}\(?#?([A-Za-z]{1,12}[-_]?\d{2,}[A-Za-z0-9]*)`,
  'gi',
);

/** Ids the person placed with "from ACC-2333" or "out of my account (ACC-2333)", "to ACC-9747" or "it goes to is ACC-9747". */
function directedIds(texts: readonly string[]): Map<string, 'from' | 'to'> {
  const directions = new Map<string, 'from' | 'to'>();
  for (const text of texts) {
    for (const match of text.matchAll(DIRECTED_ID)) {
      const id = match[2]!;
      if (!directions.has(id)) directions.set(id, /^(from|out of)$/i.test(match[1]!) ? 'from' : 'to');
    }
  }
  return directions;
}

/** A value for one parameter from the person's turns (latest first), or undefined when they never gave one. */
function valueFor(name: string, schema: Schema, texts: readonly string[], tool: string): unknown {
  const type = schema.type;
  const latest = texts[0] ?? '';
  if (Array.isArray(schema.enum)) {
    for (const text of texts) {
      const value = enumValueIn(text, schema.enum);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (/email/i.test(name) || schema.format === 'email') return texts.map((text) => emailsIn(text)[0]).find(Boolean);
  if (isIdParameter(name) && type !== 'number' && type !== 'integer') return undefined;
  if (type === 'number' || type === 'integer') {
    const isMoney = AMOUNT_PARAMETER.test(name) || MONEY_DESCRIPTION.test(typeof schema.description === 'string' ? schema.description : '');
    const find = COUNT_PARAMETER.test(name) && !isMoney ? countIn : amountIn;
    const value = texts.map(find).find((found) => found !== undefined);
    return type === 'integer' && value !== undefined && !Number.isInteger(value) ? undefined : value;
  }
  if (type === 'boolean' || type === 'object' || type === 'array') return undefined;
  if (QUERY_PARAMETER.test(name)) return queryFrom(latest, tool);
  if (/phone/i.test(name)) return /\+?\d[\d\s().-]{6,}\d/.exec(texts.join(' '))?.[0];
  if (/date|day|birth/i.test(name) || schema.format === 'date' || schema.format === 'date-time') {
    // "The from date is 16 December and the to date 2 January": each date from its own label, else the first said.
    const labelledDate = texts
      .map((text) => labelledValue(name, text, true)?.split(/\s+and\s+|;/)[0])
      .map((value) => value && dateIn(value));
    return labelledDate.find(Boolean) ?? texts.map(dateIn).find(Boolean);
  }
  const toSentenceEnd = FREE_TEXT_PARAMETER.test(name) || /address/i.test(name);
  const labelled = texts.map((text) => labelledValue(name, text, toSentenceEnd)).find(Boolean);
  if (labelled !== undefined) return labelled;
  if (REASON_PARAMETER.test(name)) return statedReason(texts) ?? askedReason(tool);
  // "Here you go: ORD-1042." says which record, not why: the reason is the first sentence that names no id.
  if (FREE_TEXT_PARAMETER.test(name))
    return (
      texts.map((text) => firstSentence(text, 120)).find((sentence) => sentence !== undefined && idTokens(sentence).length === 0) ??
      firstSentence(latest, 120)
    );
  if (SUBJECT_PARAMETER.test(name)) return firstSentence(latest, 80);
  return undefined;
}

/**
 * The call the person's words support: required parameters filled from their turns (ids, emails, amounts, the
 * search words), optional enum parameters when they named a value; what stays unfilled is `missing`. With `kinds`,
 * an id parameter takes only an id that may be of its kind (see `assignIds`).
 */
export function planCall(tool: ToolSpec, userTexts: readonly string[], kinds?: IdKindJudge): PlannedCall {
  const texts = [...userTexts].reverse().map(withoutQuotations);
  const properties = (tool.parameters.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(tool.parameters.required) ? (tool.parameters.required as string[]) : []);
  const args: Record<string, unknown> = {};
  const missing: string[] = [];
  const idNames = Object.entries(properties)
    .filter(
      ([name, schema]) =>
        required.has(name) &&
        isIdParameter(name) &&
        schema?.type !== 'number' &&
        schema?.type !== 'integer' &&
        !Array.isArray(schema?.enum),
    )
    .map(([name]) => name);
  const ids = assignIds(idNames, texts, tool.name, kinds);
  for (const [name, schema] of Object.entries(properties)) {
    const isRequired = required.has(name);
    if (!isRequired && !Array.isArray(schema?.enum)) continue;
    const value = ids.get(name) ?? valueFor(name, schema ?? {}, texts, tool.name);
    if (value !== undefined) args[name] = value;
    else if (isRequired) missing.push(name);
  }
  for (const name of required) if (!(name in properties) && !(name in args)) missing.push(name);
  return { tool: tool.name, args, missing };
}
