import { describe, expect, it } from 'vitest';
import genai from '../__fixtures__/otlp-genai.json';
import malformed from '../__fixtures__/otlp-malformed.json';
import openInference from '../__fixtures__/otlp-openinference.json';
import { parseTraceFile } from './parse-trace-file';
import { placeTrace } from '../place-trace';
import { rowsFromOtel } from './rows-from-otel';
import { TraceImportError } from './trace-import-error';

const text = (value: unknown) => JSON.stringify(value, null, 2);

describe('rowsFromOtel, GenAI conventions', () => {
  const { rows, format, issues } = rowsFromOtel(genai, { file: 'genai.json' });

  it('groups spans into conversations by conversation id, else trace id, in start order', () => {
    expect(issues).toEqual([]);
    expect(format).toBe('otlp_genai');
    expect(rows.map((row) => row.conversation_id)).toEqual(['conv-100', '0af7651916cd43dd8448eb211c80319c']);
  });

  it('turns a conversation whose root span alone names it into one row, tool failure wrapped as an error', () => {
    expect(rows[0]).toEqual({
      conversation_id: 'conv-100',
      prompt: 'Where is my order A1001? It was due Monday.',
      steps: [
        {
          tool: 'get_order',
          arguments: { order_id: 'A1001' },
          result: { status: 'error', output: null, error: 'upstream timed out after 30s' },
          call_id: 'call_1',
        },
      ],
      final_text: 'Your order A1001 has shipped and arrives tomorrow.',
      reward: 0,
      model_version: 'support-v1',
      started_at_ms: 1767225600000,
      usage: { input_tokens: 200, output_tokens: 30 },
      source: {
        file: 'genai.json',
        format: 'otlp_genai',
        line: null,
        span_ids: ['b0000000000000a1', 'b0000000000000a2', 'b0000000000000b1', 'b0000000000000a3'],
        trace_id: 'conv-100',
      },
    });
  });

  it('reads attributes given as a plain object, with structured messages and arguments', () => {
    expect(rows[1]).toMatchObject({
      prompt: 'Please cancel order A1002, I ordered it twice.',
      steps: [{ tool: 'cancel_order', arguments: { order_id: 'A1002' }, result: { status: 'ok', order_id: 'A1002', state: 'cancelled' } }],
      final_text: 'Done: order A1002 is cancelled and the refund is on its way.',
      reward: 1,
      model_version: 'support-v2',
      usage: null,
    });
  });

  it('places the timed-out lookup on the timeout condition of get_order', () => {
    expect(placeTrace(rows[0]!)).toEqual({
      dimensions: {
        tool: 'get_order',
        rule: 'unspecified',
        stance: 'ordinary',
        world_state: 'entity exists',
        tool_condition: 'timeout',
        history: 'fresh',
      },
      tools: ['get_order'],
      faults: ['timeout'],
    });
  });
});

describe('rowsFromOtel, OpenInference attributes', () => {
  const { rows, format, issues } = rowsFromOtel(openInference, { file: 'oi.json' });

  it('reads flattened indexed messages, the system prompt, TOOL spans and the session id', () => {
    expect(issues).toEqual([]);
    expect(format).toBe('otlp_openinference');
    expect(rows).toEqual([
      {
        conversation_id: 'sess-7',
        prompt: 'I need a refund for order A1003, it arrived broken.',
        steps: [
          {
            tool: 'issue_refund',
            arguments: { order_id: 'A1003', amount: 240 },
            result: { status: 'permission_denied', error: 'refunds over $100 need a supervisor' },
            // The model's call names its id; the TOOL span answering it does not.
            call_id: 'call_9',
          },
        ],
        final_text: 'Your refund of $240 for order A1003 is done.',
        reward: 0,
        model_version: 'gpt-4o-mini-2024-07-18',
        started_at_ms: 1767398400000,
        usage: { input_tokens: 470, output_tokens: 39 },
        system_prompt: 'You are a refund assistant.',
        source: {
          file: 'oi.json',
          format: 'otlp_openinference',
          line: null,
          span_ids: ['d000000000000001', 'd000000000000002', 'd000000000000003'],
          trace_id: 'sess-7',
        },
      },
    ]);
  });

  it('places the refused refund on permission_denied', () => {
    expect(placeTrace(rows[0]!).dimensions).toMatchObject({
      tool: 'issue_refund',
      tool_condition: 'permission_denied',
      world_state: 'entity exists',
    });
  });

  it('builds tool steps from message tool calls when a trace has no tool spans', () => {
    const withoutToolSpan = JSON.parse(JSON.stringify(openInference)) as typeof openInference;
    const spans = withoutToolSpan.resourceSpans[0]!.scopeSpans[0]!.spans;
    spans.splice(1, 1);
    const [row] = rowsFromOtel(withoutToolSpan, { file: 'oi.json' }).rows;
    expect(row?.steps).toEqual([
      { tool: 'issue_refund', arguments: { order_id: 'A1003', amount: 240 }, result: { status: 'permission_denied' }, call_id: 'call_9' },
    ]);
  });
});

describe('parseTraceFile with malformed OTLP JSON', () => {
  it('names every problem by span id and field, and imports nothing', () => {
    let caught: unknown;
    try {
      parseTraceFile('bad.json', text(malformed));
    } catch (error) {
      caught = error;
    }
    expect(TraceImportError.isInstance(caught)).toBe(true);
    const issues = (caught as TraceImportError).issues;
    expect(issues).toEqual([
      { file: 'bad.json', span_id: 'e000000000000001', field: 'traceId', message: 'every span needs a traceId (hex string)' },
      {
        file: 'bad.json',
        span_id: 'e000000000000002',
        field: 'startTimeUnixNano',
        message: 'must be nanoseconds as a decimal string, got "yesterday"',
      },
      {
        file: 'bad.json',
        span_id: 'e000000000000002',
        field: 'attributes.gen_ai.usage.input_tokens',
        message: 'intValue must be a decimal integer string, got "many"',
      },
      {
        file: 'bad.json',
        span_id: 'e000000000000002',
        field: 'gen_ai.input.messages',
        message: expect.stringContaining('looks like JSON but does not parse'),
      },
      { file: 'bad.json', span_id: 'e000000000000003', field: 'whileai.reward', message: 'reward must be in [0, 1], got 1.5' },
    ]);
    expect((caught as Error).message).toContain('bad.json span e000000000000001 field traceId');
  });

  it('gives the line of a JSON syntax error', () => {
    const broken = text(genai).replace('"kind": 3,', '"kind": 3');
    const lineOfBreak =
      text(genai)
        .split('\n')
        .findIndex((line) => line.includes('"kind": 3,')) + 1;
    expect(() => parseTraceFile('cut.json', broken)).toThrow(TraceImportError);
    try {
      parseTraceFile('cut.json', broken);
    } catch (error) {
      const [issue] = (error as TraceImportError).issues;
      expect(issue?.file).toBe('cut.json');
      expect(issue?.line).toBeGreaterThanOrEqual(lineOfBreak);
      expect(issue?.line).toBeLessThanOrEqual(lineOfBreak + 1);
      expect(issue?.message).toMatch(/^not valid JSON/);
    }
  });

  it('refuses a batch with no spans at all', () => {
    expect(() => parseTraceFile('empty.json', '{"resourceSpans": []}')).toThrow(/no conversation found/);
    expect(() => parseTraceFile('other.json', '{"data": 1}')).toThrow(/field resourceSpans/);
  });
});
