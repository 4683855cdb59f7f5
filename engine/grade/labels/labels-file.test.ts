import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Label } from '../../../shared/domain';
import { formatCsv, parseCsv } from './csv';
import { formatLabels, parseLabelsFile } from './labels-file';

const LABELS: Label[] = [
  { row_id: 'r1:0', label: 'pass', kind: 'human', author: 'Ana Ruiz', note: null, created_at: '2025-06-01T12:00:00.000Z' },
  {
    row_id: 'r1:1',
    label: 'fail',
    kind: 'human',
    author: 'ben',
    note: 'Said "refunded", but never called refund_order,\nthen apologised, twice',
    created_at: '2025-06-01T12:01:00.000Z',
  },
  {
    row_id: 'r1:2',
    label: 'simulator_error',
    kind: 'program',
    author: null,
    note: ' leading space, trailing ',
    created_at: '2025-06-01T12:02:00.000Z',
  },
];

function asParsed(labels: readonly Label[]) {
  return labels.map((label) => ({
    key: label.row_id,
    label: label.label,
    author: label.author,
    kind: label.kind,
    note: label.note,
    created_at: label.created_at,
  }));
}

describe('labels files', () => {
  it.each(['csv', 'jsonl'] as const)('round-trips %s with commas, quotes and newlines in notes', (format) => {
    const text = formatLabels(LABELS, format);
    const parsed = parseLabelsFile(text, format);
    expect(parsed.errors).toEqual([]);
    expect(parsed.labels.map(({ line: _line, ...rest }) => rest)).toEqual(asParsed(LABELS));
  });

  it('writes CSV the way spreadsheets read it', () => {
    expect(formatLabels(LABELS.slice(1, 2), 'csv')).toBe(
      'row_id,label,kind,author,note,created_at\r\n' +
        'r1:1,fail,human,ben,"Said ""refunded"", but never called refund_order,\nthen apologised, twice",2025-06-01T12:01:00.000Z\r\n',
    );
  });

  it('reports bad CSV lines by number and keeps the good ones', () => {
    const text = [
      'Row_ID,Label,Author,Note',
      'r1:0,pass,ana,fine',
      'r1:1,maybe,ana,"multi',
      'line note"',
      'r1:2,fail,ana',
      'r1:3,fail,ana,"closed" then text',
      'r1:4,fail,ana,"never closed',
    ].join('\n');
    const parsed = parseLabelsFile(text, 'csv');
    expect(parsed.labels.map((label) => [label.key, label.line])).toEqual([['r1:0', 2]]);
    expect(parsed.errors).toEqual([
      { line: 3, field: 'label', message: 'unknown label "maybe": use pass, fail, unsure, skip, simulator_error, 1 or 0' },
      { line: 5, message: 'the line has 3 fields where the header has 4: put a field that holds a comma in double quotes' },
      { line: 6, message: 'text after a closing quote: put the whole field in double quotes' },
      { line: 7, message: 'a quoted field that starts on line 7 is never closed: end it with a double quote' },
    ]);
  });

  it('needs a row id and a label column', () => {
    expect(parseLabelsFile('id,author\nr1:0,ana\n', 'csv').errors).toEqual([
      { line: 1, message: 'the header needs a row_id and a label column, but has id, author: add the missing column' },
    ]);
  });

  it('reads JSONL with the SDK spellings and reports bad lines', () => {
    const text = [
      '{"rollout_id": "ro-a0", "reward": 1, "annotator": "ana", "ts": "2025-06-01T00:00:00Z"}',
      '{"scenario_id": "sc-b", "rollout_index": 1, "label": "fail", "kind": "verifier"}',
      '',
      'not json',
      '{"id": "r1:9", "label": "pass", "kind": "crowd"}',
      '["r1:9", "pass"]',
    ].join('\n');
    const parsed = parseLabelsFile(text, 'jsonl');
    expect(parsed.labels).toEqual([
      { key: 'ro-a0', label: 'pass', author: 'ana', kind: null, note: null, created_at: '2025-06-01T00:00:00Z', line: 1 },
      { key: 'sc-b#1', label: 'fail', author: null, kind: 'program', note: null, created_at: null, line: 2 },
    ]);
    expect(parsed.errors).toEqual([
      { line: 4, message: 'not valid JSON: write one JSON object per line' },
      { line: 5, field: 'kind', message: 'unknown kind "crowd": use human, program (alias verifier) or model' },
      { line: 6, message: 'the line is not a JSON object: write one {"row_id", "label"} object per line' },
    ]);
  });
});

describe('csv', () => {
  it('reads what it writes, for any text', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r', 'é', '\r\n') });
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 5 }), (rows) => {
        const parsed = parseCsv(formatCsv(rows));
        expect(parsed.errors).toEqual([]);
        expect(parsed.records.map((record) => record.fields)).toEqual(rows);
      }),
    );
  });

  it('accepts CRLF, LF and a BOM, and numbers records by their first line', () => {
    const parsed = parseCsv('\uFEFFa,b\r\n"x\r\ny",z\n\nlast,"q"');
    expect(parsed.records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\r\ny', 'z'] },
      { line: 5, fields: ['last', 'q'] },
    ]);
  });
});
