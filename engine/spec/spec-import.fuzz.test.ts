import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Spec } from '../../shared/domain';
import { brokenText, CASE_MS, fuzzParameters, mutatedJson, timed } from '../__fixtures__/broken-text';
import { DRAFTED_SPEC } from './__fixtures__/drafted-spec';
import { draftSpec } from './draft-spec';
import { parseSpecText, SpecFileError } from './parse-spec-text';
import { validateSpec } from './validate-spec';

const FILE = 'my-spec.yaml';
const drafted = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 }).spec;
const SAMPLES = [JSON.stringify(drafted, null, 2), stringify(drafted), JSON.stringify(drafted)];

/** Lines in the text, however they end (a YAML reader counts CR, LF and CRLF alike). */
const lineCount = (text: string) => text.split(/\r\n|\r|\n/).length;

/** A field path (names and indexes joined by dots; a key that is not a plain name as ["quoted"]), then the message. */
const FIELD_ISSUE = /^(\(root\)|(?:[^\s:;"[\]]|\["(?:[^"\\]|\\.)*"\])+): \S/s;

/** The file's error names the file, then the line of a syntax error or the field path of every invalid value. */
function expectNamedError(error: unknown, text: string): void {
  expect(error, String(error)).toBeInstanceOf(SpecFileError);
  const message = (error as SpecFileError).message;
  expect(message.startsWith(`${FILE}: `), message).toBe(true);
  const rest = message.slice(FILE.length + 2);
  if (rest.startsWith('the file holds no spec')) {
    expect(
      text
        .replace(/#.*$/gm, '')
        .trim()
        .replace(/^\uFEFF/, '')
        .replace(/^(---|\.\.\.)$/gm, '')
        .trim(),
    ).toBe('');
    return;
  }
  const line = /^line (\d+): \S/.exec(rest);
  if (line) {
    expect(Number(line[1])).toBeGreaterThanOrEqual(1);
    expect(Number(line[1])).toBeLessThanOrEqual(lineCount(text));
    return;
  }
  for (const part of rest.split('; ')) expect(part, message).toMatch(FIELD_ISSUE);
}

describe('spec files, fuzzed', () => {
  it('reads the valid samples', () => {
    for (const text of SAMPLES) expect(Spec.safeParse(parseSpecText(text, FILE)).success).toBe(true);
  });

  it('either reads a broken spec file or names the file and the line or field, quickly, never with another error', () => {
    fc.assert(
      fc.property(brokenText(SAMPLES), (broken) => {
        const outcome = timed(() => parseSpecText(broken.text, FILE));
        expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
        if (outcome.error === undefined) expect(Spec.safeParse(outcome.value).success, broken.how).toBe(true);
        else expectNamedError(outcome.error, broken.text);
      }),
      fuzzParameters(0.5),
    );
  });

  it('names the line of a YAML alias whose anchor is never set', () => {
    expect(() => parseSpecText('name: Shop\ntools: *shared_tools\n', FILE)).toThrow(`${FILE}: line 2: Unresolved alias`);
    expect(() => parseSpecText('*!', FILE)).toThrow(`${FILE}: line 1: Unresolved alias`);
  });

  it('checks a spec with any part replaced or removed without throwing, each issue at a field path', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedJson(DRAFTED_SPEC), mutatedJson(drafted)), ({ how, value }) => {
        const outcome = timed(() => validateSpec(value));
        expect(outcome.error, how).toBeUndefined();
        expect(outcome.ms, how).toBeLessThan(CASE_MS);
        const checked = outcome.value!;
        if (checked.ok) {
          expect(Spec.safeParse(checked.spec).success).toBe(true);
          return;
        }
        expect(checked.issues.length, how).toBeGreaterThan(0);
        for (const issue of [...checked.issues, ...checked.warnings]) {
          expect(issue.message.trim(), how).not.toBe('');
          // The root itself is the only issue without a path (the input is not an object at all).
          if (issue.path === '') expect(value === null || typeof value !== 'object' || Array.isArray(value), how).toBe(true);
        }
      }),
      fuzzParameters(0.2),
    );
  });

  it('checks any value at all without throwing', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4 }), (value) => {
        const outcome = timed(() => validateSpec(value));
        expect(outcome.error).toBeUndefined();
        expect(outcome.value!.ok).toBe(false);
      }),
      fuzzParameters(),
    );
  });
});
