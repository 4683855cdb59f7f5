import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/domain';
import { HIDDEN_STATE, REFERENCE, REFUND_CONTEXT, refundInput, rollouts } from '../__fixtures__/refund-rows';
import { exportPreference, type PreferenceFormat } from './preference-export';
import { buildPreferencePairs, pairsForPrompt, type PreferencePair } from '../selection/preference-pairs';
import { collect } from '../source';
import { toolCallRoundtrip } from '../gates/roundtrip-gate';
import { validateOpenAiPreferenceLine } from '../gates/validate-openai';
import { validateTrlLine } from '../gates/validate-trl';
import type { ParsedJson } from '../__fixtures__/parsed-json';

const hastyMessages = (): Message[] => [
  { role: 'user', content: 'Hi, I was charged twice for order A1001 last week. Can you refund the duplicate charge?' },
  {
    role: 'assistant',
    content: '',
    tool_calls: [{ id: 'call_refund_x', name: 'issue_refund', arguments: { order_id: 'A1001', amount: 99.98 } }],
  },
  { role: 'tool', tool_call_id: 'call_refund_x', name: 'issue_refund', content: '{"status": "ok", "refund_id": "R-1"}' },
  { role: 'assistant', content: 'Refunded both charges.' },
];

describe('build_preference_pairs', () => {
  it('pairs only rows whose rewards differ by the margin, one pair per prompt by default', () => {
    const rows = rollouts('sc-pairs', [1, 0.5, 0, 1]);
    const strict = pairsForPrompt(rows);
    expect(strict.pairs).toHaveLength(1);
    expect(strict.pairs[0]).toMatchObject({ chosen_score: 1, rejected_score: 0, margin: 1, same_policy: true });
    const loose = pairsForPrompt(rows, { min_margin: 0.5, max_pairs_per_prompt: 3 });
    expect(loose.pairs.map((pair) => pair.margin)).toEqual([1, 0.5]);
    expect(pairsForPrompt(rollouts('sc-flat', [1, 1, 0.5]), { min_margin: 0.6 }).pairs).toEqual([]);
  });

  it('prefer the pair closest in length among equal margins', () => {
    const rows = [
      ...rollouts('sc-len', [1], { final: 'Done: refund R-20931 issued, 3 to 5 business days.' }),
      refundInput({ id: 'a-short-fail', scenario_id: 'sc-len', reward: 0, final: 'No.' }),
      refundInput({
        id: 'same-length-fail',
        scenario_id: 'sc-len',
        reward: 0,
        final: 'Done: refund R-99999 issued, 3 to 5 business days.',
      }),
    ];
    const [pair] = pairsForPrompt(rows).pairs;
    expect(pair!.rejected.row.rollout_id).toBe('same-length-fail');
    expect(pair!.length_delta).toBe(0);
    expect(pairsForPrompt(rows, { length_match: false }).pairs[0]!.rejected.row.rollout_id).toBe('a-short-fail');
  });

  it('count prompts with contrast, leave out leaking rows and warn when chosen is mostly longer', async () => {
    const scenarios = [
      rollouts('sc-a', [1, 0], { final: undefined }),
      rollouts('sc-b', [0, 0]),
      [
        refundInput({ id: 'leaky-pass', scenario_id: 'sc-c', reward: 1, leak: true }),
        refundInput({ id: 'c-fail', scenario_id: 'sc-c', reward: 0 }),
      ],
    ];
    scenarios[0]![0]!.row.final_text = 'x'.repeat(300);
    (scenarios[0]![0]!.row.messages.at(-1) as { content: string }).content = 'x'.repeat(300);
    const built = buildPreferencePairs(scenarios);
    const pairs = await collect(built.pairs);
    expect(pairs).toHaveLength(1);
    expect(built.report()).toMatchObject({
      n_rows: 6,
      n_prompts: 3,
      prompts_with_contrast: 1,
      n_pairs: 1,
      excluded_rows: 1,
      chosen_longer: 1,
      chosen_longer_share: 1,
    });
    expect(built.report().warnings.join(' ')).toMatch(/longer one in 100% of pairs/);
  });

  it('name ungraded rows as the reason no pair is made, before anything else', async () => {
    const ungraded = buildPreferencePairs([rollouts('sc-a', [null, null]), rollouts('sc-b', [null])]);
    expect(await collect(ungraded.pairs)).toEqual([]);
    expect(ungraded.report().warnings[0]).toBe('3 rows are ungraded: grade the run before a DPO export (no prompt has rewards 1 apart)');
    const agreeing = buildPreferencePairs([rollouts('sc-a', [1, 1])]);
    await collect(agreeing.pairs);
    expect(agreeing.report().warnings).toEqual(['no prompt has rewards 1 apart: preference pairs need repeats that disagree']);
    const singles = buildPreferencePairs([rollouts('sc-a', [1]), rollouts('sc-b', [0])]);
    await collect(singles.pairs);
    expect(singles.report().warnings).toEqual([
      'no prompt has rewards 1 apart: every prompt has a single graded rollout, and a pair needs a ' +
        'pass and a failure of the same prompt: simulate again with repeats of 2 or more and grade the new run',
    ]);
  });
});

async function linesOf(pairs: PreferencePair[], format: PreferenceFormat) {
  const stream = exportPreference(pairs, REFUND_CONTEXT, { format });
  const lines: ParsedJson[] = [];
  for await (const line of stream.lines) lines.push(JSON.parse(line) as ParsedJson);
  return { lines, report: stream.report() };
}

describe('export_preference', () => {
  const careful = refundInput({ id: 'careful', scenario_id: 'sc-dpo', reward: 1 });
  const hasty = refundInput({ id: 'hasty', scenario_id: 'sc-dpo', reward: 0, messages: hastyMessages() });
  const [pair] = pairsForPrompt([careful, hasty]).pairs;

  it('write the OpenAI DPO shape: shared prefix as input, one assistant message per side', async () => {
    const { lines, report } = await linesOf([pair!], 'openai');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(validateOpenAiPreferenceLine(line)).toEqual([]);
    expect(line.input.messages.map((message: { role: string }) => message.role)).toEqual(['system', 'user']);
    expect(line.input.tools).toHaveLength(2);
    expect(line.preferred_output[0].tool_calls[0].function).toEqual({ name: 'lookup_order', arguments: '{"order_id": "A1001"}' });
    expect(line.non_preferred_output[0].tool_calls[0].function.name).toBe('issue_refund');
    expect(line).toMatchObject({ chosen_score: 1, rejected_score: 0, margin: 1 });
    expect(report).toMatchObject({ n_pairs: 1, n_written: 1, turns_cut: 1, no_completion_dropped: 0 });
    expect(toolCallRoundtrip(lines, 'openai')).toMatchObject({ checked: 2, invalid: 0 });
  });

  it('write the TRL shape with arguments as objects', async () => {
    const { lines } = await linesOf([pair!], 'trl');
    expect(validateTrlLine(lines[0], 'preference')).toEqual([]);
    expect(lines[0]!.chosen[0].tool_calls[0].function.arguments).toEqual({ order_id: 'A1001' });
    expect(toolCallRoundtrip(lines, 'trl')).toMatchObject({ checked: 2, invalid: 0 });
  });

  it('write the whole conversations in the full shape', async () => {
    const { lines, report } = await linesOf([pair!], 'full');
    expect(report.line_check.n_invalid).toBe(0);
    expect(lines[0]!.prompt).toBe(careful.row.prompt);
    expect(lines[0]!.chosen).toHaveLength(11);
    expect(lines[0]!.rejected).toHaveLength(5);
  });

  it('diverge at the final reply when the sides share every earlier turn', async () => {
    const [late] = pairsForPrompt(rollouts('sc-late', [1, 0])).pairs;
    const { lines, report } = await linesOf([late!], 'openai');
    expect(validateOpenAiPreferenceLine(lines[0])).toEqual([]);
    expect(lines[0]!.input.messages.at(-1).role).toBe('tool');
    expect(report.turns_cut).toBe(0);
  });

  it('never write privileged text', async () => {
    for (const format of ['openai', 'trl', 'full'] as const) {
      const text = JSON.stringify((await linesOf([pair!], format)).lines);
      expect(text).not.toContain(HIDDEN_STATE);
      expect(text).not.toContain(REFERENCE);
      expect(text).not.toContain('privileged');
    }
  });
});
