import type { ToolSpec } from '../../../shared/domain';
import { isDestructiveTool, isReadTool, nameTokens, singular } from '../../world/tool-names';
import { emailsIn, idTokens, planCall, withoutQuotations } from './demo-arguments';

/** Which tools the person's ask calls for: the tools whose name words (len > 2) appear in it, synonyms allowed. */

const VERB_GROUPS: ReadonlyArray<readonly string[]> = [
  [
    'get',
    'read',
    'list',
    'fetch',
    'find',
    'show',
    'view',
    'lookup',
    'look',
    'check',
    'search',
    'query',
    'browse',
    'track',
    'see',
    'status',
    'where',
    'describe',
    'inspect',
    'details',
    'info',
  ],
  ['cancel', 'stop', 'abort'],
  ['refund', 'reimburse', 'reimbursement'],
  ['create', 'open', 'new', 'make', 'add', 'start', 'file', 'submit', 'place', 'book', 'register', 'raise', 'log'],
  ['update', 'change', 'edit', 'modify', 'correct', 'fix', 'set', 'move', 'reschedule', 'switch'],
  ['delete', 'remove', 'erase', 'close', 'drop'],
  ['send', 'email', 'message', 'notify', 'forward', 'resend'],
  ['transfer', 'move', 'wire'],
  ['pay', 'payment', 'settle'],
];
/** Verbs that say nothing about the request: `issue_refund` is about refunds whether or not the person says "issue". */
const GENERIC_VERBS = new Set(['issue', 'process', 'perform', 'handle', 'do', 'request', 'initiate', 'trigger', 'apply', 'execute', 'run']);
const SHOPPING_CUE = /\b(looking for|do you (?:have|sell|carry|stock)|in stock|recommend|any .+ (?:under|below|for)|find me)\b/i;
const CONJUNCTION = /\b(and|then|also|plus|after that)\b/i;

const isVerb = (token: string) => GENERIC_VERBS.has(token) || VERB_GROUPS.some((group) => group.includes(token));
/** Each verb's synonyms (itself included), computed once. */
const SYNONYMS = new Map<string, readonly string[]>();
for (const group of VERB_GROUPS) for (const verb of group) SYNONYMS.set(verb, [...new Set([...(SYNONYMS.get(verb) ?? []), ...group])]);

/** What matching needs to know about a tool's name, computed once per tool set. */
interface ToolWords {
  verb: string | undefined;
  content: string[];
}
const wordsCache = new WeakMap<ToolSpec, ToolWords | null>();

function toolWords(tool: ToolSpec): ToolWords | null {
  const cached = wordsCache.get(tool);
  if (cached !== undefined) return cached;
  const tokens = nameTokens(tool.name).filter((token) => token.length > 2);
  const verb = tokens.length > 0 && isVerb(tokens[0]!) ? tokens[0] : undefined;
  const words = tokens.length === 0 ? null : { verb, content: verb === undefined ? tokens : tokens.slice(1) };
  wordsCache.set(tool, words);
  return words;
}

interface AskWords {
  words: string[];
  singulars: string[];
  /** Letter prefixes of the ids typed, at their word index: "ORD-1042" names an order. */
  idPrefixes: Array<[string, number]>;
}

function askWords(text: string): AskWords {
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0);
  const idPrefixes: Array<[string, number]> = [];
  for (const id of idTokens(text)) {
    const prefix = /^([a-z]{2,})[-_]?\d/i.exec(id)?.[1]?.toLowerCase();
    if (prefix !== undefined) idPrefixes.push([prefix, Math.max(0, words.indexOf(prefix))]);
  }
  return { words, singulars: words.map(singular), idPrefixes };
}

/** Index of the first ask word that is the token, its plural, an inflection (refund -> refunded) or an id's prefix. */
function directIndex(token: string, ask: AskWords): number {
  const index = ask.words.findIndex(
    (word, position) => word === token || ask.singulars[position] === token || (token.length >= 4 && word.startsWith(token)),
  );
  if (index >= 0) return index;
  return ask.idPrefixes.find(([prefix]) => token.startsWith(prefix))?.[1] ?? -1;
}

function synonymIndex(token: string, ask: AskWords): number {
  let best = -1;
  for (const synonym of SYNONYMS.get(token) ?? []) {
    const index = directIndex(synonym, ask);
    if (index >= 0 && (best < 0 || index < best)) best = index;
  }
  return best;
}

interface Match {
  tool: ToolSpec;
  order: number;
  full: boolean;
  nounMatched: boolean;
  direct: number;
  position: number;
  /** The person's words fill every required parameter (computed on first use: it is the costly part). */
  readonly fillable: boolean;
}

function match(tool: ToolSpec, order: number, ask: AskWords, userTexts: readonly string[]): Match | undefined {
  const words = toolWords(tool);
  if (words === null) return undefined;
  const { verb, content } = words;
  const contentIndexes = content.map((token) => directIndex(token, ask));
  const nounMatched = contentIndexes.every((index) => index >= 0);
  let verbIndex = -1;
  let verbDirect = false;
  if (verb !== undefined && !GENERIC_VERBS.has(verb)) {
    verbIndex = directIndex(verb, ask);
    verbDirect = verbIndex >= 0;
    if (!verbDirect) verbIndex = synonymIndex(verb, ask);
  }
  const verbMatched = verb === undefined || GENERIC_VERBS.has(verb) || verbIndex >= 0;
  const positions = [...contentIndexes, verbIndex].filter((index) => index >= 0);
  if (positions.length === 0) return undefined;
  let fillable: boolean | undefined;
  return {
    tool,
    order,
    full: nounMatched && verbMatched,
    nounMatched,
    direct: contentIndexes.filter((index) => index >= 0).length + (verbDirect ? 1 : 0),
    position: Math.min(...positions),
    get fillable() {
      fillable ??= planCall(tool, userTexts).missing.length === 0;
      return fillable;
    },
  };
}

/** More of the tool's words said outright, then said earlier (a request tends to come first), then fillable. */
const byStrength = (left: Match, right: Match) =>
  right.direct - left.direct ||
  left.position - right.position ||
  Number(right.fillable) - Number(left.fillable) ||
  left.order - right.order;

/** A read tool for a lookup that named no tool: one the person's ids or email can fill, else the first read. */
function lookupFallback(tools: readonly ToolSpec[], latest: string, userTexts: readonly string[]): ToolSpec | undefined {
  const reads = tools.filter((tool) => isReadTool(tool.name));
  if (SHOPPING_CUE.test(latest)) {
    const search = reads.find((tool) => /search|find|browse/.test(tool.name));
    if (search) return search;
  }
  // Without an id or an email to look up, a question that names no tool is chit-chat, not a lookup.
  const hasDetail = idTokens(latest).length > 0 || emailsIn(latest).length > 0;
  if (!hasDetail) return undefined;
  return reads.find((tool) => !/search|find|browse/.test(tool.name) && planCall(tool, userTexts).missing.length === 0);
}

/** The tools one ask names: the best full match first, plus other steps a joined request fully names. */
export function matchAsk(tools: readonly ToolSpec[], quoted: string, userTexts: readonly string[]): ToolSpec[] {
  const text = withoutQuotations(quoted);
  const ask = askWords(text);
  const matches = tools.map((tool, order) => match(tool, order, ask, userTexts)).filter((found): found is Match => found !== undefined);
  const full = matches.filter((found) => found.full).sort(byStrength);
  if (full.length > 0) {
    const primary = full[0]!;
    const chosen = [primary];
    if (CONJUNCTION.test(text)) {
      // A joined request adds only steps the person's words can fill, and at most one lookup.
      for (const other of full.slice(1)) {
        const isSecondRead = isReadTool(other.tool.name) && chosen.some((found) => isReadTool(found.tool.name));
        if (other.fillable && !isSecondRead && chosen.length < 3) chosen.push(other);
      }
    }
    return chosen.sort((left, right) => left.position - right.position).map((found) => found.tool);
  }
  // Only the noun matched: a lookup is a safe guess, a destructive action never is.
  const nounOnly = matches.filter((found) => found.nounMatched).sort(byStrength);
  const read = nounOnly.find((found) => isReadTool(found.tool.name));
  if (read) return [read.tool];
  const harmless = nounOnly.find((found) => found.direct > 0 && !isDestructiveTool(found.tool.name));
  return harmless ? [harmless.tool] : [];
}

/**
 * The tools to call for the latest ask, in the order the person asked (at most three). A turn that only gives a
 * detail ("It's ORD-2231.") continues the person's earlier request; a lookup with a detail and no tool words gets
 * a read tool; chit-chat gets none.
 */
export function chooseTools(tools: readonly ToolSpec[], userTexts: readonly string[]): ToolSpec[] {
  let cache = choiceCache.get(tools);
  if (!cache) choiceCache.set(tools, (cache = new Map()));
  const key = userTexts.join('\u0000');
  const cached = cache.get(key);
  if (cached) return [...cached];
  // The agent replays its earlier turns on every turn, so the same choice is asked for again and again.
  if (cache.size >= CHOICE_CACHE_LIMIT) cache.clear();
  const chosen = chooseToolsUncached(tools, userTexts);
  cache.set(key, chosen);
  return [...chosen];
}

const CHOICE_CACHE_LIMIT = 2048;
const choiceCache = new WeakMap<readonly ToolSpec[], Map<string, readonly ToolSpec[]>>();

function chooseToolsUncached(tools: readonly ToolSpec[], userTexts: readonly string[]): ToolSpec[] {
  const latest = withoutQuotations(userTexts[userTexts.length - 1] ?? '');
  const named = matchAsk(tools, latest, userTexts);
  if (named.length > 0) return named;
  if (idTokens(latest).length > 0 || emailsIn(latest).length > 0) {
    for (let index = userTexts.length - 2; index >= 0; index--) {
      const earlier = matchAsk(tools, userTexts[index]!, userTexts);
      if (earlier.length > 0) return earlier;
    }
  }
  const fallback = lookupFallback(tools, latest, userTexts);
  return fallback ? [fallback] : [];
}
