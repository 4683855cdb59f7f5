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
} from '../__fixtures__/broken-text';
import { parseProveFile } from './prove-file';

const LINES = [
  { task_id: 'refund-1', category: 'refunds', pass: 1 },
  { task_id: 'refund-1', category: 'refunds', pass: 0, eval_run: 2 },
  { task_id: 'cancel-4', category: 'cancellations', reward: 0.75 },
  { task_id: 9, reward: 0, eval_run: null },
];
const SAMPLE = LINES.map((line) => JSON.stringify(line)).join('\n');

describe('prove files, fuzzed', () => {
  it('reads a broken file without throwing, each bad line named by number and field, quickly', () => {
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
        const outcome = timed(() => parseProveFile(broken.text));
        expect(outcome.error, broken.how).toBeUndefined();
        expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
        for (const error of outcome.value!.errors) expect(lineErrorProblem(error, broken.text), broken.how).toBeNull();
        for (const record of outcome.value!.records) {
          expect(record.task_id.trim(), broken.how).not.toBe('');
          expect([0, 1], broken.how).toContain(record.pass);
        }
      }),
      fuzzParameters(),
    );
  });

  it('reads a file saved with a UTF-8 byte-order mark as it reads the same file without one', () => {
    expect(parseProveFile(`\uFEFF${SAMPLE}`)).toEqual(parseProveFile(SAMPLE));
  });

  it('names exactly the line that cannot be read, and keeps every good line around it', () => {
    const lines = SAMPLE.split('\n');
    const clean = parseProveFile(SAMPLE);
    expect(clean.errors).toEqual([]);
    fc.assert(
      fc.property(fc.nat({ max: lines.length }), junkLine, (at, junk) => {
        const { records, errors } = parseProveFile(withJunkAt(lines, at, junk));
        expect(
          errors.map((error) => error.line),
          JSON.stringify(junk),
        ).toEqual([at + 1]);
        expect(records, JSON.stringify(junk)).toHaveLength(clean.records.length);
      }),
      fuzzParameters(0.3),
    );
  });
});
