import { MULTI_TOOL, UNRELATED_TOOL, type Dimensions, type Persona } from '../../shared/domain';
import { sampleStyleTags, styleTagLabels, type StyleTags } from './style-tags';
import { tierOfStance } from './tiers';
import { asideText, sampleWriterVars, type AskFamily } from './writer-aside';

type Patience = Persona['patience'];

export interface SamplePersonaOptions {
  seed: number;
  /** The batch (writer round) the card belongs to. */
  round: number;
  /** The card's key (e.g. `<scenario_id>:<phrasing_index>`): every draw hangs off `seed:round:key:salt`. */
  key: string;
  stance: string;
  dimensions: Dimensions;
  /** Share of textured cards, 0..1 (default 0.35). */
  texture_rate?: number;
  /** Overrides the family derived from the coordinate and tags. */
  ask_family?: AskFamily;
  /** A run setting (`patience=`): wins over the level derived from stance and pressure, and is the only way to get `endless`. */
  patience?: Patience;
}

const HURRIED_STANCES = new Set(['hurried']);
const HURRIED_PRESSURES = new Set(['rushed']);
const HURRIED_USERS = new Set(['in a hurry']);
const HURRIED_TONES = new Set(['impatient']);

/**
 * How concrete the ask is, for the confidence band: `general` for unrelated and multi-step cards, `vague` when the
 * stance sits in the ambiguous tier or the card was told to be vague, else `tool`.
 */
export function askFamilyFor(dimensions: Pick<Dimensions, 'tool' | 'stance'>, tags: StyleTags): AskFamily {
  if (dimensions.tool === UNRELATED_TOOL || dimensions.tool === MULTI_TOOL) return 'general';
  if (tierOfStance(dimensions.stance) === 'ambiguous') return 'vague';
  if (tags.vagueness === 'vague' || tags.vagueness === 'underspecified') return 'vague';
  return 'tool';
}

/**
 * `short` when the coordinate or the tags say the person is pressed for time (stance `hurried`, pressure `rushed`,
 * user type `in a hurry`, tone `impatient`), else `normal`. `endless` is never sampled: it is what a run asks for.
 */
export function patienceFor(stance: string, tags: StyleTags): Patience {
  if (HURRIED_STANCES.has(stance)) return 'short';
  if (tags.pressure !== undefined && HURRIED_PRESSURES.has(tags.pressure)) return 'short';
  if (tags.user !== undefined && HURRIED_USERS.has(tags.user)) return 'short';
  if (tags.tone !== undefined && HURRIED_TONES.has(tags.tone)) return 'short';
  return 'normal';
}

/**
 * The person of one card, sampled once and the same on every turn: style tags by the SDK's rates, the prose aside
 * the writer receives instead of the labels, and a patience level. Pure in its options.
 */
export function samplePersona(options: SamplePersonaOptions): Persona {
  const { seed, round, key, stance } = options;
  const dimensions: Dimensions = { ...options.dimensions, stance };
  const tags = sampleStyleTags({ seed, round, key, dimensions, texture_rate: options.texture_rate });
  const vars = sampleWriterVars({
    seed,
    round,
    key,
    tags,
    ask_family: options.ask_family ?? askFamilyFor(dimensions, tags),
  });
  const labels = styleTagLabels(tags);
  return {
    stance,
    // The SDK's cards always carry their tool and rule labels, which Persona.tags leaves out: a card whose draws
    // gave no style label (no texture, length, ask, ...: about 1 in 30) would carry none, so it carries its stance.
    tags: labels.length > 0 ? labels : [`stance:${stance}`],
    aside: asideText(vars),
    patience: options.patience ?? patienceFor(stance, tags),
  };
}
