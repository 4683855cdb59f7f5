import { describe, expect, it } from 'vitest';
import type { Message } from '../../../../shared/domain';
import { HIDDEN_STATE, REFERENCE, REFUND_CONTEXT, refundInput, rollouts } from '../../__fixtures__/refund-rows';
import type { ExportInput } from '../../export-input';
import type { MetadataMode } from '../openai-format';
import { exportPreference, type PreferenceFormat } from './preference-export';
import { buildPreferencePairs, pairsForPrompt, type PreferencePair } from '../../selection/preference-pairs';
import { collect } from '../../source';
import { toolCallRoundtrip } from '../../gates/roundtrip-gate';
import { validateOpenAiPreferenceLine } from '../../gates/validate-openai';
import { validateTrlLine } from '../../gates/validate-trl';
import type { ParsedJson } from '../../__fixtures__/parsed-json';

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

async function linesOf(pairs: PreferencePair[], format: PreferenceFormat, metadata: MetadataMode = 'none') {
  const stream = exportPreference(pairs, REFUND_CONTEXT, { format, metadata });
  const lines: ParsedJson[] = [];
  for await (const line of stream.lines) lines.push(JSON.parse(line) as ParsedJson);
  const sidecar = (stream.takeMetadata?.() ?? []).map((line) => JSON.parse(line) as ParsedJson);
  return { lines, sidecar, report: stream.report() };
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
    expect(Object.keys(line)).toEqual(['input', 'preferred_output', 'non_preferred_output']);
    const { lines: inline, sidecar } = await linesOf([pair!], 'openai', 'sidecar');
    expect(inline).toEqual(lines);
    expect(sidecar).toEqual([
      expect.objectContaining({ line: 1, chosen_score: 1, rejected_score: 0, margin: 1, prompt_text: careful.row.prompt }),
    ]);
    expect((await linesOf([pair!], 'openai', 'inline')).lines[0]).toMatchObject({ chosen_score: 1, rejected_score: 0, margin: 1 });
    expect(report).toMatchObject({ n_pairs: 1, n_written: 1, turns_cut: 1, no_completion_dropped: 0 });
    expect(toolCallRoundtrip(lines, 'openai')).toMatchObject({ checked: 2, invalid: 0 });
  });

  it('write the TRL shape with arguments as objects', async () => {
    const { lines } = await linesOf([pair!], 'trl');
    expect(validateTrlLine(lines[0], 'preference')).toEqual([]);
    expect(Object.keys(lines[0]!)).toEqual(['prompt', 'chosen', 'rejected', 'tools']);
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

  it('compare the sides with their tool-call ids aside: a pair that differs only there is no preference', async () => {
    const renamed = (input: ExportInput, suffix: string): ExportInput => {
      const messages = input.row.messages.map((message) =>
        message.role === 'assistant' && message.tool_calls
          ? { ...message, tool_calls: message.tool_calls.map((call) => ({ ...call, id: `${call.id}-${suffix}` })) }
          : message.role === 'tool'
            ? { ...message, tool_call_id: `${message.tool_call_id}-${suffix}` }
            : message,
      );
      return { ...input, row: { ...input.row, messages } };
    };
    const [pass, fail] = rollouts('sc-ids', [1, 0], { final: 'Refund R-20931 is done.' });
    const twins = [renamed(pass!, 'a'), renamed(fail!, 'b')];
    expect(pairsForPrompt(twins)).toMatchObject({ pairs: [], same_but_ids: 1 });
    const built = buildPreferencePairs([twins, rollouts('sc-real', [1, 0])]);
    expect(await collect(built.pairs)).toHaveLength(1);
    expect(built.report()).toMatchObject({ n_pairs: 1, same_but_ids_dropped: 1 });
    expect(built.report().warnings).toContainEqual(
      expect.stringMatching(/^1 candidate pair was the same conversation but for tool-call ids/),
    );
    // A real difference after the first call: the shared prefix runs past the calls whose ids alone differ.
    const failed = renamed(fail!, 'b');
    const refused: Message = { role: 'assistant', content: 'I could not refund it.' };
    const later = { ...failed, row: { ...failed.row, messages: [...failed.row.messages.slice(0, -1), refused] } };
    const [real] = pairsForPrompt([renamed(pass!, 'a'), later]).pairs;
    const { lines } = await linesOf([real!], 'openai');
    expect(lines[0]!.input.messages.at(-1).role).toBe('tool');
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
