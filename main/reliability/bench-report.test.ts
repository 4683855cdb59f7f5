import { describe, expect, it } from 'vitest';
import { benchReport, benchTable, type BenchResult } from './bench-report';

const result = (overrides: Partial<BenchResult>): BenchResult => ({
  name: 'simulate: 10000 offline rows stored',
  measured: 812.4,
  unit: 'rows/s',
  reference: 2210.7,
  reference_name: 'SQLite inserts of the same rows',
  ratio: 0.3681,
  goal: 'ratio >= 0.25',
  met: true,
  ...overrides,
});

describe('the bench table', () => {
  it("reads a bench's last JSON line, whatever it printed before", () => {
    const stdout = ['measure rows seconds', '{"not": "the report"}', JSON.stringify({ bench: 'simulate', results: [result({})] }), ''].join(
      '\n',
    );
    expect(benchReport(stdout)).toEqual({ bench: 'simulate', results: [result({})] });
    expect(benchReport('crashed before its report\n{"half": ')).toBeNull();
  });

  it('fills in what a result leaves out: no goal, no verdict, no ratio', () => {
    const line = JSON.stringify({
      bench: 'agreement',
      results: [{ name: 'agreement.export', measured: 12.5, unit: 'ms', reference: 40, reference_name: 'before', ratio: 3.2 }],
    });
    expect(benchReport(line)!.results[0]).toEqual({
      name: 'agreement.export',
      measured: 12.5,
      unit: 'ms',
      reference: 40,
      reference_name: 'before',
      ratio: 3.2,
      goal: '-',
      met: null,
    });
  });

  it('prints one row per figure, and a row naming a bench that gave no report', () => {
    const table = benchTable([
      {
        script: 'bench:simulate',
        exitCode: 0,
        seconds: 90,
        results: [
          result({}),
          result({
            name: 'rows lost',
            measured: 2,
            unit: 'rows',
            reference: 0,
            reference_name: 'none lost',
            ratio: null,
            goal: '0 lost',
            met: false,
          }),
        ],
      },
      { script: 'bench:ui', exitCode: 1, seconds: 3, results: [], failure: 'no report line (exit 1)' },
    ]).split('\n');
    expect(table[0]).toMatch(/^\| benchmark +\| +measured \| +reference \| +ratio \| goal +\| met\? +\|$/);
    expect(table[2]).toMatch(/\| +812 rows\/s \| 2211 rows\/s \(SQLite inserts of the same rows\) \| 0\.368 \| ratio >= 0\.25 +\|/);
    expect(table[2]).toMatch(/\| yes +\|$/);
    expect(table[3]).toMatch(/\| +2 rows \| +0 rows \(none lost\) \| +- \| 0 lost +\| NO +\|$/);
    expect(table[4]).toMatch(/^\| bench:ui .*FAILED: no report line \(exit 1\) \|$/);
  });
});
