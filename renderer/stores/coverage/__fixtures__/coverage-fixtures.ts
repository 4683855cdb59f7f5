import type { CoverageCell, CoverageMatrix, CoverageSummary } from '../../../../shared/api/coverage';
import type { Axis } from '../../../../shared/domain';

export function cell(x: string, y: string, overrides: Partial<CoverageCell> = {}): CoverageCell {
  return { x, y, planned: true, feasible: true, rows: 0, failing: 0, graded: 0, ...overrides };
}

/** A 2 x 2 heatmap of the given axes: one covered square, one failing, one planned gap, one that cannot occur. */
export function matrixOf(x: Axis, y: Axis, runId = 'run_a'): CoverageMatrix {
  return {
    warnings: [],
    degraded: [],
    run_id: runId,
    x,
    y,
    x_values: ['a', 'b'],
    y_values: ['c', 'd'],
    cells: [
      cell('a', 'c', { rows: 4 }),
      cell('b', 'c', { rows: 2, graded: 2, failing: 1 }),
      cell('a', 'd'),
      cell('b', 'd', { planned: false, feasible: false }),
    ],
    pairwise: { pairs_planned: 3, pairs_covered: 2, fraction: 0.6667 },
    n_rows: 6,
  };
}

export function summaryOf(runId = 'run_a'): CoverageSummary {
  return {
    warnings: ['rule axis capped (16 of 20 clauses)'],
    degraded: [],
    run_id: runId,
    run_name: 'Refunds confirm first',
    run_status: 'completed',
    aim: null,
    n_rows: 60,
    n_graded: 0,
    n_failing: 0,
    pairwise: { pairs_planned: 630, pairs_covered: 461, fraction: 0.7317 },
    pairs_accounting: {
      pairs_possible: 759,
      pairs_planned: 630,
      pairs_impossible: 9,
      impossible: [
        { reason: 'an unrelated ask touches no record and calls no tool', pairs: [{ tool: 'unrelated', tool_condition: 'timeout' }] },
      ],
      pairs_outside_aim: 0,
      pairs_flipped: 120,
      fault_rate: 0.5,
      prefer_success: true,
      notes: [
        '9 pairs can never occur, because an unrelated ask touches no record and calls no tool: tool "unrelated" with tool_condition "timeout".',
        '120 pairs need a tool fault, and every cell that carried one was flipped to success: the cold start keeps about one fault ' +
          'cell in ten, and fault_rate 0.5 keeps 50% of those.',
      ],
    },
    axis_pairs: [],
    axes: [],
    cells_planned: 90,
    cells_unvisited: 66,
    gap: {
      rules_without_rows: [],
      tools_without_rows: ['track_shipment'],
      n_asks: 60,
      n_rules_total: 7,
      rules_truncated: false,
      untested_rules: [],
      untested_tools: [],
      notes: [],
      summary: '60 asks cover 7 of 7 policy rules and 7 of 7 tools',
    },
  };
}
