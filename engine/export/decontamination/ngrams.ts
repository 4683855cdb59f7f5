/** The SDK's `_norm`: lowercase, whitespace runs collapsed, trimmed. */
export const normaliseForMatch = (text: string): string => text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');

/** Word tokens: `[a-z0-9]+` runs of the lowercased text (the SDK's rule; other scripts only ever match exactly). */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

export interface CoverHit {
  /** Index of the eval text with the most covered positions (lowest index on ties). */
  index: number;
  covered: number;
  /** covered / the row's word count. */
  coverage: number;
}

/** Every eval text's word n-grams, to ask how much of a row's text they cover. */
export class NgramIndex {
  private readonly grams = new Map<string, number[]>();

  constructor(
    texts: readonly string[],
    readonly n: number,
  ) {
    texts.forEach((text, index) => {
      const words = wordsOf(text);
      for (let start = 0; start + n <= words.length; start++) {
        const key = words.slice(start, start + n).join(' ');
        const owners = this.grams.get(key);
        if (!owners) this.grams.set(key, [index]);
        else if (owners.at(-1) !== index) owners.push(index);
      }
    });
  }

  /**
   * For each eval text, the row word positions covered by n-grams it shares with the row; returns the best
   * text, or null when nothing is shared or the row has fewer than n words.
   */
  cover(words: readonly string[]): CoverHit | null {
    if (words.length < this.n) return null;
    const marks = new Map<number, Uint8Array>();
    for (let start = 0; start + this.n <= words.length; start++) {
      const owners = this.grams.get(words.slice(start, start + this.n).join(' '));
      if (!owners) continue;
      for (const owner of owners) {
        let mark = marks.get(owner);
        if (!mark) marks.set(owner, (mark = new Uint8Array(words.length)));
        mark.fill(1, start, start + this.n);
      }
    }
    let best: CoverHit | null = null;
    for (const [index, mark] of marks) {
      const covered = mark.reduce((total, value) => total + value, 0);
      if (!best || covered > best.covered || (covered === best.covered && index < best.index)) {
        best = { index, covered, coverage: covered / words.length };
      }
    }
    return best;
  }
}
