import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brokenText, CASE_MS, fuzzParameters, junkLine, mutatedJson, timed, withJunkAt } from '../../../__fixtures__/broken-text';
import { parseTraceFile, type TraceFile } from '../parse-trace-file';
import { TraceImportError } from '../trace-import-error';

const fixture = (name: string) => readFileSync(new URL(`../../__fixtures__/${name}`, import.meta.url), 'utf8');
const SAMPLES = ['otlp-genai.json', 'otlp-openinference.json', 'traces.jsonl'].map(fixture);
const FILE = 'traces-upload.json';

const lineCount = (text: string) => text.split('\n').length;

/** A trace file either imports rows or fails whole, every issue naming the file and a line, a span or a field. */
function expectReadOrNamed(outcome: { ms: number; value?: TraceFile; error?: unknown }, text: string, how: string): void {
  expect(outcome.ms, how).toBeLessThan(CASE_MS);
  if (outcome.error === undefined) {
    expect(outcome.value!.rows.length, how).toBeGreaterThan(0);
    return;
  }
  expect(TraceImportError.isInstance(outcome.error), `${how}: ${String(outcome.error)}`).toBe(true);
  const error = outcome.error as TraceImportError;
  expect(error.issues.length, how).toBeGreaterThan(0);
  expect(error.message, how).toContain(FILE);
  for (const issue of error.issues) {
    expect(issue.file, how).toBe(FILE);
    expect(issue.message.trim(), how).not.toBe('');
    if (issue.line !== undefined) {
      expect(issue.line, how).toBeGreaterThanOrEqual(1);
      expect(issue.line, how).toBeLessThanOrEqual(lineCount(text));
    }
  }
}

describe('trace files, fuzzed', () => {
  it('imports a broken trace file whole or names the file and the line, span or field of every problem, quickly', () => {
    fc.assert(
      fc.property(brokenText(SAMPLES), (broken) => {
        expectReadOrNamed(
          timed(() => parseTraceFile(FILE, broken.text)),
          broken.text,
          broken.how,
        );
      }),
      fuzzParameters(),
    );
  });

  it('handles OTLP documents and JSONL rows with any part replaced or removed', () => {
    const documents = [JSON.parse(SAMPLES[0]!), JSON.parse(SAMPLES[1]!)];
    const lines = SAMPLES[2]!
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    const mutated = fc.oneof(
      ...documents.map((document) => mutatedJson(document).map(({ how, value }) => ({ how, text: JSON.stringify(value) ?? '' }))),
      ...lines.map((line) =>
        mutatedJson(line).map(({ how, value }) => ({ how: `JSONL: ${how}`, text: `${JSON.stringify(value) ?? ''}\n${SAMPLES[2]}` })),
      ),
    );
    fc.assert(
      fc.property(mutated, ({ how, text }) => {
        expectReadOrNamed(
          timed(() => parseTraceFile(FILE, text)),
          text,
          how,
        );
      }),
      fuzzParameters(),
    );
  });

  it('reads a large file (thousands of conversations) in bounded time, and refuses a large broken one by its line', () => {
    const line = SAMPLES[2]!.trim().split('\n')[0]!;
    const many = Array.from({ length: 20_000 }, () => line).join('\n');
    const read = timed(() => parseTraceFile(FILE, many));
    expect(read.error).toBeUndefined();
    expect(read.value!.rows).toHaveLength(20_000);
    expect(read.ms).toBeLessThan(20_000);
    const broken = `${many}\n{"prompt": "half`;
    const refused = timed(() => parseTraceFile(FILE, broken));
    expectReadOrNamed(refused, broken, 'large, last line cut');
    expect((refused.error as TraceImportError).issues.map((issue) => issue.line)).toEqual([20_001]);
  });

  it('refuses a JSONL file with one line that is not JSON, naming the file and exactly that line', () => {
    const lines = SAMPLES[2]!.trim().split('\n');
    fc.assert(
      fc.property(fc.nat({ max: lines.length }), junkLine, (at, junk) => {
        const outcome = timed(() => parseTraceFile(FILE, withJunkAt(lines, at, junk)));
        expect(TraceImportError.isInstance(outcome.error), `${JSON.stringify(junk)}: ${String(outcome.error)}`).toBe(true);
        const error = outcome.error as TraceImportError;
        expect(
          error.issues.map((issue) => [issue.file, issue.line]),
          JSON.stringify(junk),
        ).toEqual([[FILE, at + 1]]);
        expect(error.message).toContain(`${FILE}:${at + 1}`);
      }),
      fuzzParameters(0.3),
    );
  });
});
