import type { ToolSpec } from '../../../shared/domain';
import { isIdKey } from '../../world/id-kinds';
import { isDestructiveTool, isReadTool, nameTokens, singular } from '../../world/tool-names';
import { emailsIn, idTokens, planCall, withoutQuotations, type IdKindJudge } from './arguments/demo-arguments';
import { GENERIC_VERBS, NOUN_SYNONYMS, VERB_GROUPS } from './demo-vocabulary';

/**
 * Which tools the person's ask calls for: each tool is scored by how much of its name the ask says (its nouns
 * outright or in the words people use for them, its verb or one of its group), and by whether the numbers the
 * person typed are of the kind its parameters take. Words that only label a number ("order number", "order
 * ORD-1042") say which record, not what to do with it.
 */

const SHOPPING_CUE = /\b(looking for|do you (?:have|sell|carry|stock)|in stock|recommend|any .+ (?:under|below|for)|find me)\b/i;
const CONJUNCTION = /\b(and|then|also|plus|after that|next|second(?:ly)?|too|as well)\b/i;
/** Words before a number that do not say what it is ("with DR-605", "is ORD-1042"). */
const NOT_A_LABEL = /^(with|for|from|to|on|in|is|it's|its|under|about|and|or|my|the|a|of|at|by|was|be|me|number|reference|ref|id|no)$/i;
/** "order number", "order no.", "order #" (a "#" has no word boundary after it when a space follows). */
const NUMBER_LABEL = /\b[a-z]+[\s_-]+(?:(?:number|num|no\.?|id|reference|ref|code)\b|#)/gi;

const isVerb = (token: string) => GENERIC_VERBS.has(token) || VERB_GROUPS.some((group) => group.includes(token));
const ALL_VERBS = [...GENERIC_VERBS, ...VERB_GROUPS.flat()].filter((verb) => verb.length >= 5);
/** "cancle ORD-1042": a verb typed with a slip still says what to do; it does not label the number. */
const isVerbOrSlip = (token: string) => isVerb(token) || ALL_VERBS.some((verb) => isSlipOf(token, verb));
/** Each verb's synonyms (itself included), computed once. */
const SYNONYMS = new Map<string, readonly string[]>();
for (const group of VERB_GROUPS) for (const verb of group) SYNONYMS.set(verb, [...new Set([...(SYNONYMS.get(verb) ?? []), ...group])]);

/** What matching needs to know about a tool's name, computed once per tool. */
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
  /** The ask without its numbers and their labels, as spaced lowercase text (for phrases). */
  text: string;
  words: string[];
  singulars: string[];
  /** Letter prefixes of the ids typed ("ORD-1042" names an order), and the words that labelled them ("order"). */
  idPrefixes: string[];
  labels: Set<string>;
}

/** "a delivery update", "any update on": news asked for, a status, not a change to make. */
const UPDATE_AS_NEWS =
  /\b(an?|any|the|some|quick|latest|delivery|shipping|order|tracking|status)\s+updates?\b|\bupdates?\s+(?=on|about)\b/gi;

function askWords(raw: string): AskWords {
  const ids = idTokens(raw);
  const labels = new Set<string>();
  let text = raw.replace(UPDATE_AS_NEWS, (phrase) => phrase.replace(/updates?/i, 'status'));
  for (const id of ids) {
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    text = text.replace(new RegExp(`\\b([a-z]+)(\\s+#?${escaped})`, 'gi'), (whole, label: string) => {
      if (NOT_A_LABEL.test(label) || isVerbOrSlip(label.toLowerCase())) return whole;
      labels.add(singular(label.toLowerCase()));
      return ' ';
    });
    text = text.replaceAll(id, ' ');
  }
  text = text.replace(NUMBER_LABEL, (label) => {
    labels.add(singular(label.toLowerCase().split(/[\s_-]+/)[0]!));
    return ' ';
  });
  const words = text
    .toLowerCase()
    .split(/[^a-z0-9'-]+/)
    .filter((word) => word.length > 0);
  const idPrefixes = ids.flatMap((id) => {
    const prefix = /^([a-z]{2,})[-_]?\d/i.exec(id)?.[1]?.toLowerCase();
    return prefix === undefined ? [] : [prefix];
  });
  return { text: ` ${words.join(' ')} `, words, singulars: words.map(singular), idPrefixes, labels };
}

/** Index of the first ask word that is the word, its plural or an inflection (refund -> refunded); phrases anywhere. */
function wordIndex(word: string, ask: AskWords): number {
  if (word.includes(' ')) return ask.text.indexOf(` ${word} `) >= 0 ? ask.words.indexOf(word.split(' ')[0]!) : -1;
  const exact = ask.words.findIndex(
    (candidate, position) => candidate === word || ask.singulars[position] === word || (word.length >= 4 && candidate.startsWith(word)),
  );
  return exact >= 0 || word.length < 5
    ? exact
    : ask.words.findIndex((candidate) => isSlipOf(candidate, word) || isSlipOf(candidate, `${word}s`));
}

/** A typing slip of a longer word, as people make them: two neighbouring letters swapped, or one left out (not the first). */
function isSlipOf(typed: string, word: string): boolean {
  if (typed[0] !== word[0]) return false;
  if (typed.length === word.length - 1) {
    for (let index = 1; index < word.length; index++) if (word.slice(0, index) + word.slice(index + 1) === typed) return true;
    return false;
  }
  if (typed.length !== word.length || typed === word) return false;
  const first = [...typed].findIndex((letter, index) => letter !== word[index]);
  return typed[first] === word[first + 1] && typed[first + 1] === word[first] && typed.slice(first + 2) === word.slice(first + 2);
}

/** How a token of a tool's name is said: outright or in its synonyms (3), only as a typed id's prefix (1), or not. */
function nounMatch(token: string, ask: AskWords): { score: number; index: number } {
  const direct = Math.max(wordIndex(token, ask), wordIndex(singular(token), ask));
  if (direct >= 0) return { score: 3, index: direct };
  for (const synonym of NOUN_SYNONYMS[token] ?? NOUN_SYNONYMS[singular(token)] ?? []) {
    const index = wordIndex(synonym, ask);
    if (index >= 0) return { score: 3, index };
  }
  const labelled = ask.labels.has(singular(token)) || ask.idPrefixes.some((prefix) => token.startsWith(prefix));
  return labelled ? { score: 1, index: 0 } : { score: 0, index: -1 };
}

function verbMatch(verb: string, ask: AskWords): { score: number; index: number } {
  const direct = wordIndex(verb, ask);
  if (direct >= 0) return { score: 2, index: direct };
  let best = -1;
  for (const synonym of SYNONYMS.get(verb) ?? []) {
    const index = wordIndex(synonym, ask);
    if (index >= 0 && (best < 0 || index < best)) best = index;
  }
  return best >= 0 ? { score: 1, index: best } : { score: 0, index: -1 };
}

interface Match {
  tool: ToolSpec;
  order: number;
  full: boolean;
  nounMatched: boolean;
  /** Where the person said the tool's verb or a synonym ("track", "list"); -1 when they named only its record. */
  verbIndex: number;
  score: number;
  position: number;
  /** The person's words fill every required parameter (computed on first use: it is the costly part). */
  readonly fillable: boolean;
}

/** +2 when a typed id is of the kind the tool's id parameters take, -6 (out of the running) when every one is of another. */
function kindFit(tool: ToolSpec, ids: readonly string[], kinds: IdKindJudge | undefined): number {
  if (kinds === undefined || ids.length === 0) return 0;
  const keys = Object.keys((tool.parameters.properties ?? {}) as Record<string, unknown>).filter(isIdKey);
  const fits = keys.flatMap((key) => ids.map((id) => kinds.fit({ path: key, key, value: id }, tool.name)));
  if (fits.includes('right')) return 2;
  return fits.length > 0 && fits.every((fit) => fit === 'wrong') ? -6 : 0;
}

function match(
  tool: ToolSpec,
  order: number,
  ask: AskWords,
  userTexts: readonly string[],
  ids: readonly string[],
  kinds?: IdKindJudge,
): Match | undefined {
  const words = toolWords(tool);
  if (words === null) return undefined;
  const { verb, content } = words;
  const nouns = content.map((token) => nounMatch(token, ask));
  const nounMatched = nouns.every((found) => found.score > 0);
  const verbFound = verb === undefined || GENERIC_VERBS.has(verb) ? { score: 0, index: -1 } : verbMatch(verb, ask);
  const verbMatched = verb === undefined || GENERIC_VERBS.has(verb) || verbFound.score > 0;
  const positions = [...nouns.filter((found) => found.score >= 3).map((found) => found.index), verbFound.index].filter(
    (index) => index >= 0,
  );
  if (positions.length === 0 && !nouns.some((found) => found.score > 0)) return undefined;
  let fillable: boolean | undefined;
  return {
    tool,
    order,
    full: nounMatched && verbMatched,
    nounMatched,
    verbIndex: verbFound.index,
    score: nouns.reduce((sum, found) => sum + found.score, 0) + verbFound.score + kindFit(tool, ids, kinds),
    position: positions.length === 0 ? Number.MAX_SAFE_INTEGER : Math.min(...positions),
    get fillable() {
      fillable ??= planCall(tool, userTexts, kinds).missing.length === 0;
      return fillable;
    },
  };
}

/** More of the tool's name said (and numbers of its kind), then said earlier (a request tends to come first), then fillable. */
const byStrength = (left: Match, right: Match) =>
  right.score - left.score || left.position - right.position || Number(right.fillable) - Number(left.fillable) || left.order - right.order;

/** What a shop's search tool is named after (`search_products`, `browse_catalog`). */
const CATALOGUE = /product|item|catalog|catalogue|listing|menu|inventory|stock/;

/** A read tool for a lookup that named no tool: one the person's ids or email can fill, else the first read. */
function lookupFallback(
  tools: readonly ToolSpec[],
  latest: string,
  userTexts: readonly string[],
  kinds?: IdKindJudge,
): ToolSpec | undefined {
  const reads = tools.filter((tool) => isReadTool(tool.name));
  if (SHOPPING_CUE.test(latest)) {
    // A shopping question is a catalogue search: not a search of the person's own orders, loans or requests.
    const search = reads.find((tool) => /search|find|browse/.test(tool.name) && CATALOGUE.test(tool.name));
    if (search) return search;
  }
  // Without an id or an email to look up, a question that names no tool is chit-chat, not a lookup; a bare number
  // ("split 1240 between 8 people") is arithmetic, not a record named by nothing else.
  const hasDetail = idTokens(latest).some((id) => !/^\d+$/.test(id)) || emailsIn(latest).length > 0;
  if (!hasDetail) return undefined;
  return reads.find((tool) => !/search|find|browse/.test(tool.name) && planCall(tool, userTexts, kinds).missing.length === 0);
}

/** Two lookups filled with one of the same values (an order's status and its tracking) look at one record twice. */
function sharesValue(left: ToolSpec, right: ToolSpec, userTexts: readonly string[], kinds?: IdKindJudge): boolean {
  const values = (tool: ToolSpec) => Object.values(planCall(tool, userTexts, kinds).args).filter((value) => typeof value === 'string');
  const leftValues = new Set(values(left));
  return values(right).some((value) => leftValues.has(value));
}

/** The tools one ask names: the best full match first, plus other steps a joined request fully names. */
export function matchAsk(tools: readonly ToolSpec[], quoted: string, userTexts: readonly string[], kinds?: IdKindJudge): ToolSpec[] {
  const text = withoutQuotations(quoted);
  const ask = askWords(text);
  const ids = [...new Set(userTexts.flatMap(idTokens))];
  const matches = tools
    .map((tool, order) => match(tool, order, ask, userTexts, ids, kinds))
    .filter((found): found is Match => found !== undefined);
  const full = matches.filter((found) => found.full && found.score > 0).sort(byStrength);
  if (full.length > 0) {
    const primary = full[0]!;
    const chosen = [primary];
    if (CONJUNCTION.test(text)) {
      // A joined request adds its other steps, and a second lookup only when a verb of its own was said ("list" asks
      // for one lookup, not two) and it looks at other records.
      for (const other of full.slice(1)) {
        const isExtraLookup =
          isReadTool(other.tool.name) &&
          chosen.some((found) => isReadTool(found.tool.name)) &&
          (other.verbIndex < 0 ||
            chosen.some((found) => found.verbIndex === other.verbIndex || sharesValue(found.tool, other.tool, userTexts, kinds)));
        // An action the words cannot fill yet is still asked for: the agent does the rest, then asks what it lacks.
        if ((other.fillable || !isReadTool(other.tool.name)) && !isExtraLookup && chosen.length < 3) chosen.push(other);
      }
    }
    return chosen.sort((left, right) => left.position - right.position).map((found) => found.tool);
  }
  // Only the noun matched: a lookup is a safe guess, a destructive action never is; nor a record of another kind.
  const nounOnly = matches.filter((found) => found.nounMatched && found.score > 0).sort(byStrength);
  const read = nounOnly.find((found) => isReadTool(found.tool.name));
  if (read) return [read.tool];
  const harmless = nounOnly.find((found) => found.score >= 3 && !isDestructiveTool(found.tool.name));
  return harmless ? [harmless.tool] : [];
}

/**
 * The tools to call for the latest ask, in the order the person asked (at most three). A turn that only gives a
 * detail ("It's ORD-2231.") continues the person's earlier request; a lookup with a detail and no tool words gets
 * a read tool; chit-chat gets none.
 */
export function chooseTools(tools: readonly ToolSpec[], userTexts: readonly string[], kinds?: IdKindJudge): ToolSpec[] {
  let cache = choiceCache.get(tools);
  if (!cache) choiceCache.set(tools, (cache = new Map()));
  const key = `${kinds === undefined ? '' : 'kinds'}\u0001${userTexts.join('\u0000')}`;
  const cached = cache.get(key);
  if (cached) return [...cached];
  // The agent replays its earlier turns on every turn, so the same choice is asked for again and again.
  if (cache.size >= CHOICE_CACHE_LIMIT) cache.clear();
  const chosen = chooseToolsUncached(tools, userTexts, kinds);
  cache.set(key, chosen);
  return [...chosen];
}

const CHOICE_CACHE_LIMIT = 2048;
const choiceCache = new WeakMap<readonly ToolSpec[], Map<string, readonly ToolSpec[]>>();

function chooseToolsUncached(tools: readonly ToolSpec[], userTexts: readonly string[], kinds?: IdKindJudge): ToolSpec[] {
  const latest = withoutQuotations(userTexts[userTexts.length - 1] ?? '');
  const named = matchAsk(tools, latest, userTexts, kinds);
  if (named.length > 0) return named;
  if (idTokens(latest).length > 0 || emailsIn(latest).length > 0) {
    for (let index = userTexts.length - 2; index >= 0; index--) {
      const earlier = matchAsk(tools, userTexts[index]!, userTexts, kinds);
      if (earlier.length > 0) return earlier;
    }
  }
  const fallback = lookupFallback(tools, latest, userTexts, kinds);
  return fallback ? [fallback] : [];
}
