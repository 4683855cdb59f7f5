import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  brokenText,
  CASE_MS,
  fuzzParameters,
  junkLine,
  lineErrorProblem,
  mutatedJson,
  timed,
  withJunkAt,
} from '../../__fixtures__/broken-text';
import { parseDecontaminationJsonl } from './decontamination-lines';

const LINES = [
  { id: 'b-1', task_id: 'gsm-12', prompt: 'A train leaves at noon at 60 km/h. When does it arrive 150 km away?' },
  {
    messages: [
      { role: 'system', content: 'You help.' },
      { role: 'user', content: 'Cancel order A1004 please' },
      { role: 'assistant', content: 'Done.' },
    ],
    scenario_id: 's-3',
  },
  { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Where is my refund?' }] }], id: 4 },
  { input: { messages: [{ role: 'user', content: 'hello' }] }, answer: 'hi', reference: 'hi' },
];
const SAMPLE = LINES.map((line) => JSON.stringify(line)).join('\n');

describe('decontamination rows files, fuzzed', () => {
  it('reads a broken rows file without throwing, each bad line named by number and field, quickly', () => {
    const mutatedLine = fc
      .tuple(
        fc.nat({ max: LINES.length - 1 }),
        fc.constantFrom(...LINES).chain((line) => mutatedJson(line)),
      )
      .map(([at, { how, value }]) => ({
        how,
        text: LINES.map((line, index) => JSON.stringify(index === at ? value : line) ?? '').join('\n'),
      }));
    fc.assert(
      fc.property(fc.oneof(brokenText([SAMPLE]), mutatedLine), (broken) => {
        const outcome = timed(() => parseDecontaminationJsonl(broken.text));
        expect(outcome.error, broken.how).toBeUndefined();
        expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
        for (const error of outcome.value!.errors) expect(lineErrorProblem(error, broken.text), broken.how).toBeNull();
        for (const row of outcome.value!.rows) expect(row.text.trim(), broken.how).not.toBe('');
      }),
      fuzzParameters(),
    );
  });

  it('reads a large file line by line in bounded time', () => {
    const text = Array.from({ length: 100_000 }, (_, index) =>
      JSON.stringify({ id: `b-${index}`, prompt: `question number ${index} about trains and refunds` }),
    ).join('\n');
    const outcome = timed(() => parseDecontaminationJsonl(`\uFEFF${text}\n{"prompt": `));
    expect(outcome.value!.rows).toHaveLength(100_000);
    expect(outcome.value!.errors.map((error) => error.line)).toEqual([100_001]);
    expect(outcome.ms).toBeLessThan(20_000);
  });

  it('reads a file saved with a UTF-8 byte-order mark as it reads the same file without one', () => {
    expect(parseDecontaminationJsonl(`\uFEFF${SAMPLE}`)).toEqual(parseDecontaminationJsonl(SAMPLE));
  });

  it('names exactly the line that cannot be read, and keeps every good line around it', () => {
    const lines = SAMPLE.split('\n');
    const clean = parseDecontaminationJsonl(SAMPLE);
    expect(clean.errors).toEqual([]);
    fc.assert(
      fc.property(fc.nat({ max: lines.length }), junkLine, (at, junk) => {
        const { rows, errors } = parseDecontaminationJsonl(withJunkAt(lines, at, junk));
        expect(
          errors.map((error) => error.line),
          JSON.stringify(junk),
        ).toEqual([at + 1]);
        expect(rows, JSON.stringify(junk)).toHaveLength(clean.rows.length);
      }),
      fuzzParameters(0.3),
    );
  });
});
