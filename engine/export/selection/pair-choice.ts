import { round4 } from '../../../shared/domain/rounding';
import { Heap } from './heap';
import { PartnerCursor } from './partner-cursor';
import type { PairRow } from './pair-row';

/**
 * Which pairs one prompt's graded rows make, without weighing every two rows: candidates come in order of margin from a
 * heap (each chosen row walks the rows from the lowest reward up), and within a margin each chosen row's partners come
 * closest length first from a cursor over its reward's partners sorted once (partner-cursor.ts). The rules and the
 * pairs are those of the original that weighed every two rows (pair-choice.test.ts holds the two to the same pairs).
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
  const fits = (chosen: PairSide, rejected: PairSide): boolean => {
    const margin = chosen.reward - rejected.reward;
    if (margin > 0) return margin >= rules.min_margin && !sameConversation(chosen, rejected);
    return margin === 0 && tiesAllowed && chosen.id < rejected.id;
  };
  /** The next rejected side at or after `at` that makes a candidate with `chosen`, or -1: margins only fall from there. */
  const next = (chosen: PairSide, at: number): number => {
    for (let index = at; index < rising.length; index++) {
      const margin = chosen.reward - rising[index]!.reward;
      if (margin < 0 || (margin > 0 && margin < rules.min_margin)) return -1;
      if (fits(chosen, rising[index]!)) return index;
    }
    return -1;
  };
  const heap = new Heap<Entry>((a, b) => a.margin > b.margin);
  const enter = (chosen: PairSide, from: number) => {
    const at = next(chosen, from);
    if (at >= 0) heap.push({ chosen, at, margin: chosen.reward - rising[at]!.reward });
  };
  for (const side of sides) enter(side, 0);
  const used = new Set<PairSide>();
  const pairs: PairChoice['pairs'] = [];
  const byLength = (a: PairSide, b: PairSide) => a.chars - b.chars || a.index - b.index;
  while (heap.size > 0 && pairs.length < rules.max_pairs) {
    const level = round4(heap.peek().margin);
    const chosenRows: PairSide[] = [];
    while (heap.size > 0 && round4(heap.peek().margin) === level) {
      const { chosen } = heap.pop();
      if (!used.has(chosen)) chosenRows.push(chosen);
    }
    // The rows of one reward share their partners at this margin: a stretch of the rows by reward, sorted once.
    const ranges = new Map<number, { end: number; partners: PairSide[] }>();
    const rangeOf = (reward: number) => {
      let range = ranges.get(reward);
      if (!range) {
        const start = firstAt(rising, (rejected) => round4(reward - rejected.reward) <= level);
        const end = firstAt(rising, (rejected) => round4(reward - rejected.reward) < level);
        const partners = rising.slice(start, end).sort(rules.length_match ? byLength : (a, b) => a.index - b.index);
        ranges.set(reward, (range = { end, partners }));
      }
      return range;
    };
    const cursors = new Heap<PartnerCursor>(
      (a, b) =>
        (a.gap - b.gap ||
          sideById(a.chosen, b.chosen) ||
          sideById(a.current!, b.current!) ||
          a.chosen.index - b.chosen.index ||
          a.current!.index - b.current!.index) < 0,
    );
    for (const chosen of chosenRows) {
      const cursor = new PartnerCursor(chosen, rangeOf(chosen.reward).partners, rules.length_match);
      if (cursor.advance((rejected) => fits(chosen, rejected))) cursors.push(cursor);
    }
    while (cursors.size > 0 && pairs.length < rules.max_pairs) {
      const cursor = cursors.pop();
      const { chosen } = cursor;
      if (used.has(chosen)) continue;
      const rejected = cursor.current!;
      if (!used.has(rejected)) {
        used.add(chosen);
        used.add(rejected);
        pairs.push({ chosen, rejected });
      } else if (cursor.advance((partner) => fits(chosen, partner))) cursors.push(cursor);
    }
    for (const chosen of chosenRows) if (!used.has(chosen)) enter(chosen, rangeOf(chosen.reward).end);
  }
  return { pairs, ties, same_but_ids: sameButIds(sides, rules) };
}

/** By id: candidates of one length gap go by the chosen side's id, the rejected side's, then place (two rows may share an id). */
const sideById = (a: PairSide, b: PairSide): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The first position in `rows` where `reached` holds (it holds from there on), or rows.length. */
function firstAt(rows: readonly PairSide[], reached: (row: PairSide) => boolean): number {
  let [low, high] = [0, rows.length];
  while (low < high) {
    const middle = (low + high) >> 1;
    if (reached(rows[middle]!)) high = middle;
    else low = middle + 1;
  }
  return low;
}
