import { describe, expect, it } from 'vitest';
import { rowsFromOtel } from './rows-from-otel';

const span = (attributes: Record<string, unknown>, events: unknown[] = []) => ({
  resourceSpans: [
    {
      scopeSpans: [
        {
          spans: [
            {
              traceId: 'a1',
              spanId: 'b1',
              startTimeUnixNano: '1767225600000000000',
              attributes: Object.entries(attributes).map(([key, value]) => ({
                key,
                value: typeof value === 'number' ? { doubleValue: value } : { stringValue: String(value) },
              })),
              events,
            },
          ],
        },
      ],
    },
  ],
});

const chat = {
  'gen_ai.input.messages': JSON.stringify([{ role: 'user', parts: [{ type: 'text', content: 'Refund A1001' }] }]),
  'gen_ai.output.messages': JSON.stringify([{ role: 'assistant', parts: [{ type: 'text', content: 'Done.' }] }]),
};

describe('evaluations a span carries', () => {
  it('reads OpenInference annotations and evaluations, a pass/fail label grading where no score does', () => {
    const [row] = rowsFromOtel(
      span({
        ...chat,
        'annotations.0.annotation.name': 'resolved',
        'annotations.0.annotation.label': 'fail',
        'annotations.0.annotation.explanation': 'the refund was never issued',
        'trace.evaluations.0.evaluation.name': 'politeness',
        'trace.evaluations.0.evaluation.score': 1,
      }),
      { file: 'oi.json' },
    ).rows;
    expect(row!.scores).toEqual([
      { name: 'resolved', value: null, label: 'fail', explanation: 'the refund was never issued' },
      { name: 'politeness', value: 1 },
    ]);
    expect(row!.reward).toBe(0);
  });

  it('keeps a score outside 0..1 without grading by it, and a gen_ai event with a label', () => {
    const events = [
      {
        name: 'gen_ai.evaluation.result',
        attributes: [
          { key: 'gen_ai.evaluation.name', value: { stringValue: 'stars' } },
          { key: 'gen_ai.evaluation.score.value', value: { doubleValue: 4 } },
        ],
      },
      {
        name: 'gen_ai.evaluation.result',
        attributes: [
          { key: 'gen_ai.evaluation.name', value: { stringValue: 'relevance' } },
          { key: 'gen_ai.evaluation.score.label', value: { stringValue: 'relevant' } },
        ],
      },
    ];
    const [row] = rowsFromOtel(span(chat, events), { file: 'genai.json' }).rows;
    expect(row!.scores).toEqual([
      { name: 'stars', value: 4 },
      { name: 'relevance', value: null, label: 'relevant' },
    ]);
    expect(row!.reward).toBe(1);
    const [ungraded] = rowsFromOtel(span(chat, events.slice(0, 1)), { file: 'genai.json' }).rows;
    expect(ungraded!.reward).toBeNull();
  });
});
