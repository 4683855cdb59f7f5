import type { PairSide } from './pair-choice';

/**
 * One chosen row's partners within a margin, in the order pairing takes them: closest length first (with length_match),
 * then lowest id, without listing them all. `partners` is shared by the chosen rows of one reward, sorted by length
 * then id (or by id alone without length_match); the cursor widens around the chosen row's length, a gap at a time.
 */
export class PartnerCursor {
  /** The partner in hand and its length gap. */
  current: PairSide | null = null;
  gap = 0;
  private left: number;
  private right: number;
  /** The rows at the current gap: two runs of `partners`, each in id order, merged as they are taken. */
  private runs = { below: [0, 0], above: [0, 0] };

  constructor(
    readonly chosen: PairSide,
    private readonly partners: readonly PairSide[],
    private readonly byLength: boolean,
  ) {
    let [low, high] = [0, partners.length];
    if (byLength) {
      while (low < high) {
        const middle = (low + high) >> 1;
        if (partners[middle]!.chars < chosen.chars) low = middle + 1;
        else high = middle;
      }
    }
    this.left = low - 1;
    this.right = low;
  }

  /** Moves to the next partner `fits` accepts; false when there is none. */
  advance(fits: (partner: PairSide) => boolean): boolean {
    for (;;) {
      const next = this.take();
      if (next === null) {
        if (this.widen()) continue;
        this.current = null;
        return false;
      }
      if (fits(next)) {
        this.current = next;
        return true;
      }
    }
  }

  private take(): PairSide | null {
    const { below, above } = this.runs;
    const fromBelow = below[0]! < below[1]! ? this.partners[below[0]!]! : null;
    const fromAbove = above[0]! < above[1]! ? this.partners[above[0]!]! : null;
    if (fromBelow && (!fromAbove || fromBelow.index < fromAbove.index)) {
      below[0]! += 1;
      return fromBelow;
    }
    if (fromAbove) {
      above[0]! += 1;
      return fromAbove;
    }
    return null;
  }

  /** The runs of the next gap: the partners that much shorter and that much longer (without length_match, all of them). */
  private widen(): boolean {
    const { partners, chosen } = this;
    if (!this.byLength) {
      if (this.right >= partners.length) return false;
      this.runs = { below: [0, 0], above: [this.right, partners.length] };
      this.right = partners.length;
      return true;
    }
    const below = this.left >= 0 ? chosen.chars - partners[this.left]!.chars : Number.POSITIVE_INFINITY;
    const above = this.right < partners.length ? partners[this.right]!.chars - chosen.chars : Number.POSITIVE_INFINITY;
    const gap = Math.min(below, above);
    if (gap === Number.POSITIVE_INFINITY) return false;
    this.gap = gap;
    let start = this.left + 1;
    while (this.left >= 0 && chosen.chars - partners[this.left]!.chars === gap) this.left -= 1;
    this.runs.below = gap === below ? [this.left + 1, start] : [0, 0];
    start = this.right;
    while (this.right < partners.length && partners[this.right]!.chars - chosen.chars === gap) this.right += 1;
    this.runs.above = gap === above ? [start, this.right] : [0, 0];
    return true;
  }
}
