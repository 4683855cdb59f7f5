/** Small English helpers for turning a sentence into tool names and imperative rules. Heuristics, not grammar. */

const IRREGULAR_THIRD_PERSON: Readonly<Record<string, string>> = { is: 'be', has: 'have', does: 'do', goes: 'go', "isn't": 'be not' };

/** Third-person singular to base form: `confirms` -> confirm, `verifies` -> verify, `pushes` -> push. */
export function baseVerb(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR_THIRD_PERSON[lower];
  if (irregular) return irregular;
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes|zes|oes)$/.test(lower)) return lower.slice(0, -2);
  if (lower.length > 3 && lower.endsWith('s') && !/(ss|us|is)$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** Two-syllable verbs stressed on the last syllable double their final consonant: reset -> resetting. */
const DOUBLING = new Set([
  'reset',
  'submit',
  'permit',
  'refer',
  'prefer',
  'transfer',
  'commit',
  'admit',
  'regret',
  'forget',
  'begin',
  'occur',
  'omit',
  'control',
  'upset',
  'equip',
]);

function doublesFinal(base: string): boolean {
  return (base.length <= 4 && /^[^aeiou]*[aeiou][bdgmnprt]$/.test(base)) || DOUBLING.has(base);
}

/** Base form to -ing: move -> moving, stop -> stopping, pay -> paying. */
export function gerund(base: string): string {
  if (base === 'be') return 'being';
  if (base.endsWith('ie')) return `${base.slice(0, -2)}ying`;
  if (base.endsWith('e') && !base.endsWith('ee') && base.length > 2) return `${base.slice(0, -1)}ing`;
  if (doublesFinal(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}

/** Base form to past participle for status values: renew -> renewed, approve -> approved, apply -> applied. */
export function pastTense(base: string): string {
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  if (doublesFinal(base)) return `${base}${base.at(-1)}ed`;
  return `${base}ed`;
}

/** Plural to singular: rooms -> room, policies -> policy, boxes -> box. Leaves short words alone. */
export function singular(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length <= 3) return lower;
  if (lower.endsWith('ies') && lower.length > 4) return `${lower.slice(0, -3)}y`;
  if (/(sses|shes|ches|xes|zes)$/.test(lower)) return lower.slice(0, -2);
  if (lower.endsWith('s') && !/(ss|us|is)$/.test(lower)) return lower.slice(0, -1);
  return lower;
}

/** Singular to plural: room -> rooms, policy -> policies, box -> boxes. */
export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

export function article(noun: string): string {
  const lower = noun.toLowerCase();
  if (/^(uni|use|ur|eu|one)/.test(lower)) return 'a';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Lowercase words of the text (letters, digits, apostrophes and inner hyphens). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:['’-][a-z0-9]+)*/g) ?? [];
}

/** A snake_case identifier part: `meeting room` -> meeting_room. */
export function snake(text: string): string {
  return wordsOf(text)
    .join('_')
    .replace(/[^a-z0-9_]/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
}
