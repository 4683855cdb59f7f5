import { styleUnit } from './draw';
import { LENGTH_LONG_FROM, LENGTH_SHORT_BELOW, STYLE_TAG_KEYS, type StyleTags } from './style-tags';

/** How concrete the opening ask is: names a tool's action, a general need, or nothing settled. */
export type AskFamily = 'tool' | 'general' | 'vague';
export type LengthBucket = 'short' | 'medium' | 'long';

const LENGTH_PROSE: Readonly<Record<LengthBucket, readonly string[]>> = {
  short: ['You keep it brief.', 'You write one short line.', 'You use only a few words.'],
  medium: ['You write a couple of sentences.', 'You give enough context, not an essay.', 'You write a short paragraph.'],
  long: ['You use more words and add what led here.', 'You write it out with the situation.', 'You add a full paragraph of circumstances.'],
};

/** Mood of a card without a tone, as cumulative cuts on one uniform draw (SDK `_NICE_PROSE`). */
export const MOOD_CUTS: readonly (readonly [number, string])[] = [
  [0.14, 'You are mean and impatient.'],
  [0.28, 'You are frustrated.'],
  [0.4, 'You are confused.'],
  [0.52, 'You are curt.'],
  [0.66, 'You are calm.'],
  [0.8, 'You are being nice.'],
  [0.9, 'You are in a hurry.'],
  [1.01, 'You are being chatty.'],
];

/** A tagged tone wins over the mood draw. */
const TONE_PROSE: Readonly<Record<string, string>> = {
  impatient: 'You are in a hurry.',
  frustrated: 'You are frustrated.',
  chatty: 'You are being chatty.',
  curt: 'You are curt.',
  polite: 'You are being nice.',
  sarcastic: 'You are sarcastic about how this is going.',
};

/** `(floor, width)` of the confidence draw per ask family; the prose cuts at 0.40 and 0.70. */
export const CONFIDENCE_BANDS: Readonly<Record<AskFamily, readonly [number, number]>> = {
  vague: [0.12, 0.28],
  general: [0.42, 0.28],
  tool: [0.62, 0.38],
};
export const CONFIDENCE_SURE = 0.7;
export const CONFIDENCE_MOSTLY = 0.4;

/** Prose for the other tags, worded so no label (and no tag name) ever reaches the writer. */
const TAG_PROSE: Readonly<Partial<Record<keyof StyleTags, Readonly<Record<string, string>>>>> = {
  texture: {
    lowercase: 'You never bother with capital letters.',
    abbreviations: 'You shorten words the way you would in a text message.',
    typo: 'You type fast and a slip of the fingers gets through.',
    no_punctuation: 'You leave out commas, full stops and question marks.',
    run_on: 'Your sentences run into each other without a stop.',
    clipped: 'You skip greetings and drop most pronouns.',
    standard: 'You write with proper capitals and finish each sentence with a full stop.',
  },
  ask: {
    question: 'You put it as a question.',
    ask: 'You put it as a plain request.',
    'several asks': 'You bring up more than one thing in the same message.',
    'do several things': 'You want them to take care of a few things in one go.',
  },
  pressure: {
    rushed: 'You only have a few minutes for this.',
    insistent: 'You will not take no for an answer.',
    repeat: 'You have asked about this before and you say so.',
  },
  user: {
    'first time': 'It is your first time contacting them.',
    returning: 'You have been here before and expect them to remember you.',
    'in a hurry': 'You are squeezing this in between other things.',
    careful: 'You want every detail double-checked before anything happens.',
    brief: 'You do not waste words.',
  },
  vagueness: {
    specific: 'You give the exact details.',
    vague: 'You stay loose about what exactly you need.',
    underspecified: 'You leave out a detail they will need.',
  },
  phrasing: {
    incomplete: 'You trail off before finishing a thought.',
    specific: 'You say exactly what you mean.',
    rambling: 'You wander off the point before getting to it.',
  },
  stance: {
    ambiguous: 'What you want could be read two ways.',
    boundary: 'What you want sits close to the edge of what they allow.',
    adversarial: 'You want them to bend or break one of their rules.',
    hurried: 'You want it done soon.',
    unsure: 'You are not sure what you want or what is allowed.',
    retry: 'You are coming back after being turned down.',
    mistaken: 'You have one of the facts wrong.',
    exploratory: 'You are only looking around, not asking for anything firm.',
    conflicting: 'Two things you want do not fit together.',
  },
  history: {
    prior_failure: 'Your last attempt at this failed.',
    prior_partial_action: 'Something was started for you before and never finished.',
    contradicts_earlier: 'What you say now goes against what you told them last time.',
    'repeat visit': 'You have contacted them about this before.',
  },
  world_state: {
    exists: 'The record you mention really is there.',
    missing: 'The reference you have does not match anything on their side.',
    already_done: 'It may already have been done once.',
    duplicate: 'There are two records that look alike.',
    partial: 'It was started and stopped halfway.',
  },
  tool_condition: {
    timeout: 'Their system has been slow to answer you.',
    malformed_result: 'The last reply you got from them was garbled.',
    stale_result: 'What they show you looks out of date.',
    permission_denied: 'Last time you were told someone lacked the access to do this.',
  },
};

export interface WriterVars {
  length_prose: string;
  mood_prose: string;
  confidence_prose: string;
  /** In [0, 1]: how sure the person is of what they want. */
  confidence: number;
  length_bucket: LengthBucket;
  /** One sentence per other tag, in tag order. */
  tag_prose: string[];
}

export interface WriterVarsOptions {
  seed: number;
  round: number;
  key: string;
  tags: StyleTags;
  ask_family: AskFamily;
}

/**
 * The SDK's `sample_writer_vars`, plus prose for every other tag: what the writer gets instead of labels. One
 * deliberate difference: a `medium prompt` tag gives the medium bucket (the SDK matched only short and long and
 * drew again for medium, so a medium card could be told to write one line).
 */
export function sampleWriterVars(options: WriterVarsOptions): WriterVars {
  const { seed, round, key, tags } = options;
  const length = tags.length ?? '';
  let bucket: LengthBucket;
  if (length.includes('short')) bucket = 'short';
  else if (length.includes('long')) bucket = 'long';
  else if (length.includes('medium')) bucket = 'medium';
  else {
    const unit = styleUnit(seed, round, key, 'wlen');
    bucket = unit < LENGTH_SHORT_BELOW ? 'short' : unit >= LENGTH_LONG_FROM ? 'long' : 'medium';
  }
  const variants = LENGTH_PROSE[bucket];
  const lengthProse = variants[Math.floor(styleUnit(seed, round, key, 'lprose') * variants.length) % variants.length]!;

  const tone = tags.tone ?? '';
  let moodProse = TONE_PROSE[tone];
  if (moodProse === undefined) {
    const unit = styleUnit(seed, round, key, 'nice');
    moodProse = MOOD_CUTS.find(([cut]) => unit < cut)![1];
  }

  const [floor, width] = CONFIDENCE_BANDS[options.ask_family];
  const confidence = floor + width * styleUnit(seed, round, key, 'conf');
  const confidenceProse =
    confidence >= CONFIDENCE_SURE
      ? 'You know exactly what you want done.'
      : confidence >= CONFIDENCE_MOSTLY
        ? 'You know what you want but one detail is fuzzy.'
        : "You haven't settled on a specific action yet.";

  const tagProse: string[] = [];
  for (const tagKey of STYLE_TAG_KEYS) {
    if (tagKey === 'tone' || tagKey === 'length') continue;
    const value = tags[tagKey];
    const prose = value === undefined ? undefined : TAG_PROSE[tagKey]?.[value];
    if (prose) tagProse.push(prose);
  }
  return {
    length_prose: lengthProse,
    mood_prose: moodProse,
    confidence_prose: confidenceProse,
    confidence,
    length_bucket: bucket,
    tag_prose: tagProse,
  };
}

/** The aside as one paragraph: length, mood, confidence, then the other tags. */
export function asideText(vars: WriterVars): string {
  return [vars.length_prose, vars.mood_prose, vars.confidence_prose, ...vars.tag_prose].join(' ');
}
