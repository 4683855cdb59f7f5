import { describe, expect, it } from 'vitest';
import { round4 } from '../../../shared/domain/rounding';
import type { Message } from '../../../shared/domain';
import { refundInput, refundMessages } from '../__fixtures__/refund-rows';
import { EMPTY_CONTEXT, type ExportInput } from '../export-input';
import { withPositionalCallIds } from '../formats/call-ids';
import { sampleMessages } from '../formats/training-samples';
import { assistantChars } from './pair-row';
import { type PairOptions, pairsForPrompt } from './preference-pairs';

/** The pairing as it was first written: every two rows weighed, every candidate sorted (the reference). */
function quadraticPairs(rows: readonly ExportInput[], options: PairOptions) {
  const minMargin = options.min_margin ?? 1.0;
  const dropTies = options.drop_ties ?? true;
  const byId = (a: ExportInput, b: ExportInput) => (a.row.rollout_id < b.row.rollout_id ? -1 : a.row.rollout_id > b.row.rollout_id ? 1 : 0);
  const key = (input: ExportInput) => JSON.stringify(withPositionalCallIds(sampleMessages(input.row.messages, EMPTY_CONTEXT).messages));
  const graded = [...rows].filter((input) => input.reward !== null).sort(byId);
  const keys = new Map(graded.map((input) => [input, key(input)]));
  const pair = (chosen: ExportInput, rejected: ExportInput) => ({
    chosen,
    rejected,
    margin: round4(chosen.reward! - rejected.reward!),
    length_delta: assistantChars(chosen.row.messages) - assistantChars(rejected.row.messages),
  });
  const candidates: ReturnType<typeof pair>[] = [];
  let ties = 0;
  let sameButIds = 0;
  for (const chosen of graded) {
    for (const rejected of graded) {
      if (chosen === rejected) continue;
      const margin = chosen.reward! - rejected.reward!;
      if (margin > 0 && margin >= minMargin && keys.get(chosen) === keys.get(rejected)) {
        sameButIds += 1;
        continue;
      }
      if (margin === 0) {
        if (chosen.row.rollout_id < rejected.row.rollout_id && minMargin <= 0) {
          if (dropTies) ties += 1;
          else candidates.push(pair(chosen, rejected));
        }
        continue;
      }
      if (margin > 0 && margin >= minMargin) candidates.push(pair(chosen, rejected));
    }
  }
  candidates.sort(
    (a, b) =>
      b.margin - a.margin ||
      (options.length_match === false ? 0 : Math.abs(a.length_delta) - Math.abs(b.length_delta)) ||
      byId(a.chosen, b.chosen) ||
      byId(a.rejected, b.rejected),
  );
  const used = new Set<ExportInput>();
  const pairs: ReturnType<typeof pair>[] = [];
  for (const candidate of candidates) {
    if (pairs.length >= (options.max_pairs_per_prompt ?? 1)) break;
    if (used.has(candidate.chosen) || used.has(candidate.rejected)) continue;
    used.add(candidate.chosen);
    used.add(candidate.rejected);
    pairs.push(candidate);
  }
  return { pairs, ties, same_but_ids: sameButIds };
}

/** A small deterministic generator (mulberry32), so a failing group can be made again from its seed. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const REWARDS = [0, 0, 1, 1, 0.5, 0.25, 0.75, 1 / 3, 2 / 3, 0.33333, 0.66667, 0.00001, 0.99999, null];
const FINALS = [
  'Done.',
  'Done!',
  'No.',
  'Done!!!',
  'Refund R-1 is on its way.',
  'Refund R-2 is on its way.',
  '<think>check</think>Done.',
  '   ',
];

/** A row of the group: the same conversation as others but for its tool-call ids, equal lengths, ties and ungraded rows. */
function generatedRow(next: () => number, index: number): ExportInput {
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
  const final = pick(FINALS);
  const messages: Message[] = refundMessages({ final }).map((message) =>
    message.role === 'assistant' && message.tool_calls && next() < 0.5
      ? { ...message, tool_calls: message.tool_calls.map((call) => ({ ...call, id: `${call.id}-${index}` })) }
      : message.role === 'tool' && next() < 0.5
        ? { ...message, tool_call_id: `${message.tool_call_id}-${index}` }
        : message,
  );
  const id = next() < 0.1 ? 'row-same-id' : `row-${String(Math.floor(next() * 1000)).padStart(3, '0')}-${index}`;
  return refundInput({ id, reward: pick(REWARDS), messages, final });
}

const OPTIONS: PairOptions[] = [
  {},
  { min_margin: 0.5, max_pairs_per_prompt: 3 },
  { min_margin: 0, drop_ties: false, max_pairs_per_prompt: 100 },
  { min_margin: 0, max_pairs_per_prompt: 2 },
  { min_margin: -1, drop_ties: false, length_match: false, max_pairs_per_prompt: 4 },
  { min_margin: 0.00001, length_match: false, max_pairs_per_prompt: 5 },
  { min_margin: 0.3333, max_pairs_per_prompt: 0 },
];

const described = (made: { pairs: { chosen: ExportInput; rejected: ExportInput; margin: number; length_delta: number }[] }) =>
  made.pairs.map((pair) => [pair.chosen.row.rollout_id, pair.rejected.row.rollout_id, pair.chosen.reward, pair.margin, pair.length_delta]);

describe('pairsForPrompt without weighing every two rows', () => {
  it('chooses the pairs, ties and same-but-ids counts of the quadratic original on generated groups', () => {
    let groups = 0;
    let paired = 0;
    const counted = { ties: 0, same_but_ids: 0 };
    for (let seed = 1; seed <= 300; seed++) {
      const next = generator(seed);
      // Mostly small asks, every tenth a large one (many rows of one length and one reward).
      const size = seed % 10 === 0 ? 30 + Math.floor(next() * 50) : 1 + Math.floor(next() * 14);
      const rows = Array.from({ length: size }, (_, index) => generatedRow(next, index));
      for (const options of OPTIONS) {
        const expected = quadraticPairs(rows, options);
        const made = pairsForPrompt(rows, options);
        const context = `seed ${seed}, options ${JSON.stringify(options)}`;
        expect(described(made), context).toEqual(described(expected));
        expect(
          made.pairs.map((pair) => [pair.chosen, pair.rejected]),
          context,
        ).toEqual(expected.pairs.map((pair) => [pair.chosen, pair.rejected]));
        expect([made.ties, made.same_but_ids], context).toEqual([expected.ties, expected.same_but_ids]);
        groups += 1;
        paired += made.pairs.length;
        counted.ties += made.ties;
        counted.same_but_ids += made.same_but_ids;
      }
    }
    expect(groups).toBe(300 * OPTIONS.length);
    expect(paired).toBeGreaterThan(1000);
    expect(counted.ties).toBeGreaterThan(100);
    expect(counted.same_but_ids).toBeGreaterThan(100);
  });
});
