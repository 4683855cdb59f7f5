import { round4 } from '../../../shared/domain/rounding';
import type { PairRow } from './pair-row';

/**
 * Which pairs one prompt's graded rows make: candidates come in order of margin from a heap (each chosen row walks the
 * rows from the lowest reward up), and only the margins the picks reach are sorted, by length and id, to be taken in
 * turn (a margin's candidates all at once: passes x failures on an ask of many of both). The rules and the pairs are
 * those of the original that weighed every two rows (pair-choice.test.ts holds the two to the same pairs).
 */

/** A graded row of the prompt, with what pairing compares about it worked out once. */
export interface PairSide {
  row: PairRow;
  reward: number;
  id: string;
  /** Position among the prompt's graded rows in id order (stable): the last tie-break. */
  index: number;
  /** Characters of the assistant text, `<think>` removed. */
  chars: number;
  /** Messages and characters of the conversation a trainer sees: two rows whose conversations are the same share it. */
  shape: string;
  /** The conversation as a trainer sees it, worked out only when another row of the prompt has the same shape. */
  key?: string;
}

export interface PairRules {
  min_margin: number;
  drop_ties: boolean;
  length_match: boolean;
  max_pairs: number;
}

export interface PairChoice {
  pairs: { chosen: PairSide; rejected: PairSide }[];
  ties: number;
  same_but_ids: number;
}

/** The graded rows, in id order (stable), as sides. */
export function pairSides(rows: readonly PairRow[]): PairSide[] {
  const graded = rows
    .filter((row) => row.reward !== null)
    .sort((a, b) => (a.rollout_id < b.rollout_id ? -1 : a.rollout_id > b.rollout_id ? 1 : 0));
  return graded.map((row, index) => ({ row, reward: row.reward!, id: row.rollout_id, index, chars: row.chars, shape: row.shape }));
}

/** The graded rows whose whole conversation pairing compares: those sharing their shape with another graded row. */
export function rowsToCompare(rows: readonly PairRow[]): PairRow[] {
  const shapes = new Map<string, number>();
  for (const row of rows) if (row.reward !== null) shapes.set(row.shape, (shapes.get(row.shape) ?? 0) + 1);
  return rows.filter((row) => row.reward !== null && shapes.get(row.shape)! > 1);
}

const keyOf = (side: PairSide): string => (side.key ??= side.row.key());

const sameConversation = (a: PairSide, b: PairSide): boolean => a.shape === b.shape && keyOf(a) === keyOf(b);

function grouped<K, V>(groups: Map<K, V[]>, key: K, value: V): void {
  const group = groups.get(key);
  if (group) group.push(value);
  else groups.set(key, [value]);
}

/** Whether (chosen, rejected) with this raw margin is a candidate pair of the rules. */
const isPositive = (margin: number, rules: PairRules) => margin > 0 && margin >= rules.min_margin;

/** The ordered pairs of one conversation whose margin makes them candidates: dropped, and counted. */
function sameButIds(sides: readonly PairSide[], rules: PairRules): number {
  const byShape = new Map<string, PairSide[]>();
  for (const side of sides) grouped(byShape, side.shape, side);
  let count = 0;
  for (const group of byShape.values()) {
    if (group.length < 2) continue;
    const byKey = new Map<string, number[]>();
    for (const side of group) grouped(byKey, keyOf(side), side.reward);
    for (const rewards of byKey.values()) {
      rewards.sort((a, b) => a - b);
      // For each chosen reward, the rejected ones that qualify are the lowest few: a binary search finds how many.
      for (const reward of rewards) {
        let [low, high] = [0, rewards.length];
        while (low < high) {
          const middle = (low + high) >> 1;
          if (isPositive(reward - rewards[middle]!, rules)) low = middle + 1;
          else high = middle;
        }
        count += low;
      }
    }
  }
  return count;
}

/** Pairs of rows with equal rewards (the first id before the second), counted as ties when they are dropped. */
function tieCount(sides: readonly PairSide[]): number {
  const byReward = new Map<number, string[]>();
  for (const side of sides) grouped(byReward, side.reward, side.id);
  let count = 0;
  for (const ids of byReward.values()) {
    count += (ids.length * (ids.length - 1)) / 2;
    const runs = new Map<string, number>();
    for (const id of ids) runs.set(id, (runs.get(id) ?? 0) + 1);
    for (const run of runs.values()) count -= (run * (run - 1)) / 2;
  }
  return count;
}

interface Entry {
  chosen: PairSide;
  /** Position of the rejected side in the rows by reward, lowest first. */
  at: number;
  margin: number;
}

/** Picks the prompt's pairs: larger margins first, then (with length_match) the closest lengths, then ids; each row once. */
export function choosePairs(sides: readonly PairSide[], rules: PairRules): PairChoice {
  const tiesAllowed = rules.min_margin <= 0 && !rules.drop_ties;
  const ties = rules.min_margin <= 0 && rules.drop_ties ? tieCount(sides) : 0;
  const rising = [...sides].sort((a, b) => a.reward - b.reward);
  /** The next rejected side at or after `at` that makes a candidate with `chosen`, or -1: margins only fall from there. */
  const next = (chosen: PairSide, at: number): number => {
    for (let index = at; index < rising.length; index++) {
      const rejected = rising[index]!;
      const margin = chosen.reward - rejected.reward;
      if (margin > 0) {
        if (margin < rules.min_margin) return -1;
        if (!sameConversation(chosen, rejected)) return index;
      } else if (margin === 0) {
        if (tiesAllowed && chosen.id < rejected.id) return index;
      } else return -1;
    }
    return -1;
  };
  const heap = new MarginHeap();
  const enter = (chosen: PairSide, from: number) => {
    const at = next(chosen, from);
    if (at >= 0) heap.push({ chosen, at, margin: chosen.reward - rising[at]!.reward });
  };
  for (const side of sides) enter(side, 0);
  const used = new Set<PairSide>();
  const pairs: PairChoice['pairs'] = [];
  while (heap.size > 0 && pairs.length < rules.max_pairs) {
    const level = round4(heap.peek().margin);
    const candidates: { chosen: PairSide; rejected: PairSide }[] = [];
    while (heap.size > 0 && round4(heap.peek().margin) === level) {
      const { chosen, at } = heap.pop();
      if (used.has(chosen)) continue;
      if (!used.has(rising[at]!)) candidates.push({ chosen, rejected: rising[at]! });
      enter(chosen, at + 1);
    }
    const gap = (pair: { chosen: PairSide; rejected: PairSide }) =>
      rules.length_match ? Math.abs(pair.chosen.chars - pair.rejected.chars) : 0;
    candidates.sort((a, b) => gap(a) - gap(b) || a.chosen.index - b.chosen.index || a.rejected.index - b.rejected.index);
    for (const pair of candidates) {
      if (pairs.length >= rules.max_pairs) break;
      if (used.has(pair.chosen) || used.has(pair.rejected)) continue;
      used.add(pair.chosen);
      used.add(pair.rejected);
      pairs.push(pair);
    }
  }
  return { pairs, ties, same_but_ids: sameButIds(sides, rules) };
}

/** Entries by margin, largest on top. */
class MarginHeap {
  private readonly entries: Entry[] = [];

  get size(): number {
    return this.entries.length;
  }

  peek(): Entry {
    return this.entries[0]!;
  }

  push(entry: Entry): void {
    const entries = this.entries;
    let index = entries.push(entry) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (entries[parent]!.margin >= entry.margin) break;
      entries[index] = entries[parent]!;
      index = parent;
    }
    entries[index] = entry;
  }

  pop(): Entry {
    const entries = this.entries;
    const top = entries[0]!;
    const last = entries.pop()!;
    if (entries.length > 0) {
      let index = 0;
      for (;;) {
        const left = 2 * index + 1;
        if (left >= entries.length) break;
        const right = left + 1;
        const larger = right < entries.length && entries[right]!.margin > entries[left]!.margin ? right : left;
        if (entries[larger]!.margin <= last.margin) break;
        entries[index] = entries[larger]!;
        index = larger;
      }
      entries[index] = last;
    }
    return top;
  }
}
