import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND_CONTEXT, REFERENCE, refundInput } from '../__fixtures__/refund-rows';
import { context, input } from '../__fixtures__/sft-arbitraries';
import type { ExportInput, RunContext } from '../export-input';
import { gradeFitsPrepared, gradeMayQuote, PREPARED_LINE_VERSION, PreparedFacts, prepareLine, preparedRecipe } from './prepared-line';
import { sha1Hex } from '../sha1';
import { exportTraining, exportTrainingFramed, type SftFormat, type TrainingExportOptions, type TrainingInput } from './training-export';

// A row stored with its prepared line is exported by joining that line's parts with the run's system prompt, tools and
// the row's grade. These hold the result to the general path: the same bytes and the same report, for rows of any
// shape (a row that cannot be prepared, or whose grade quotes privileged text, is read whole).

/** Each row as the store's reader gives it: its prepared line of the format and grade where it has a usable one, else whole. */
function asStored(
  inputs: readonly ExportInput[],
  run: RunContext,
  format: SftFormat = 'openai',
): { rows: TrainingInput[]; prepared: number; withProblems: number } {
  let prepared = 0;
  let withProblems = 0;
  const rows = inputs.map((item): TrainingInput => {
    const stored = prepareLine(item.row, run);
    const messages = format === 'trl' ? stored?.trl_messages : stored?.messages;
    if (!stored || !messages || (gradeMayQuote(stored.facts, item) && !gradeFitsPrepared(stored.needles, item))) return item;
    prepared += 1;
    const { row: _row, ...grade } = item;
    const { needles: _needles, trl_messages: _trl, trl_problems: trlProblems, ...line } = stored;
    const problems = format === 'trl' ? trlProblems : line.problems;
    if (problems.length > 0) withProblems += 1;
    return { ...grade, prepared: { ...line, format, messages, problems } };
  });
  return { rows, prepared, withProblems };
}

/** The export's lines, metadata and report; `framed`: as a writer gets them (exportTrainingFramed), joined here. */
async function exported(rows: readonly TrainingInput[], run: RunContext, options: TrainingExportOptions = {}, framed = false) {
  const stream = (framed ? exportTrainingFramed : exportTraining)(rows, run, { ...options, validate: false });
  const lines: string[] = [];
  for await (const line of stream.lines) lines.push(String(line));
  return { lines, metadata: stream.takeMetadata?.() ?? [], report: stream.report() };
}

/** A run offering one of the two tools its rows call: the other's calls are the line check's problems. */
const ONE_TOOL: RunContext = { system_prompt: REFUND_CONTEXT.system_prompt, tools: REFUND_CONTEXT.tools.slice(0, 1) };
const runs = fc.oneof(context, fc.constantFrom(ONE_TOOL, { ...ONE_TOOL, system_prompt: '' }));
const metadata = fc.constantFrom('none' as const, 'inline' as const, 'sidecar' as const);
const format = fc.constantFrom('openai' as const, 'trl' as const);

describe('prepared lines', () => {
  it('give the general path’s lines, metadata and report, byte for byte, for rows of any shape and grade, in both formats', async () => {
    const preparedRows = { openai: 0, trl: 0 };
    // Rows calling a tool the run does not offer: prepared with the line check's problems, counted as the general path counts them.
    const withProblems = { openai: 0, trl: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(input, { minLength: 1, maxLength: 4 }), runs, metadata, format, async (inputs, run, mode, shape) => {
        const { rows, prepared, withProblems: problemRows } = asStored(inputs, run, shape);
        preparedRows[shape] += prepared;
        withProblems[shape] += problemRows;
        const options = { metadata: mode, format: shape };
        const general = await exported(inputs, run, options);
        expect(await exported(rows, run, options)).toEqual(general);
        expect(await exported(rows, run, options, true)).toEqual(general);
      }),
      { numRuns: 600 },
    );
    expect(preparedRows.openai).toBeGreaterThan(30);
    expect(preparedRows.trl).toBeGreaterThan(30);
    expect(withProblems.openai).toBeGreaterThan(5);
    expect(withProblems.trl).toBeGreaterThan(5);
  });

  it('are made for clean rows, so the property above exercises them, and their facts parse', () => {
    const inputs = [
      refundInput(),
      refundInput({ id: 'row-2', reward: 0, reason: 'did not confirm' }),
      refundInput({ id: 'row-3', leak: true }),
    ];
    for (const run of [REFUND_CONTEXT, { system_prompt: '', tools: REFUND_CONTEXT.tools }]) {
      expect(asStored(inputs, run).prepared).toBe(3);
      expect(asStored(inputs, run, 'trl').prepared).toBe(3);
    }
    const facts = prepareLine(refundInput({ leak: true }).row, REFUND_CONTEXT)!.facts;
    expect(PreparedFacts.parse(JSON.parse(JSON.stringify(facts)))).toEqual(facts);
    expect(facts.leak?.hit).toMatchObject({ rollout_id: 'row-refund-0' });
  });

  it('leave a row whose grade quotes its privileged text to the general path, which redacts it', () => {
    const quoting = refundInput({ reason: `It should have said: ${REFERENCE}.` });
    const line = prepareLine(quoting.row, REFUND_CONTEXT)!;
    expect(gradeMayQuote(line.facts, quoting)).toBe(true);
    expect(gradeFitsPrepared(line.needles, quoting)).toBe(false);
    const short = refundInput({ reason: 'refunded' });
    expect(gradeMayQuote(line.facts, short)).toBe(false);
    expect(gradeFitsPrepared(line.needles, refundInput({ reason: 'confirmed the order, then refunded it' }))).toBe(true);
  });

  it('serve only the export they were made for: the same tools, the default options', async () => {
    const item = refundInput();
    const { row: _row, ...grade } = item;
    const { needles: _needles, trl_messages: _trl, trl_problems: _trlProblems, ...line } = prepareLine(item.row, REFUND_CONTEXT)!;
    const prepared = { ...grade, prepared: line };
    const otherTools: RunContext = { system_prompt: REFUND_CONTEXT.system_prompt, tools: REFUND_CONTEXT.tools.slice(0, 1) };
    expect(preparedRecipe(otherTools)).not.toBe(prepared.prepared.recipe);
    await expect(exported([prepared], otherTools)).rejects.toThrow(/prepared for/);
    await expect(exported([prepared], REFUND_CONTEXT, { mask_mode: 'final' })).rejects.toThrow(/other options/);
    await expect(exported([prepared], REFUND_CONTEXT, { format: 'trl' })).rejects.toThrow(/in openai reached an export of .* in trl/);
  });

  it('change only with PREPARED_LINE_VERSION: the lines and metadata of the default export are pinned to it', async () => {
    const rows = [refundInput(), refundInput({ id: 'row-2', reward: 0, reason: 'no "confirm"', leak: true })];
    const { lines, metadata: sidecar } = await exported(rows, REFUND_CONTEXT, { metadata: 'sidecar' });
    // A change here changes lines rows stored earlier were prepared for: bump PREPARED_LINE_VERSION, then this hash.
    // Version 2: strict lines (messages and tools), the ask, loss mask and carry keys in the sidecar.
    expect({ version: PREPARED_LINE_VERSION, sha1: sha1Hex([...lines, ...sidecar].join('\n')) }).toEqual({
      version: 2,
      sha1: '46a7534f73b1fce78fbfc0ad55939598d077e5a2',
    });
    // With --with-metadata the line is version 1's, byte for byte.
    const inline = await exported(rows, REFUND_CONTEXT, { metadata: 'inline' });
    expect(sha1Hex(inline.lines.join('\n'))).toBe('9e649963eb761698ef836c57d8e426cc7e1f53c2');
  });
});
