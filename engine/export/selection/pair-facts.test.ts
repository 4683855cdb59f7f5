import { describe, expect, it } from 'vitest';
import { refundInput, refundMessages } from '../__fixtures__/refund-rows';
import type { ExportInput } from '../export-input';
import { pairFactsOf, pairRowOfStored } from './pair-facts';
import { pairRowOf } from './pair-row';

/** What pairing weighs about a row, as values (the calls aside). */
const weighed = ({ key, input: _input, ...facts }: ReturnType<typeof pairRowOf>) => ({ ...facts, key: key() });

/** The row as pairing weighs it from facts made when it was stored, its grade joined on export. */
function fromStored(input: ExportInput) {
  const { row, ...grade } = input;
  const { key, ...facts } = pairFactsOf(row);
  return pairRowOfStored({
    rollout_id: row.rollout_id,
    scenario_id: row.situation.scenario_id,
    grade,
    facts,
    key: () => key,
    input: () => input,
  });
}

const rows: [string, ExportInput][] = [
  ['a graded row', refundInput({ prompt: '  Refund   ORDER A1001 please ' })],
  ['an ungraded row', refundInput({ reward: null })],
  ['a row quoting privileged text', refundInput({ leak: true })],
  ['a row whose agent errored', refundInput({ ended_by: 'agent_error' })],
  ['a row labelled simulator_error', { ...refundInput(), gold: { reward: null, kind: 'human', label: 'simulator_error' } }],
  ['a row labelled fail', { ...refundInput({ reward: 0.5 }), gold: { reward: 0, kind: 'human', label: 'fail' } }],
  [
    'a row of reasoning only and a tool call',
    refundInput({ messages: [...refundMessages(), { role: 'assistant', content: '<think>done</think>' }] }),
  ],
];

describe('stored pairing facts', () => {
  it.each(rows)('weigh %s as the row read whole does', (_name, input) => {
    expect(weighed(fromStored(input))).toEqual(weighed(pairRowOf(input)));
  });

  it('say whether a row calls a tool', () => {
    expect(pairFactsOf(refundInput().row).tool_calls).toBe(true);
    expect(
      pairFactsOf(
        refundInput({
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'assistant', content: 'hello' },
          ],
        }).row,
      ).tool_calls,
    ).toBe(false);
  });
});
