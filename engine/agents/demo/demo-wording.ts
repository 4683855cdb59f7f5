import { hashInt } from '../../seeded';

/**
 * Wording that varies: each sentence slot has several phrasings, picked by hash of the rollout, the turn and the
 * slot, so an offline run does not read like one sentence repeated, and a conversation never repeats itself.
 */
export class Wording {
  constructor(
    private readonly key: string,
    /** Added to every pick: the next rotation when the first wording repeated something already said. */
    private readonly rotation = 0,
  ) {}

  pick(slot: string, variants: readonly string[]): string {
    if (variants.length === 0) return '';
    const base = hashInt(`${this.key}:${slot}`, variants.length);
    // Each slot moves by its own step on a rotation, so rotations try new combinations, not one shifted set.
    const step = this.rotation === 0 || variants.length < 2 ? 0 : 1 + hashInt(`${this.key}:${slot}:${this.rotation}`, variants.length - 1);
    return variants[(base + step) % variants.length]!;
  }

  rotated(rotation: number): Wording {
    return new Wording(this.key, rotation);
  }
}

const allSentences = (text: string) =>
  text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
const sentences = (text: string) => allSentences(text).filter((sentence) => sentence.length >= 24);

/** True when the text repeats an earlier utterance, or any sentence of 24+ characters in one, word for word. */
export function repeatsEarlier(text: string, earlier: readonly string[]): boolean {
  if (earlier.includes(text)) return true;
  const said = new Set(earlier.flatMap(sentences));
  return sentences(text).some((sentence) => said.has(sentence));
}

/** The first rotation of the wording whose text says nothing already said (the first one when all repeat). */
export function freshText(wording: Wording, compose: (wording: Wording) => string, earlier: readonly string[]): string {
  const first = compose(wording);
  if (!repeatsEarlier(first, earlier)) return first;
  for (let rotation = 1; rotation < 6; rotation++) {
    const text = compose(wording.rotated(rotation));
    if (!repeatsEarlier(text, earlier)) return text;
  }
  // Every wording was used already: leave out what was said before, or, when nothing new is left, open differently.
  const said = new Set(earlier.flatMap(sentences));
  const kept = allSentences(first).filter((sentence) => !said.has(sentence));
  if (kept.length > 0 && kept.some((sentence) => sentence.length >= 24)) return kept.join(' ');
  const leadIn = wording.pick('lead-in', ['Once more:', 'To pick this up again:', 'Coming back to this:']);
  const opening = /^[A-Z][a-z]/.test(first) && !/^I\b/.test(first) ? first.charAt(0).toLowerCase() + first.slice(1) : first;
  return `${leadIn} ${opening}`;
}
