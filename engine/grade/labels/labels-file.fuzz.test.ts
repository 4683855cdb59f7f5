import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABEL_VALUES } from '../../../shared/domain';
import { brokenText, CASE_MS, fuzzParameters, lineErrorProblem, maxLine, timed } from '../../__fixtures__/broken-text';
import { parseLabelsFile, type LabelsFormat } from './labels-file';

const JSONL = [
  '{"row_id": "run_a:0", "label": "pass", "author": "ana", "note": "ok"}',
  '{"rollout_id": "7:3", "label": "fail", "kind": "human", "note": "said \\"refunded\\", never called refund_order"}',
  '{"scenario_id": "s-12", "rollout_index": 2, "reward": 1, "annotator": "ben", "created_at": "2025-06-01T12:00:00Z"}',
  '{"id": "run_a:4", "label": "simulator_error", "kind": "program"}',
].join('\n');
const CSV = [
  'row_id,label,author,kind,note,created_at',
  'run_a:0,pass,ana,human,,2025-06-01T12:00:00Z',
  'run_a:1,fail,ana,human,"said ""refunded"", twice\nthen left",2025-06-01T12:01:00Z',
  'run_a:2,unsure,,,,',
].join('\n');
const SAMPLES: Record<LabelsFormat, string> = { jsonl: JSONL, csv: CSV };

describe('label files, fuzzed', () => {
  for (const format of ['jsonl', 'csv'] as const) {
    it(`reads a broken ${format.toUpperCase()} file without throwing: good labels kept, every bad line named, quickly`, () => {
      fc.assert(
        fc.property(brokenText([SAMPLES[format]]), (broken) => {
          const outcome = timed(() => parseLabelsFile(broken.text, format));
          expect(outcome.error, broken.how).toBeUndefined();
          expect(outcome.ms, broken.how).toBeLessThan(CASE_MS);
          const { labels, errors } = outcome.value!;
          for (const error of errors) expect(lineErrorProblem(error, broken.text), broken.how).toBeNull();
          for (const label of labels) {
            expect(label.key.trim(), broken.how).not.toBe('');
            expect(LABEL_VALUES, broken.how).toContain(label.label);
            expect(label.line, broken.how).toBeLessThanOrEqual(maxLine(broken.text));
          }
        }),
        fuzzParameters(),
      );
    });
  }

  it('reads a file saved with a UTF-8 byte-order mark (Excel, Notepad) as it reads the same file without one', () => {
    for (const format of ['jsonl', 'csv'] as const)
      expect(parseLabelsFile(`\uFEFF${SAMPLES[format]}`, format)).toEqual(parseLabelsFile(SAMPLES[format], format));
  });

  it('names exactly the broken JSONL line and keeps every good one around it', () => {
    const lines = JSONL.split('\n');
    fc.assert(
      fc.property(
        fc.nat({ max: lines.length }),
        fc.string({ minLength: 1, maxLength: 40 }).filter((text) => text.trim() !== '' && !/^\s*\{/.test(text)),
        (at, junk) => {
          const text = [...lines.slice(0, at), junk, ...lines.slice(at)].join('\n');
          const { labels, errors } = parseLabelsFile(text, 'jsonl');
          expect(labels).toHaveLength(lines.length);
          expect(errors.map((error) => error.line)).toEqual([at + 1]);
        },
      ),
      fuzzParameters(0.3),
    );
  });
});
