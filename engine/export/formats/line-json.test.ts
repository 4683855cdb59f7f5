import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REFUND_CONTEXT, REFUND_TOOLS, refundInput } from '../__fixtures__/refund-rows';
import { argumentText } from '../gates/argument-json';
import { lineJson } from './line-json';
import { openAiLine } from './openai-format';
import { functionTools, sealedToolsJson } from './tool-schemas';
import { trainingSamples } from './training-samples';
import { trlLine } from './trl-format';
import { validateOpenAiLine } from '../gates/validate-openai';

describe('lineJson', () => {
  it('is byte for byte JSON.stringify for the lines the exporters build', () => {
    const sample = trainingSamples(refundInput(), REFUND_CONTEXT)[0]!;
    for (const line of [
      openAiLine(sample, REFUND_CONTEXT),
      trlLine(sample, REFUND_CONTEXT, false),
      trlLine(sample, REFUND_CONTEXT, true),
    ]) {
      expect(lineJson(line)).toBe(JSON.stringify(line));
    }
  });

  it('is JSON.stringify wherever the tools sit and whatever surrounds them', () => {
    const tools = functionTools(REFUND_TOOLS);
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.constant(undefined),
      fc.constant(null),
      fc.array(fc.string()),
      fc.dictionary(fc.string(), fc.string()),
    );
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            fc.string().filter((key) => key !== 'tools'),
            value,
          ),
        ),
        fc.nat(),
        (entries, at) => {
          const keys = entries.slice(0, at % (entries.length + 1));
          const line: Record<string, unknown> = {};
          for (const [key, item] of keys) line[key] = item;
          line.tools = tools;
          for (const [key, item] of entries.slice(keys.length)) if (!(key in line)) line[key] = item;
          expect(lineJson(line)).toBe(JSON.stringify(line));
          // OpenAI's DPO line keeps its tools in `input`, whatever members surround it there and outside.
          const outer: Record<string, unknown> = {};
          for (const [key, item] of keys) outer[key] = item;
          outer.input = line;
          for (const [key, item] of entries.slice(keys.length)) if (!(key in outer)) outer[key] = item;
          expect(lineJson(outer)).toBe(JSON.stringify(outer));
        },
      ),
    );
  });

  it('writes an `input` that is not a plain object as JSON.stringify does (its toJSON, a class)', () => {
    const tools = functionTools(REFUND_TOOLS);
    const withToJson = { input: { tools, toJSON: () => 'mine' }, other: 1 };
    expect(lineJson(withToJson)).toBe(JSON.stringify(withToJson));
    class Input {
      constructor(readonly tools: unknown) {}
      toJSON() {
        return { only: true };
      }
    }
    const classed = { input: new Input(tools) };
    expect(lineJson(classed)).toBe(JSON.stringify(classed));
    expect(lineJson({ input: { tools } })).toBe(`{"input":{"tools":${sealedToolsJson(tools)!}}}`);
  });

  it('serialises only the frozen list functionTools built; a copy is serialised in full', () => {
    const tools = functionTools(REFUND_TOOLS);
    expect(Object.isFrozen(tools[0]!.function.parameters)).toBe(true);
    expect(() => {
      (tools[0]!.function as { name: string }).name = 'renamed';
    }).toThrow();
    expect(sealedToolsJson(JSON.parse(JSON.stringify(tools)) as typeof tools)).toBeUndefined();
    const copy = { messages: [], tools: JSON.parse(JSON.stringify(tools)) as typeof tools };
    copy.tools[0]!.function.name = 'renamed';
    expect(lineJson(copy)).toContain('"renamed"');
  });

  it('a sealed list checks once, and a bad copy is still caught line by line', () => {
    const sample = trainingSamples(refundInput(), REFUND_CONTEXT)[0]!;
    const line = openAiLine(sample, REFUND_CONTEXT);
    expect(validateOpenAiLine(line)).toEqual([]);
    expect(validateOpenAiLine(line)).toEqual([]);
    const broken = { ...line, tools: [{ type: 'function', function: { name: '' } }] };
    expect(validateOpenAiLine(broken).map((problem) => problem.type)).toContain('tools_invalid');
  });
});

describe('argumentText', () => {
  it('tells objects, other JSON and broken text apart, again and again', () => {
    for (let round = 0; round < 2; round++) {
      expect(argumentText('{"a": 1}')).toBe('object');
      expect(argumentText('[1]')).toBe('not_object');
      expect(argumentText('{"a": ')).toBe('invalid');
    }
  });
});
