import { MULTI_TOOL, UNRELATED_TOOL, type Dimensions, type ToolSpec } from '../../../shared/domain';
import type { SituationWordingRequest } from '../../writers/wording';
import { canSay, Chooser, expand, say, type Slots } from '../speech/grammar';
import { inVoice, voiceKey } from '../speech/voice';
import { personIdentity } from '../person-identity';
import { phrasebookFor, type Phrasebook } from '../phrasebook';
import { GOALS, REASONS, REFERENCE_LINES } from '../phrases/goals';
import { OFF_TOPIC_ASKS } from '../phrases/off-topic';
import { CONDITION_LINES, HISTORY_LINES, WORLD_STATE_LINES } from '../phrases/situations';
import {
  BACKGROUND_LINES,
  CLOSERS,
  GREETINGS,
  INTRODUCTIONS,
  LIFE_LINES,
  PRESSURE_LINES,
  SECOND_ASKS,
  SIGN_OFFS,
  USER_TYPE_LINES,
} from '../phrases/small-talk';
import { RULE_MENTIONS, STANCE_LINES } from '../phrases/stances';
import { toolWords } from '../phrases/tool-words';
import { parseStyleTags, type StyleTags } from '../style-tags';
import { askSlots, personSlots, ruleTopic } from './opener-slots';
import { composedGoal } from './composed-goal';
import { referenceFor } from './reference';

/** What an opening message is written from: the situation's coordinate and its person (the writer's request). */
export type OpenerRequest = SituationWordingRequest;

type Length = 'short' | 'medium' | 'long';

function lengthOf(tags: StyleTags): Length {
  const length = tags.length ?? '';
  return length.includes('short') ? 'short' : length.includes('long') ? 'long' : 'medium';
}

/** Phrases of a pool that can be said with these slots (and name the reference, or not, as wanted). */
function sayable(pool: readonly string[], slots: Slots, withReference: boolean | undefined): string[] {
  return pool.filter((phrase) => canSay(phrase, slots) && (withReference === undefined || phrase.includes('<ref>') === withReference));
}

function sayOne(pool: readonly string[], slots: Slots, chooser: Chooser): string | undefined {
  const usable = sayable(pool, slots, undefined);
  return usable.length === 0 ? undefined : say(usable, slots, chooser);
}

/** How often a goal is said in a composed frame rather than as one of its tool's written sentences. */
const COMPOSED_SHARE = 0.4;

/** The goal, with the reference in it or in a sentence of its own (or, for a vague person, not at all). */
function goalSentences(tool: string, book: Phrasebook, slots: Slots, giveReference: boolean, chooser: Chooser): string[] {
  const words = toolWords(tool);
  // A domain's own words for the tool when it has them (a lookup of "me" is not a search for patients).
  const echoes = words.object === words.noun;
  const asks = book.asks?.[tool] ?? (book.goals?.[tool] === undefined ? undefined : []);
  if (asks?.length !== 0 && chooser.chance(COMPOSED_SHARE)) {
    const goal = composedGoal(words.askClass, asks && withoutEcho(asks, echoes), slots, giveReference && chooser.chance(0.95), chooser);
    if (goal !== undefined)
      return giveReference && !goal.includes(slots.ref ?? '\u0000') ? [goal, say(REFERENCE_LINES, slots, chooser)] : [goal];
  }
  const pool = withoutEcho(book.goals?.[tool] ?? GOALS[words.askClass], echoes);
  const inline = giveReference && chooser.chance(0.8) ? sayable(pool, slots, true) : [];
  if (inline.length > 0) return [say(inline, slots, chooser)];
  const plain = sayable(pool, slots, false);
  const goal = plain.length > 0 ? say(plain, slots, chooser) : say(sayable(pool, slots, undefined), slots, chooser);
  return giveReference && !goal.includes(slots.ref ?? '\u0000') ? [goal, say(REFERENCE_LINES, slots, chooser)] : [goal];
}

/** When a tool acts on its record itself (`update_schedule`), "the schedule on my schedule" says it twice. */
function withoutEcho(pool: readonly string[], objectIsRecord: boolean): readonly string[] {
  if (!objectIsRecord) return pool;
  const plain = pool.filter((phrase) => !(phrase.includes('<object>') && /<thing>|<refname>/.test(phrase)));
  return plain.length > 0 ? plain : pool;
}

/**
 * The person's opening message: one natural message built around their goal, in their domain's words. The
 * coordinate decides what is in it (their stance always; what they see of the record, what happened before and
 * what went wrong last time often, not always), the tags how long it is and what else they bring up; the
 * reference is of the kind the ask needs. A rule is brought up only by someone pushing on it, in their own words.
 * Pure: the same request gives the same text (before the style layer, which the caller applies).
 */
export function composeOpener(request: OpenerRequest): string {
  const { dimensions, persona } = request;
  const chooser = new Chooser(`opener:${request.scenario_id}:${request.variant}`);
  const tags = parseStyleTags(persona.tags);
  const length = lengthOf(tags);
  const identity = personIdentity(request.scenario_id, persona);
  const person = personSlots(identity, chooser);
  const sentences: string[] = [];
  const greet = tags.texture !== 'clipped' && tags.tone !== 'curt' && chooser.chance(length === 'short' ? 0.25 : 0.45);
  const greeting = greet ? expand(chooser.one(GREETINGS), person, chooser) : '';

  if (dimensions.tool === UNRELATED_TOOL) {
    sentences.push(say(OFF_TOPIC_ASKS, person, chooser));
    return inVoice(finish(greeting, sentences, length, tags, person, chooser), voiceKey(identity));
  }
  const book = phrasebookFor(request.domain);
  const tools = dimensions.tool === MULTI_TOOL ? twoTools(request.tools, chooser) : [dimensions.tool];
  const vague =
    tags.vagueness === 'vague' || tags.vagueness === 'underspecified' || ['ambiguous', 'exploratory'].includes(dimensions.stance);
  const giveReference = !(vague && chooser.chance(0.3));
  let slots: Slots = person;
  tools.forEach((tool, index) => {
    const reference = referenceFor({ ...request, tool });
    slots = { ...person, ...askSlots(toolWords(tool), reference, book, chooser) };
    const goal = goalSentences(tool, book, slots, giveReference && reference !== undefined, chooser);
    goal[0] = softened(goal[0]!, chooser);
    if (index > 0) goal[0] = `${expand('{Then|After that|Second|Next},', slots, chooser)} ${lowerFirst(goal[0]!)}`;
    sentences.push(...goal);
  });
  if (tools.length > 1) sentences.unshift(expand(chooser.one(TWO_THINGS), slots, chooser));

  const reasons = book.reasons?.[tools[0]!] ?? REASONS[toolWords(tools[0]!).askClass] ?? [];
  const context = contextSentences(dimensions, reasons, slots, length, chooser).map((line) => withMarker(line, chooser));
  // Some people start with what happened, then ask.
  if (context.length > 0 && chooser.chance(0.3)) sentences.unshift(context.shift()!);
  sentences.push(...context);
  sentences.push(
    ...stanceSentences(dimensions.stance, request, { ...slots, topic: ruleTopic(request.policy_rule, request.tools) }, chooser),
  );
  if (length !== 'short') sentences.push(...extraSentences(tags, book, slots, length, chooser));
  return inVoice(finish(greeting, sentences, length, tags, slots, chooser), voiceKey(identity));
}

/** How someone with two requests says so first. */
const TWO_THINGS = [
  "{I've got|There are} {two|a couple of} things {today|to sort out}.",
  '{Two|A couple of} {questions|requests}{, sorry|| if you have a minute}.',
  "{While I'm here|Since I'm writing anyway}, {there's|I have} {more than one thing|a second thing too}.",
  "{Bear with me|Sorry}, {this is|it's} a {two-parter|double request}.",
];

/** What people tack on to a request ("..., if that's okay"), now and then. */
const SOFTENERS = [
  ", if that's okay",
  ' when you get a chance',
  ', please',
  ' if possible',
  ' as soon as you can',
  ', thanks',
  " if you don't mind",
  ' for me',
];

/** The goal with a softener before its end mark, sometimes. */
function softened(sentence: string, chooser: Chooser): string {
  if (
    !chooser.chance(0.2) ||
    !/[.?]$/.test(sentence) ||
    /[.?!] /.test(sentence) ||
    /please|thanks|if possible|for me|help me/i.test(sentence)
  )
    return sentence;
  return `${sentence.slice(0, -1)}${chooser.one(SOFTENERS)}${sentence.slice(-1)}`;
}

/** Words people open a sentence with ("Basically, ...", "The thing is, ..."), now and then. */
const MARKERS = [
  'Basically',
  'So',
  'Anyway',
  'Honestly',
  'Long story short',
  'The thing is',
  "For what it's worth",
  'Just so you know',
  'Also',
  'Oh, and',
  'To be fair',
  'Annoyingly',
];

function withMarker(sentence: string, chooser: Chooser): string {
  return chooser.chance(0.15) ? `${chooser.one(MARKERS)}, ${lowerFirst(sentence)}` : sentence;
}

function twoTools(tools: readonly ToolSpec[], chooser: Chooser): string[] {
  const first = chooser.one(tools).name;
  const others = tools.filter((tool) => tool.name !== first);
  return others.length === 0 ? [first] : [first, chooser.one(others).name];
}

/** How many lines of context a message of this length carries besides its goal and stance. */
const CONTEXT_LINES: Readonly<Record<Length, readonly [number, number]>> = { short: [0, 0], medium: [0, 1], long: [1, 3] };

/**
 * What the person says about the situation, a few lines at most: what they see of the record, what happened
 * before, what went wrong last time, why they want it. Which of these they mention varies; how many, by length.
 */
function contextSentences(dimensions: Dimensions, reasons: readonly string[], slots: Slots, length: Length, chooser: Chooser): string[] {
  const candidates: string[] = [];
  const add = (pool: readonly string[] | undefined, chance: number) => {
    if (pool !== undefined && chooser.chance(chance)) candidates.push(...optional(sayOne(pool, slots, chooser)));
  };
  add(WORLD_STATE_LINES[dimensions.world_state], dimensions.world_state === 'unknown' ? 0.3 : 0.85);
  add(HISTORY_LINES[dimensions.history], 0.75);
  add(CONDITION_LINES[dimensions.tool_condition], 0.3);
  add(reasons, 0.5);
  const [least, most] = CONTEXT_LINES[length];
  const count = Math.min(candidates.length, least + chooser.below(most - least + 1));
  // Keep the lines in the order they were drawn, dropping at random.
  while (candidates.length > count) candidates.splice(chooser.below(candidates.length), 1);
  return candidates;
}

function stanceSentences(stance: string, request: OpenerRequest, slots: Slots, chooser: Chooser): string[] {
  const said = optional(sayOne(STANCE_LINES[stance] ?? [], slots, chooser));
  const pushes = stance === 'boundary' || stance === 'adversarial' ? RULE_MENTIONS[stance] : undefined;
  if (pushes && request.policy_rule !== undefined && slots.topic !== 'this' && chooser.chance(0.3)) said.push(say(pushes, slots, chooser));
  return said;
}

function extraSentences(tags: StyleTags, book: Phrasebook, slots: Slots, length: Length, chooser: Chooser): string[] {
  const said: string[] = [];
  if (tags.pressure !== undefined) said.push(...optional(sayOne(PRESSURE_LINES[tags.pressure] ?? [], slots, chooser)));
  if (tags.user !== undefined) said.push(...optional(sayOne(USER_TYPE_LINES[tags.user] ?? [], slots, chooser)));
  if (tags.ask === 'several asks' || tags.ask === 'do several things') said.push(say(SECOND_ASKS, slots, chooser));
  if (chooser.chance(length === 'long' ? 0.6 : 0.12)) said.push(...optional(sayOne([...(book.life ?? []), ...LIFE_LINES], slots, chooser)));
  if (length === 'long' && chooser.chance(0.4)) said.push(say(BACKGROUND_LINES, slots, chooser));
  return said;
}

function finish(greeting: string, sentences: string[], length: Length, tags: StyleTags, slots: Slots, chooser: Chooser): string {
  const parts = [...sentences];
  if (length !== 'short' && chooser.chance(0.2)) parts.push(say(CLOSERS, slots, chooser));
  const named = slots.name !== undefined && greeting.includes(slots.name);
  const introduced = !named && tags.texture !== 'clipped' && tags.tone !== 'curt' && chooser.chance(0.4);
  if (introduced) parts.unshift(say(INTRODUCTIONS, slots, chooser));
  const signs = !named && !introduced && tags.texture !== 'clipped' && chooser.chance(length === 'short' ? 0.3 : 0.6);
  if (signs) parts.push(say(SIGN_OFFS, slots, chooser));
  const body = parts.join(' ');
  if (greeting === '') return body;
  if (greeting.includes(',')) return `${greeting}. ${body}`;
  const startsWithName = slots.name !== undefined && body.startsWith(slots.name);
  return chooser.chance(0.5) && !startsWithName ? `${greeting}, ${lowerFirst(body)}` : `${greeting}! ${body}`;
}

/** The sentence as it reads after a comma: its first word lowercased, unless that is "I" or a number. */
function lowerFirst(text: string): string {
  return /^(I\b|I'|[A-Z]{2,}|\d)/.test(text) ? text : `${text.charAt(0).toLowerCase()}${text.slice(1)}`;
}

function optional(text: string | undefined): string[] {
  return text === undefined ? [] : [text];
}
