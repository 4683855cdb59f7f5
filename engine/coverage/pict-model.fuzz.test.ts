import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokenText, CASE_MS, fuzzParameters, junkLine, maxLine, timed, withJunkAt } from '../__fixtures__/broken-text';
import { ModelParseError } from './model-parse-error';
import { parsePictModel } from './pict-model';

const SAMPLE = [
  '# a support agent',
  'Tool: get_order, refund_order, cancel_order',
  'Stance: ordinary, hurried (10), adversarial',
  'World: exists | present, missing',
  'Other: <Tool>',
  '',
].join('\n');

describe('PICT model files, fuzzed', () => {
  it('reads a broken model or names its first bad line, quickly, never with another error', () => {
    fc.assert(
      fc.property(brokenText([SAMPLE]), (broken) => {
        const outcome = timed(() => parsePictModel(broken.text));
        expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
        if (outcome.error === undefined) {
          for (const axis of outcome.value!) expect(axis.values.length, broken.how).toBeGreaterThan(0);
          return;
        }
        expect(ModelParseError.isInstance(outcome.error), `${broken.how}: ${String(outcome.error)}`).toBe(true);
        const { line } = outcome.error as ModelParseError;
        expect(line, broken.how).toBeGreaterThanOrEqual(1);
        expect(line, broken.how).toBeLessThanOrEqual(maxLine(broken.text));
      }),
      fuzzParameters(),
    );
  });

  it('names exactly the line that is not `name: values`', () => {
    const lines = SAMPLE.split('\n');
    fc.assert(
      fc.property(fc.nat({ max: lines.length }), junkLine, (at, junk) => {
        const outcome = timed(() => parsePictModel(withJunkAt(lines, at, junk)));
        expect(ModelParseError.isInstance(outcome.error), `${JSON.stringify(junk)}: ${String(outcome.error)}`).toBe(true);
        expect((outcome.error as ModelParseError).line, JSON.stringify(junk)).toBe(at + 1);
      }),
      fuzzParameters(0.3),
    );
  });
});
