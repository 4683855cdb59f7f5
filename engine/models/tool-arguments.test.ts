import { describe, expect, it } from 'vitest';
import { parseToolCalls } from './tool-arguments';

const TOOLS = [
  { name: 'refund', description: '', parameters: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } },
];

describe('tool-call arguments', () => {
  it('parses JSON text and objects, and reads an empty string as no arguments', () => {
    const { tool_calls, problems } = parseToolCalls(
      [
        { id: 'a', name: 'refund', arguments: '{"amount": 5}' },
        { id: 'b', name: 'refund', arguments: { amount: 6 } },
        { id: 'c', name: 'other', arguments: '' },
      ],
      TOOLS,
    );
    expect(tool_calls.map((call) => call.arguments)).toEqual([{ amount: 5 }, { amount: 6 }, {}]);
    expect(problems).toMatchObject([{ id: 'c', kind: 'unknown_tool' }]);
  });

  it('drops broken JSON and non-objects, and keeps schema misses with the reason', () => {
    const { tool_calls, problems } = parseToolCalls(
      [
        { id: 'a', name: 'refund', arguments: '{"amount": ' },
        { id: 'b', name: 'refund', arguments: '[1]' },
        { id: 'c', name: 'refund', arguments: '{"amount": "five"}' },
      ],
      TOOLS,
    );
    expect(tool_calls.map((call) => call.id)).toEqual(['c']);
    expect(problems.map((problem) => [problem.id, problem.kind])).toEqual([
      ['a', 'malformed_json'],
      ['b', 'not_an_object'],
      ['c', 'schema'],
    ]);
    expect(problems[2]!.message).toBe('/amount must be number');
  });
});
