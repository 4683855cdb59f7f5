import type { ToolSpec } from '../../../shared/domain';
import { isDestructiveTool, isReadTool, nameTokens, singular } from '../../world/tool-names';
import { emailsIn, idTokens, planCall, withoutQuotations, type IdKindJudge } from './arguments/demo-arguments';
import { kindFit, sharesValue } from './arguments/demo-call-fit';
import {
  CATALOGUE,
  CONJUNCTION,
  GENERIC_VERBS,
  INTERJECTION,
  NOT_A_LABEL,
  NOUN_SYNONYMS,
  NUMBER_LABEL,
  SHOPPING_CUE,
  UPDATE_AS_NEWS,
  VERB_GROUPS,
} from './demo-vocabulary';
import { isSlipOf } from './demo-words';

/**
 * Which tools the person's ask calls for: each tool is scored by how much of its name the ask says (its nouns
 * outright or in the words people use for them, its verb or one of its group), and by whether the numbers the
 * person typed are of the kind its parameters take. Words that only label a number ("order number", "order
 * ORD-1042") say which record, not what to do with it.
 */

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

function askWords(raw: string): AskWords {
  const ids = idTokens(raw);
  const labels = new Set<string>();
  let text = raw.replace(UPDATE_AS_NEWS, (phrase) => phrase.replace(/updates?/i, 'status')).replace(INTERJECTION, '$1');
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
  /** Every noun of its name said in words, not only read off a typed id's prefix or label: what the ask is about. */
  nounSaid: boolean;
  /** Where the person said the tool's verb or a synonym ("track", "list"); -1 when they named only its record. */
  verbIndex: number;
  score: number;
  position: number;
  /** Where the first of its nouns was said in words (not a label); MAX_SAFE_INTEGER when none was. */
  nounPosition: number;
  /** The person's words fill every required parameter (computed on first use: it is the costly part). */
  readonly fillable: boolean;
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
  const said = nouns.filter((found) => found.score >= 3 && found.index >= 0).map((found) => found.index);
  const positions = [...said, verbFound.index].filter((index) => index >= 0);
  if (positions.length === 0 && !nouns.some((found) => found.score > 0)) return undefined;
  let fillable: boolean | undefined;
  return {
    tool,
    order,
    full: nounMatched && verbMatched,
    nounMatched,
    nounSaid: nouns.every((found) => found.score >= 3),
    verbIndex: verbFound.index,
    score: nouns.reduce((sum, found) => sum + found.score, 0) + verbFound.score + kindFit(tool, ids, kinds),
    position: positions.length === 0 ? Number.MAX_SAFE_INTEGER : Math.min(...positions),
    nounPosition: said.length === 0 ? Number.MAX_SAFE_INTEGER : Math.min(...said),
    get fillable() {
      fillable ??= planCall(tool, userTexts, kinds).missing.length === 0;
      return fillable;
    },
  };
}

/**
 * More of the tool's name said (and numbers of its kind), then its thing said in words ("get me my money back for ORD-1":
 * the order is only the number's label), then said earlier (a request tends to come first), then fillable.
 */
const byStrength = (left: Match, right: Match) =>
  right.score - left.score ||
  Number(right.nounSaid) - Number(left.nounSaid) ||
  left.position - right.position ||
  Number(right.fillable) - Number(left.fillable) ||
  left.order - right.order;

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

/**
 * "Get me my money back for my order": a lookup's verb ("get", "check") whose object, said right after it, is an
 * action's thing asks for that action, not for the lookup.
 */
function verbOfAnother(lookup: Match, matches: readonly Match[]): boolean {
  if (lookup.verbIndex < 0 || !isReadTool(lookup.tool.name)) return false;
  return matches.some(
    (action) =>
      action.full &&
      action.nounSaid &&
      !isReadTool(action.tool.name) &&
      action.nounPosition > lookup.verbIndex &&
      action.nounPosition <= lookup.verbIndex + 4 &&
      action.nounPosition < lookup.nounPosition,
  );
}

/** The tools one ask names: the best full match first, plus other steps a joined request fully names. */
export function matchAsk(tools: readonly ToolSpec[], quoted: string, userTexts: readonly string[], kinds?: IdKindJudge): ToolSpec[] {
  const text = withoutQuotations(quoted);
  const ask = askWords(text);
  const ids = [...new Set(userTexts.flatMap(idTokens))];
  const matches = tools
    .map((tool, order) => match(tool, order, ask, userTexts, ids, kinds))
    .filter((found): found is Match => found !== undefined);
  const full = matches.filter((found) => found.full && found.score > 0 && !verbOfAnother(found, matches)).sort(byStrength);
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
    // "Not what I ordered: could you sort out a refund for ORD-1?": the look-up is the context of the action asked.
    const action = full.find((found) => found.nounSaid && !isReadTool(found.tool.name));
    if (chosen.length === 1 && isReadTool(primary.tool.name) && action) chosen.push(action);
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
