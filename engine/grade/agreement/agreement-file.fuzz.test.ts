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
import { parseAgreementFile } from './agreement-file';

const LINES = [
  { id: 'run_a:0', judge: 'pass', gold: 'pass', gold_kind: 'human', author: 'ana' },
  { id: 'run_a:1', judge: 0.25, gold: 'fail', gold_kind: 'human', author: 'ana' },
  { id: 'run_a:2', judge: null, gold: 'fail', gold_kind: null, author: null },
  { id: 7, rollout_id: '7:3', judge: 1, gold: null, gold_kind: 'program', author: 'ci' },
];
const SAMPLE = LINES.map((line) => JSON.stringify(line)).join('\n');

describe('agreement files, fuzzed', () => {
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
        const outcome = timed(() => parseAgreementFile(broken.text));
        expect(outcome.error, broken.how).toBeUndefined();
        expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
        for (const error of outcome.value!.errors) expect(lineErrorProblem(error, broken.text), broken.how).toBeNull();
        for (const pair of outcome.value!.pairs) {
          expect(pair.id.trim(), broken.how).not.toBe('');
          expect([0, 1, null], broken.how).toContain(pair.judge);
          expect([0, 1, null], broken.how).toContain(pair.gold);
        }
      }),
      fuzzParameters(),
    );
  });

  it('reads a file saved with a UTF-8 byte-order mark as it reads the same file without one', () => {
    expect(parseAgreementFile(`\uFEFF${SAMPLE}`)).toEqual(parseAgreementFile(SAMPLE));
  });

  it('names exactly the line that cannot be read, and keeps every good line around it', () => {
    const lines = SAMPLE.split('\n');
    const clean = parseAgreementFile(SAMPLE);
    expect(clean.errors).toEqual([]);
    fc.assert(
      fc.property(fc.nat({ max: lines.length }), junkLine, (at, junk) => {
        const { pairs, errors } = parseAgreementFile(withJunkAt(lines, at, junk));
        expect(
          errors.map((error) => error.line),
          JSON.stringify(junk),
        ).toEqual([at + 1]);
        expect(pairs, JSON.stringify(junk)).toHaveLength(clean.pairs.length);
      }),
      fuzzParameters(0.3),
    );
  });
});
