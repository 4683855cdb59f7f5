import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseTraceFile } from '../parse-trace-file';
import { placeTrace } from '../../place-trace';
import { TraceImportError } from '../trace-import-error';

const fixture = (name: string) => readFileSync(new URL(`../../__fixtures__/${name}`, import.meta.url), 'utf8');

describe('trace files read from disk', () => {
  it('imports JSONL rows in the OpenAI messages shape and the {prompt, steps, final_text} shape', () => {
    const file = parseTraceFile('traces.jsonl', fixture('traces.jsonl'));
    expect(file.format).toBe('jsonl');
    expect(file.warnings).toEqual([]);
    expect(file.rows).toEqual([
      {
        conversation_id: 'j-1',
        prompt: 'Cancel order A1004 please',
        steps: [{ tool: 'cancel_order', arguments: { order_id: 'A1004' }, result: { status: 'not_found' }, call_id: 'call_a' }],
        final_text: 'Order A1004 is cancelled.',
        reward: 0,
        model_version: 'support-v1',
        started_at_ms: null,
        usage: null,
        source: { file: 'traces.jsonl', format: 'jsonl', line: 1, span_ids: [], trace_id: 'j-1' },
      },
      expect.objectContaining({
        conversation_id: 'traces.jsonl:2',
        prompt: 'What is your refund policy?',
        steps: [],
        reward: 1,
        model_version: 'support-v2',
      }),
      expect.objectContaining({
        conversation_id: 'traces.jsonl:3',
        steps: [{ tool: 'cancel_order', arguments: { order_id: 'A1005' }, result: { status: 'timeout' } }],
        reward: 1,
      }),
    ]);
    expect(file.rows.map((row) => placeTrace(row).dimensions)).toMatchObject([
      { tool: 'cancel_order', world_state: 'entity missing', tool_condition: 'success' },
      { tool: 'unrelated', world_state: 'unspecified', tool_condition: 'success' },
      { tool: 'cancel_order', world_state: 'entity exists', tool_condition: 'timeout', stance: 'hurried' },
    ]);
  });

  it('lists every bad JSONL line with its field, and imports none of the file', () => {
    let caught: unknown;
    try {
      parseTraceFile('bad.jsonl', fixture('traces-malformed.jsonl'));
    } catch (error) {
      caught = error;
    }
    expect(TraceImportError.isInstance(caught)).toBe(true);
    expect((caught as TraceImportError).issues).toEqual([
      { file: 'bad.jsonl', line: 2, message: expect.stringMatching(/^not valid JSON/) },
      { file: 'bad.jsonl', line: 3, field: 'steps[0].arguments', message: expect.stringContaining('looks like JSON but does not parse') },
      { file: 'bad.jsonl', line: 3, field: 'reward', message: 'reward must be in [0, 1], got 2' },
      { file: 'bad.jsonl', line: 4, message: 'a line needs "messages" (OpenAI chat shape) or "prompt" with "steps" and "final_text"' },
    ]);
  });

  it('imports the OTLP fixtures from disk in both conventions', () => {
    expect(parseTraceFile('otlp-genai.json', fixture('otlp-genai.json')).rows).toHaveLength(2);
    expect(parseTraceFile('otlp-openinference.json', fixture('otlp-openinference.json')).format).toBe('otlp_openinference');
  });
});
