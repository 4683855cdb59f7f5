import { describe, expect, it } from 'vitest';
import { HIDDEN_STATE, REFERENCE, REFUND_CONTEXT, RUBRIC_TEXT, refundInput, refundMessages } from '../__fixtures__/refund-rows';
import { ExportRefusedError } from '../export-refused-error';
import { toolCallRoundtrip } from '../gates/roundtrip-gate';
import { type ExportStream, exportTraining, type TrainingExportOptions } from './training-export';
import { validateOpenAiLine } from '../gates/validate-openai';
import { validateTrlLine } from '../gates/validate-trl';
import type { ParsedJson } from '../__fixtures__/parsed-json';

async function drain<R>(stream: ExportStream<R>): Promise<ParsedJson[]> {
  const lines: ParsedJson[] = [];
  for await (const line of stream.lines) {
    expect(line).not.toContain('\n');
    lines.push(JSON.parse(line) as ParsedJson);
  }
  return lines;
}

const exportOf = (options: TrainingExportOptions, inputs = [refundInput()]) => exportTraining(inputs, REFUND_CONTEXT, options);

/** The metadata lines a sidecar export kept, parsed. */
const metadataOf = <R>(stream: ExportStream<R>) => (stream.takeMetadata?.() ?? []).map((line) => JSON.parse(line) as ParsedJson);

describe('OpenAI-compatible SFT lines', () => {
  it('carry only what OpenAI reads by default; the metadata goes to the sidecar, keyed by line number', async () => {
    const inputs = [refundInput(), refundInput({ id: 'row-2', reward: 0, reason: 'did not confirm' })];
    const strict = await drain(exportOf({}, inputs));
    for (const line of strict) expect(Object.keys(line)).toEqual(['messages', 'tools']);
    const sidecar = exportOf({ metadata: 'sidecar' }, inputs);
    expect(await drain(sidecar)).toEqual(strict);
    const metadata = metadataOf(sidecar);
    expect(metadata.map((line) => [line.line, line.rollout_id, line.reward])).toEqual([
      [1, 'row-refund-0', 1],
      [2, 'row-2', 0],
    ]);
    expect(Object.keys(metadata[0]!).slice(0, 4)).toEqual(['line', 'prompt', 'loss_mask', 'rollout_id']);
  });

  it('write the system prompt first, tool calls in wire shape, linked results and a weight per assistant turn', async () => {
    const stream = exportOf({ format: 'openai', metadata: 'inline' });
    const [line] = await drain(stream);
    expect(validateOpenAiLine(line)).toEqual([]);
    const messages = line!.messages as ParsedJson[];
    expect(messages[0]).toEqual({ role: 'system', content: REFUND_CONTEXT.system_prompt });
    expect(messages[1]!.role).toBe('user');
    expect(messages[2]).toEqual({
      role: 'assistant',
      content: null,
      tool_calls: [{ id: 'call_lookup_1', type: 'function', function: { name: 'lookup_order', arguments: '{"order_id": "A1001"}' } }],
      weight: 1,
    });
    expect(messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_lookup_1', content: expect.stringContaining('"charges": 2') });
    expect(messages[6]!.tool_calls[0].function.arguments).toBe('{"order_id": "A1001", "amount": 49.99, "reason": "duplicate charge"}');
    expect(messages.filter((message) => message.role === 'assistant').map((message) => message.weight)).toEqual([1, 1, 1, 1, 1]);
    expect(line!.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'lookup_order',
          description: REFUND_CONTEXT.tools[0]!.description,
          parameters: REFUND_CONTEXT.tools[0]!.parameters,
        },
      },
      {
        type: 'function',
        function: {
          name: 'issue_refund',
          description: REFUND_CONTEXT.tools[1]!.description,
          parameters: REFUND_CONTEXT.tools[1]!.parameters,
        },
      },
    ]);
    expect(line!.prompt).toBe(refundMessages()[0]!.content);
    expect(line!.loss_mask).toEqual([0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1]);
    expect(line).toMatchObject({ reward: 1, scenario_id: 'sc-3f9a1c20b7', judge_status: 'ok', rollout_id: 'row-refund-0' });
    expect(line).not.toHaveProperty('logprob'); // only one of five turns reported one: a partial sum would mislead
    expect(JSON.stringify(line)).not.toContain('<think>');
    const report = stream.report();
    expect(report).toMatchObject({ n: 1, n_written: 1, with_system: 1, with_tools: 1, format: 'openai' });
    expect(report.warnings).toEqual([expect.stringMatching(/OpenAI needs at least 10/)]);
    expect(report.tool_call_roundtrip).toEqual({ checked: 3, invalid: 0, rows: [], encoding: 'json_string', checked_for: 'openai' });
  });

  it('mask all but the last assistant turn with mask_mode final', async () => {
    const [line] = await drain(exportOf({ mask_mode: 'final' }));
    expect(validateOpenAiLine(line)).toEqual([]);
    const weights = (line!.messages as ParsedJson[]).filter((message) => message.role === 'assistant').map((message) => message.weight);
    expect(weights).toEqual([0, 0, 0, 0, 1]);
  });

  it('unroll a five-turn conversation into five samples, each trained on its own last turn', async () => {
    const stream = exportOf({ unroll: true, metadata: 'inline' });
    const lines = await drain(stream);
    expect(lines).toHaveLength(5);
    lines.forEach((line, index) => {
      expect(validateOpenAiLine(line)).toEqual([]);
      const messages = line.messages as ParsedJson[];
      expect(messages.at(-1)!.role).toBe('assistant');
      expect(messages.filter((message) => message.weight === 1)).toHaveLength(1);
      expect(messages.at(-1)!.weight).toBe(1);
      expect(line.unroll).toEqual({ turn: index + 1, turns: 5 });
      expect(line.lineage.unrolled_from).toBe('row-refund-0');
    });
    expect(stream.report().n_written).toBe(5);
  });

  it('cut long tool outputs and count the cut', async () => {
    const stream = exportOf({ max_tool_output_chars: 20 });
    const [line] = await drain(stream);
    const tool = (line!.messages as ParsedJson[]).find((message) => message.role === 'tool')!;
    expect(tool.content).toMatch(/^\{"status": "ok", "or\n\[\.\.\. \d+ chars of tool output truncated\]$/);
    expect(stream.report().tool_output_truncated).toBe(3);
    expect(stream.report().tool_output_chars_cut).toBeGreaterThan(50);
  });

  it('drop an assistant turn that was only reasoning, and count it', async () => {
    const messages = refundMessages();
    messages.splice(4, 0, { role: 'assistant', content: '<think>Wait for the person to answer.</think>' });
    const stream = exportOf({}, [refundInput({ messages })]);
    const [line] = await drain(stream);
    expect(validateOpenAiLine(line)).toEqual([]);
    expect(line!.messages).toHaveLength(11);
    expect(stream.report().empty_turns_dropped).toBe(1);
  });

  it('link a tool result without a known id to the oldest open call', async () => {
    const messages = refundMessages();
    messages[2] = { ...(messages[2] as Extract<(typeof messages)[number], { role: 'tool' }>), tool_call_id: 'lost-id' };
    const [line] = await drain(exportOf({}, [refundInput({ messages })]));
    expect(validateOpenAiLine(line)).toEqual([]);
    expect(line!.messages[3].tool_call_id).toBe('call_lookup_1');
  });
});

describe('TRL lines', () => {
  it('carry only messages and tools by default, never a prompt string beside them', async () => {
    const stream = exportOf({ format: 'trl', metadata: 'sidecar' });
    const [line] = await drain(stream);
    expect(Object.keys(line!)).toEqual(['messages', 'tools']);
    expect(metadataOf(stream)[0]).toMatchObject({ line: 1, prompt_text: refundMessages()[0]!.content, rollout_id: 'row-refund-0' });
    const [final] = await drain(exportOf({ format: 'trl', mask_mode: 'final' }));
    expect(Object.keys(final!)).toEqual(['prompt', 'completion', 'tools']);
  });

  it('keep arguments as objects and move the ask to prompt_text', async () => {
    const stream = exportOf({ format: 'trl', metadata: 'inline' });
    const [line] = await drain(stream);
    expect(validateTrlLine(line, 'sft')).toEqual([]);
    expect(line).not.toHaveProperty('prompt');
    expect(line).not.toHaveProperty('loss_mask');
    expect(line!.prompt_text).toBe(refundMessages()[0]!.content);
    expect(line!.messages[2].tool_calls[0].function.arguments).toEqual({ order_id: 'A1001' });
    expect(line!.messages[3]).toEqual({ role: 'tool', tool_call_id: 'call_lookup_1', name: 'lookup_order', content: expect.any(String) });
    expect(stream.report()).toMatchObject({ trained_messages: 5, masked_messages: 0 });
    expect(stream.report().tool_call_roundtrip).toMatchObject({ checked: 3, invalid: 0, encoding: 'dict' });
  });

  it('become prompt/completion rows under mask_mode final and unroll', async () => {
    const final = exportOf({ format: 'trl', mask_mode: 'final' });
    const [line] = await drain(final);
    expect(validateTrlLine(line, 'prompt_completion')).toEqual([]);
    expect(line!.completion).toEqual([{ role: 'assistant', content: expect.stringContaining('R-20931') }]);
    expect((line!.prompt as unknown[]).length).toBe(10);
    expect(final.report()).toMatchObject({ trained_messages: 1, masked_messages: 4 });
    const unrolled = await drain(exportOf({ format: 'trl', unroll: true }));
    expect(unrolled).toHaveLength(5);
    for (const each of unrolled) expect(validateTrlLine(each, 'prompt_completion')).toEqual([]);
    expect(unrolled[0]!.completion[0].tool_calls[0].function.name).toBe('lookup_order');
  });
});

describe('gates', () => {
  it('never write privileged text or keys, in any format', async () => {
    const variants: TrainingExportOptions[] = [
      { format: 'openai' },
      { format: 'trl' },
      { format: 'trl', unroll: true },
      { mask_mode: 'final' },
    ];
    const input = refundInput({ reason: `failed: ${REFERENCE}` });
    for (const options of variants.flatMap((variant) => [
      { ...variant, metadata: 'inline' as const },
      { ...variant, metadata: 'sidecar' as const },
    ])) {
      const stream = exportOf(options, [input]);
      const text = JSON.stringify([...(await drain(stream)), ...metadataOf(stream)]);
      for (const secret of [HIDDEN_STATE, REFERENCE, RUBRIC_TEXT]) expect(text.toLowerCase()).not.toContain(secret.toLowerCase());
      expect(text).not.toContain('privileged');
      expect(text).toContain('[redacted]');
    }
  });

  it('refuse a file when a reply quotes privileged text, and report it when validate is off', async () => {
    const leaking = refundInput({ id: 'leaky', leak: true });
    await expect(drain(exportOf({}, [refundInput(), leaking]))).rejects.toSatisfy((error: unknown) => {
      return ExportRefusedError.isInstance(error) && error.reasons.some((reason) => reason.includes('privileged'));
    });
    const open = exportOf({ validate: false }, [refundInput(), leaking]);
    expect(await drain(open)).toHaveLength(2);
    expect(open.report().privileged_leaks).toMatchObject({ n_rows: 2, n_checked: 2, n_leaked: 1, rate: 0.5, checked: true });
    expect(open.report().privileged_leaks.leaked[0]).toMatchObject({ rollout_id: 'leaky', field: 'hidden_state' });
  });

  it('pass good lines through the round trip and catch a broken arguments string', async () => {
    const lines = await drain(exportOf({}, [refundInput(), refundInput({ id: 'second' })]));
    expect(toolCallRoundtrip(lines, 'openai')).toMatchObject({ checked: 6, invalid: 0 });
    lines[1]!.messages[6].tool_calls[0].function.arguments = '{"order_id": "A1001", "amount": 49.99';
    const report = toolCallRoundtrip(
      lines.map((line) => JSON.stringify(line)),
      'openai',
    );
    expect(report).toEqual({ checked: 6, invalid: 1, rows: [1], encoding: 'json_string', checked_for: 'openai' });
    expect(validateOpenAiLine(lines[1])).toContainEqual(expect.objectContaining({ type: 'arguments_not_json' }));
    expect(toolCallRoundtrip(lines, 'trl').invalid).toBe(6);
  });

  it('refuse arguments that never decode to an object', async () => {
    const messages = refundMessages();
    (messages[1] as { tool_calls: { arguments: unknown }[] }).tool_calls[0]!.arguments = 'order A1001' as unknown;
    const stream = exportOf({}, [refundInput({ messages })]);
    await expect(drain(stream)).rejects.toSatisfy((error: unknown) => ExportRefusedError.isInstance(error));
    expect(stream.report().tool_call_roundtrip.invalid).toBe(1);
  });

  it('decode double-encoded arguments before writing them', async () => {
    const messages = refundMessages();
    (messages[1] as { tool_calls: { arguments: unknown }[] }).tool_calls[0]!.arguments = JSON.stringify(
      JSON.stringify({ order_id: 'A1001' }),
    ) as unknown;
    const [line] = await drain(exportOf({}, [refundInput({ messages })]));
    expect(line!.messages[2].tool_calls[0].function.arguments).toBe('{"order_id": "A1001"}');
  });

  it('warn when tool-calling rows go out without schemas', async () => {
    const stream = exportTraining([refundInput()], null, {});
    const [line] = await drain(stream);
    expect(line).not.toHaveProperty('tools');
    expect(stream.report().warnings.join('\n')).toMatch(/1 rows call tools but the file carries no tool schemas/);
  });
});
