import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, ToolSpec } from '../../shared/domain';
import { REFUND_CONTEXT, refundInput } from './__fixtures__/refund-rows';
import { carryFields, carryMembers } from './carry';
import { EMPTY_CONTEXT, type ExportInput, type RunContext } from './export-input';
import { FileCheck } from './file-check';
import { lineJson } from './line-json';
import { openAiLine } from './openai-format';
import { pythonJson, quotedPythonJson } from './python-json';
import { RoundtripGate } from './roundtrip-gate';
import { exportTraining, type TrainingExportOptions } from './training-export';
import { trainingSamples } from './training-samples';
import { trlLine } from './trl-format';
import { validateOpenAiLine } from './validate-openai';
import { validateTrlLine } from './validate-trl';

// The SFT export writes most lines straight from the sample and only counts them for the line check and the round-trip
// gate (sft-line-text.ts, sft-line-check.ts). These properties hold it to the general path: the same bytes, and the
// same counts and problems, for rows of every shape, clean or broken.

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '  ',
      '<think>plan</think>',
      '<think>only</think> ok',
      'a "quoted" \\ line\nnext',
      '\ud800 lone',
      'é 😀 \u2028',
      'Refund the duplicate exactly once and quote the refund id back to the customer',
    ),
  },
);
const id = fc.constantFrom('call_1', 'call_2', 'call_3', '');
const name = fc.constantFrom('lookup_order', 'issue_refund', 'no_such_tool', '');
const args = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom('{"order_id": "A1001"}', '"{\\"a\\": 1}"', '{"broken"', '[1, 2]', 'null') },
);
const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({ role: fc.constant('user' as const), content: text }),
  { weight: 1, arbitrary: fc.record({ role: fc.constant('system' as const), content: text }) },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        role: fc.constant('assistant' as const),
        content: text,
        tool_calls: fc.array(fc.record({ id, name, arguments: args as fc.Arbitrary<Record<string, unknown>> }), { maxLength: 2 }),
        logprob: fc.double({ min: -5, max: 0, noNaN: true }),
        n_tokens: fc.nat(40),
      },
      { requiredKeys: ['role', 'content'] },
    ),
  },
  { weight: 2, arbitrary: fc.record({ role: fc.constant('tool' as const), tool_call_id: id, name, content: text }) },
);

/** A conversation that keeps the rules (every call answered, names declared): the lines the straight path takes. */
const wellFormed: fc.Arbitrary<Message[]> = fc
  .array(
    fc.record({
      ask: text,
      calls: fc.array(fc.record({ name: fc.constantFrom('lookup_order', 'issue_refund'), arguments: args, answer: text }), { maxLength: 2 }),
      say: text,
    }),
    { minLength: 1, maxLength: 3 },
  )
  .map((turns) => {
    let next = 0;
    return turns.flatMap(({ ask, calls, say }): Message[] => {
      const ids = calls.map(() => `call_${next++}`);
      const called: Message[] =
        calls.length === 0
          ? []
          : [
              {
                role: 'assistant',
                content: say,
                tool_calls: calls.map((call, index) => ({ id: ids[index]!, name: call.name, arguments: call.arguments as Record<string, unknown> })),
              },
              ...calls.map((call, index): Message => ({ role: 'tool', tool_call_id: ids[index]!, name: call.name, content: call.answer || 'ok' })),
            ];
      return [{ role: 'user', content: ask || 'hi' }, ...called, { role: 'assistant', content: say || 'done' }];
    });
  });

const input: fc.Arbitrary<ExportInput> = fc
  .record({
    messages: fc.oneof(fc.array(message, { maxLength: 7 }), wellFormed),
    reward: fc.constantFrom(1, 0, 0.5, null),
    reason: fc.option(text, { nil: undefined }),
    privileged: fc.boolean(),
    lineage: fc.constantFrom('{}', '{"ordinal": 9, "aim": "graded_failure"}', '{"__proto__": {"x": 1}, "probe": "p"}'),
    dimensions: fc.constantFrom('plain', 'vector', 'privileged'),
    prompt: text,
  })
  .map((shape) => {
    const base = refundInput({ id: 'row-p', reward: shape.reward, reason: shape.reason, messages: shape.messages, prompt: shape.prompt });
    const dimensions = { ...base.row.situation.dimensions, ...(shape.dimensions === 'plain' ? {} : { [shape.dimensions]: 'secret' }) };
    const lineage = JSON.parse(shape.lineage) as ExportInput['row']['lineage'];
    const row = { ...base.row, messages: shape.messages, prompt: shape.prompt, lineage, situation: { ...base.row.situation, dimensions } };
    if (!shape.privileged) delete row.privileged;
    return { ...base, reason: shape.reason, row };
  });

const badTools: ToolSpec[] = [REFUND_CONTEXT.tools[0]!, REFUND_CONTEXT.tools[0]!];
const context: fc.Arbitrary<RunContext> = fc.constantFrom(
  REFUND_CONTEXT,
  EMPTY_CONTEXT,
  { system_prompt: 'Be brief.\n"Always" confirm.', tools: [] },
  { system_prompt: '', tools: badTools },
);

const options: fc.Arbitrary<TrainingExportOptions> = fc.record({
  format: fc.constantFrom('openai' as const, 'trl' as const),
  mask_mode: fc.constantFrom('assistant' as const, 'final' as const),
  unroll: fc.boolean(),
  carry: fc.boolean(),
  strip_think: fc.boolean(),
  max_tool_output_chars: fc.constantFrom(undefined, 5),
});

/** The general path: every line built as wire objects, checked in full and serialised by `lineJson`. */
function generalPath(inputs: ExportInput[], run: RunContext, settings: TrainingExportOptions) {
  const promptCompletion = settings.mask_mode === 'final' || settings.unroll === true;
  const requireTools = run.tools.length > 0;
  const kind = promptCompletion ? 'prompt_completion' : 'sft';
  const check = new FileCheck((line) => (settings.format === 'openai' ? validateOpenAiLine(line, { requireTools }) : validateTrlLine(line, kind, { requireTools })));
  const roundtrip = new RoundtripGate(settings.format ?? 'openai');
  const lines: string[] = [];
  for (const row of inputs) {
    for (const sample of trainingSamples(row, run, settings).filter((item) => item.loss_mask.includes(1))) {
      const line = settings.format === 'openai' ? openAiLine(sample, run, settings) : trlLine(sample, run, promptCompletion, settings);
      check.add(line);
      roundtrip.check(line, lines.length);
      lines.push(lineJson(line));
    }
  }
  return { lines, line_check: check.report(), tool_call_roundtrip: roundtrip.report() };
}

async function exported(inputs: ExportInput[], run: RunContext, settings: TrainingExportOptions) {
  const stream = exportTraining(inputs, run, { ...settings, validate: false });
  const lines: string[] = [];
  for await (const line of stream.lines) lines.push(line);
  const report = stream.report();
  return { lines, line_check: report.line_check, tool_call_roundtrip: report.tool_call_roundtrip };
}

describe('SFT lines written straight from the sample', () => {
  it('are byte for byte the general path, with the same line check and round-trip counts, for rows of any shape', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(input, { minLength: 1, maxLength: 4 }), context, options, async (inputs, run, settings) => {
        expect(await exported(inputs, run, settings)).toEqual(generalPath(inputs, run, settings));
      }),
      { numRuns: 300 },
    );
  });

  it('take the straight path for clean rows (so the property above tests it)', async () => {
    const rows = [refundInput(), refundInput({ id: 'row-2', final: 'Done: "R-1" \\ refunded.\nThanks.' })];
    for (const format of ['openai', 'trl'] as const) {
      const { lines, line_check } = await exported(rows, REFUND_CONTEXT, { format });
      expect(lines).toEqual(generalPath(rows, REFUND_CONTEXT, { format }).lines);
      expect(line_check.n_invalid).toBe(0);
    }
  });
});

describe('the pieces of a line', () => {
  it('quotedPythonJson is JSON.stringify(pythonJson(value)), and declines a sparse array', () => {
    const value = fc.jsonValue({ maxDepth: 3 }).map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { value: item }));
    const oddText = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\ud800', 'a\udfff', '"\\\n', '😀'));
    fc.assert(
      fc.property(fc.oneof(value, oddText.map((item) => ({ [item]: [item, { nested: item }] }))), (item) => {
        expect(quotedPythonJson(item)).toBe(JSON.stringify(pythonJson(item)));
      }),
    );
    expect(quotedPythonJson({ list: [1, , 2] })).toBeNull();
  });

  it('carryMembers is the text of carryFields, scrubbed and redacted alike', () => {
    fc.assert(
      fc.property(input, fc.constantFrom(null, { turn: 1, turns: 2 }), (row, unroll) => {
        expect(carryMembers(row, { unroll })).toBe(JSON.stringify(carryFields(row, { unroll })).slice(1, -1));
      }),
      { numRuns: 300 },
    );
  });
});
