import { STANCES, UNSPECIFIED, type Dimensions } from '../../shared/domain';
import { drawDivMod, drawMod, styleDraw } from './draw';
import { isMappedStance } from './tiers';

/** How a message is typed, independent of what it asks (SDK `_TEXTURES`). */
export const TEXTURES = ['lowercase', 'abbreviations', 'typo', 'no_punctuation', 'run_on', 'clipped'] as const;
export type Texture = (typeof TEXTURES)[number];
/** Explicit capitals and end marks: the writer drifts to lowercase texting unless told otherwise. */
export const STANDARD_TEXTURE = 'standard';
export const TONES = ['impatient', 'frustrated', 'chatty', 'polite', 'curt', 'sarcastic'] as const;
export type Tone = (typeof TONES)[number];
export const LENGTH_HINTS = ['short prompt', 'medium prompt', 'long prompt'] as const;
export type LengthHint = (typeof LENGTH_HINTS)[number];
export const ASK_SHAPES = ['question', 'question', 'ask'] as const;
export const COMPOUND_ASKS = ['several asks', 'do several things'] as const;
export const PRESSURES = ['rushed', 'insistent', 'repeat'] as const;
export const USER_TYPES = ['first time', 'returning', 'in a hurry', 'careful', 'brief'] as const;
export const VAGUENESS = ['specific', 'vague', 'underspecified'] as const;
export const PHRASINGS = ['incomplete', 'specific', 'rambling'] as const;

/** The share of cards with a typing texture (SDK `DEFAULT_TEXTURE_RATE`). */
export const DEFAULT_TEXTURE_RATE = 0.35;
/** One card in N, each on its own hash draw (SDK conventions). */
export const LENGTH_HINT_SKIP_ONE_IN = 5;
export const COMPOUND_ASK_ONE_IN = 23;
export const ASK_ONE_IN = 5;
export const PRESSURE_ONE_IN = 19;
export const USER_TYPE_ONE_IN = 17;
export const TOOL_CONDITION_HINT_ONE_IN = 11;
export const TONE_WITH_TEXTURE_ONE_IN = 3;
/** Of untextured cards, 3 in 5 get `standard`. */
export const STANDARD_TEXTURE_SHARE = [3, 5] as const;
/** Percent cuts of the length draw: 12% short, 70% medium, 18% long. */
export const LENGTH_SHORT_BELOW = 0.12;
export const LENGTH_LONG_FROM = 0.82;
/** One draw modulo MODE_SLOTS picks at most one rarer hint per card. */
export const MODE_SLOTS = 20;
export const MODE_VAGUENESS = 14;
export const MODE_PHRASING = 16;
export const MODE_HISTORY = 11;
export const MODE_UNMAPPED_STANCE = 15;
export const MODE_STANCE_BELOW = 10;
export const MODE_WORLD_EVERY = 5;
export const MODE_WORLD_SLOT = 2;

/** Short private hints for world states: never the coverage label as an utterance. */
export const WORLD_HINTS: Readonly<Record<string, string>> = {
  'entity exists': 'exists',
  'entity missing': 'missing',
  'entity already acted on': 'already_done',
  'duplicate entity': 'duplicate',
  'partially completed': 'partial',
  unknown: 'unknown',
  unspecified: 'unspecified',
};

/** A card's style labels (SDK `sample_cell_tags` without `tool` and `rule`, as `sample_request_axes` returns them). */
export interface StyleTags {
  texture?: string;
  tone?: string;
  length?: string;
  ask?: string;
  pressure?: string;
  user?: string;
  vagueness?: string;
  phrasing?: string;
  stance?: string;
  history?: string;
  world_state?: string;
  tool_condition?: string;
}
export type StyleTagKey = keyof StyleTags;

/** The order labels are written in `Persona.tags`. */
export const STYLE_TAG_KEYS = [
  'texture',
  'tone',
  'length',
  'ask',
  'pressure',
  'user',
  'vagueness',
  'phrasing',
  'stance',
  'history',
  'world_state',
  'tool_condition',
] as const satisfies readonly StyleTagKey[];

export interface StyleTagOptions {
  seed: number;
  round: number;
  /** What the card is keyed by (a scenario id plus phrasing, a probe id...). */
  key: string;
  dimensions?: Partial<Dimensions>;
  /** Share of textured cards, 0..1 (default 0.35). */
  texture_rate?: number;
}

const HINT_STOP = new Set([
  'the',
  'a',
  'an',
  'to',
  'of',
  'or',
  'and',
  'if',
  'is',
  'do',
  'not',
  'you',
  'your',
  'must',
  'should',
  'with',
  'for',
  'on',
  'in',
  'be',
]);

/** A compact slug of a sentence (SDK `_private_hint`): full policy or world sentences stay out of the tags. */
export function privateHint(text: string, limit = 24): string {
  const raw = text.replace(/\s+/g, ' ').trim();
  if (raw === '') return '';
  if (raw.length <= limit && raw.includes(' ') && raw.endsWith('.')) return raw.replace(/\.+$/, '').slice(0, limit);
  if (raw.length <= limit) return raw;
  const words = (raw.toLowerCase().match(/[a-z0-9_]+/g) ?? []).filter((word) => !HINT_STOP.has(word));
  const slug = words.slice(0, 3).join(' ');
  return (slug || raw).slice(0, limit);
}

function lengthHint(lengthDraw: bigint): LengthHint {
  const bucket = drawMod(lengthDraw, 100);
  if (bucket < Math.round(LENGTH_SHORT_BELOW * 100)) return 'short prompt';
  if (bucket < Math.round(LENGTH_LONG_FROM * 100)) return 'medium prompt';
  return 'long prompt';
}

/**
 * Samples a card's style tags with the SDK's draws and rates, so the same `(seed, round, key)` gives the same tags
 * here as in `sample_cell_tags`: texture on 35% of cards (a third of those also get a tone), `standard` on 3 in 5 of
 * the rest; a length hint on 4 in 5; a compound ask 1 in 23, else question/ask 1 in 5; pressure 1 in 19; user type
 * 1 in 17; one of 20 mode slots for vagueness, odd phrasing, history, stance and world-state hints; a tool-condition
 * hint 1 in 11 when the cell faults.
 */
export function sampleStyleTags(options: StyleTagOptions): StyleTags {
  const { seed, round, key } = options;
  const dimensions = options.dimensions ?? {};
  const textureRate = options.texture_rate ?? DEFAULT_TEXTURE_RATE;
  const slots = styleDraw(seed, round, key, 'sparse');
  const tags: StyleTags = {};

  if (drawMod(slots, LENGTH_HINT_SKIP_ONE_IN) !== 0) tags.length = lengthHint(styleDraw(seed, round, key, 'length'));

  const askDraw = styleDraw(seed, round, key, 'ask');
  if (drawMod(askDraw, COMPOUND_ASK_ONE_IN) === 0) {
    tags.ask = COMPOUND_ASKS[drawDivMod(askDraw, COMPOUND_ASK_ONE_IN, COMPOUND_ASKS.length)];
  } else if (drawMod(askDraw, ASK_ONE_IN) === 0) {
    tags.ask = ASK_SHAPES[drawDivMod(askDraw, ASK_ONE_IN, ASK_SHAPES.length)];
  }

  const mode = drawMod(slots, MODE_SLOTS);
  if (mode === MODE_VAGUENESS) tags.vagueness = VAGUENESS[drawDivMod(slots, MODE_SLOTS, VAGUENESS.length)];
  else if (mode === MODE_PHRASING) tags.phrasing = PHRASINGS[drawDivMod(slots, MODE_SLOTS, PHRASINGS.length)];

  const stance = dimensions.stance ?? '';
  const showMapped = stance !== '' && stance !== 'ordinary' && mode < MODE_STANCE_BELOW;
  const showUnmapped = (stance === '' || !isMappedStance(stance)) && mode === MODE_UNMAPPED_STANCE;
  if (showMapped || showUnmapped) {
    const raw = stance !== '' ? stance : STANCES[drawMod(styleDraw(seed, round, key, 'tier'), STANCES.length)]!;
    if (raw !== 'ordinary') tags.stance = raw;
  }

  const extra = styleDraw(seed, round, key, 'axis');
  if (drawMod(extra, PRESSURE_ONE_IN) === 0) tags.pressure = PRESSURES[drawDivMod(extra, PRESSURE_ONE_IN, PRESSURES.length)];
  if (drawMod(extra, USER_TYPE_ONE_IN) === 0) tags.user = USER_TYPES[drawDivMod(extra, USER_TYPE_ONE_IN, USER_TYPES.length)];

  const history = dimensions.history;
  if (history && history !== 'fresh' && mode === MODE_HISTORY) tags.history = history;
  const world = dimensions.world_state;
  if (world && world !== UNSPECIFIED && world !== 'unknown' && mode % MODE_WORLD_EVERY === MODE_WORLD_SLOT) {
    tags.world_state = WORLD_HINTS[world] ?? privateHint(world, 16);
  }
  const condition = dimensions.tool_condition;
  if (condition && condition !== 'success' && drawMod(extra, TOOL_CONDITION_HINT_ONE_IN) === 0) {
    tags.tool_condition = condition;
  }

  const textureDraw = styleDraw(seed, round, key, 'texture');
  if (textureRate > 0 && drawMod(textureDraw, 1000) < Math.trunc(Math.min(1, textureRate) * 1000)) {
    tags.texture = TEXTURES[drawDivMod(textureDraw, 1000, TEXTURES.length)];
    if (drawDivMod(textureDraw, 7919, TONE_WITH_TEXTURE_ONE_IN) === 0) {
      tags.tone = TONES[drawDivMod(textureDraw, 104729, TONES.length)];
    }
  } else if (drawDivMod(textureDraw, 977, STANDARD_TEXTURE_SHARE[1]) < STANDARD_TEXTURE_SHARE[0]) {
    tags.texture = STANDARD_TEXTURE;
  }
  return tags;
}

/** The tags as `key:value` labels in `STYLE_TAG_KEYS` order: the form `Persona.tags` stores. */
export function styleTagLabels(tags: StyleTags): string[] {
  const labels: string[] = [];
  for (const key of STYLE_TAG_KEYS) {
    const value = tags[key];
    if (value) labels.push(`${key}:${value}`);
  }
  return labels;
}

/** Reads `key:value` labels back; labels without a known key are ignored. */
export function parseStyleTags(labels: readonly string[]): StyleTags {
  const tags: StyleTags = {};
  for (const label of labels) {
    const colon = label.indexOf(':');
    if (colon <= 0) continue;
    const key = label.slice(0, colon);
    if ((STYLE_TAG_KEYS as readonly string[]).includes(key)) tags[key as StyleTagKey] = label.slice(colon + 1);
  }
  return tags;
}
