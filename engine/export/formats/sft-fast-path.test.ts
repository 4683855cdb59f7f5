import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND_CONTEXT, refundInput } from '../__fixtures__/refund-rows';
import { context, input } from '../__fixtures__/sft-arbitraries';
import { carryFields, carryMembers } from './carry';
import type { ExportInput, RunContext } from '../export-input';
import { FileCheck } from '../gates/file-check';
import { lineJson } from './line-json';
import { openAiExtras, openAiLine } from './openai-format';
import { pythonJson, quotedPythonJson } from './python-json';
import { RoundtripGate } from '../gates/roundtrip-gate';
import { exportTraining, type TrainingExportOptions } from './training-export';
import { trainingSamples } from './training-samples';
import { trlExtras, trlLine } from './trl-format';
import { validateOpenAiLine } from '../gates/validate-openai';
import { validateTrlLine } from '../gates/validate-trl';

// The SFT export writes most lines straight from the sample and only counts them for the line check and the round-trip
// gate (sft-line-text.ts, sft-line-check.ts). These properties hold it to the general path: the same bytes, and the
// same counts and problems, for rows of every shape, clean or broken.

const options: fc.Arbitrary<TrainingExportOptions> = fc.record({
  format: fc.constantFrom('openai' as const, 'trl' as const),
  mask_mode: fc.constantFrom('assistant' as const, 'final' as const),
  unroll: fc.boolean(),
  metadata: fc.constantFrom('none' as const, 'inline' as const, 'sidecar' as const),
  strip_think: fc.boolean(),
  max_tool_output_chars: fc.constantFrom(undefined, 5),
});

/** The general path: every line built as wire objects, checked in full and serialised by `lineJson`. */
function generalPath(inputs: ExportInput[], run: RunContext, settings: TrainingExportOptions) {
  const promptCompletion = settings.mask_mode === 'final' || settings.unroll === true;
  const requireTools = run.tools.length > 0;
  const kind = promptCompletion ? 'prompt_completion' : 'sft';
  const check = new FileCheck((line) =>
    settings.format === 'openai' ? validateOpenAiLine(line, { requireTools }) : validateTrlLine(line, kind, { requireTools }),
  );
  const roundtrip = new RoundtripGate(settings.format ?? 'openai');
  const lines: string[] = [];
  const metadata: string[] = [];
  for (const row of inputs) {
    for (const sample of trainingSamples(row, run, settings).filter((item) => item.loss_mask.includes(1))) {
      const line = settings.format === 'openai' ? openAiLine(sample, run, settings) : trlLine(sample, run, promptCompletion, settings);
      check.add(line);
      roundtrip.check(line, lines.length);
      lines.push(lineJson(line));
      const extras = settings.format === 'openai' ? openAiExtras(sample) : trlExtras(sample);
      if (settings.metadata === 'sidecar') metadata.push(JSON.stringify({ line: lines.length, ...extras }));
    }
  }
  return { lines, metadata, line_check: check.report(), tool_call_roundtrip: roundtrip.report() };
}

async function exported(inputs: ExportInput[], run: RunContext, settings: TrainingExportOptions) {
  const stream = exportTraining(inputs, run, { ...settings, validate: false });
  const lines: string[] = [];
  const metadata: string[] = [];
  for await (const line of stream.lines) {
    lines.push(line);
    // Taken after every line, or at the end: the numbering is the same.
    if (lines.length % 2 === 0) metadata.push(...(stream.takeMetadata?.() ?? []));
  }
  metadata.push(...(stream.takeMetadata?.() ?? []));
  const report = stream.report();
  return { lines, metadata, line_check: report.line_check, tool_call_roundtrip: report.tool_call_roundtrip };
}

describe('SFT lines written straight from the sample', () => {
  it('are byte for byte the general path (and so is their metadata), with the same line check and round-trip counts, for rows of any shape', async () => {
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
    const value = fc
      .jsonValue({ maxDepth: 3 })
      .map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) ? item : { value: item }));
    const oddText = fc.oneof(fc.string({ unit: 'binary' }), fc.constantFrom('\ud800', 'a\udfff', '"\\\n', '😀'));
    fc.assert(
      fc.property(
        fc.oneof(
          value,
          oddText.map((item) => ({ [item]: [item, { nested: item }] })),
        ),
        (item) => {
          expect(quotedPythonJson(item)).toBe(JSON.stringify(pythonJson(item)));
        },
      ),
    );
    // eslint-disable-next-line no-sparse-arrays -- a hole is the case under test: it has no JSON text
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
