import { describe, expect, it, vi } from 'vitest';
import type { Dimensions } from '../../../shared/domain';
import { pairsOf, pairwiseCoverage } from '../../../engine/index';
import { dispatch } from '../../api/dispatch';
import { openDatabase } from '../../store/database';
import { updateRun } from '../../store/runs/runs-repository';
import type { AppContext } from '../app/app-context';
import { coverageMatrix, coverageSummary } from './coverage-service';
import { EventBus } from '../app/event-bus';
import type { RunJobs } from '../runs/run-jobs';
import { coveragePlan, gradeRow, storeCoverageRun } from '../../test-support/coverage-run';

/** What the coverage services use of the app: the store, the clock, and run jobs that only record what started. */
function testContext(): AppContext & { started: string[] } {
  const started: string[] = [];
  const jobs = { start: vi.fn((runId: string) => started.push(runId)), cancel: () => false, isActive: () => false } as unknown as RunJobs;
  const context = {
    db: openDatabase(':memory:'),
    dataDir: '',
    databasePath: ':memory:',
    mode: 'browser',
    version: 'test',
    events: new EventBus(),
    jobs,
    now: () => new Date('2026-01-01T00:00:00.000Z'),
  };
  return Object.assign(context as unknown as AppContext, { started });
}

const coordinate = (overrides: Partial<Dimensions>): Dimensions => ({
  tool: 'get_order',
  rule: 'Confirm the amount before a refund.',
  stance: 'ordinary',
  world_state: 'entity exists',
  tool_condition: 'success',
  history: 'fresh',
  ...overrides,
});

/** Ten rows: four get_order x ordinary, three get_order x hurried, two issue_refund x hurried, one unrelated. */
const COORDINATES: Dimensions[] = [
  coordinate({}),
  coordinate({ world_state: 'entity missing' }),
  coordinate({ tool_condition: 'timeout' }),
  coordinate({ history: 'prior_failure' }),
  coordinate({ stance: 'hurried' }),
  coordinate({ stance: 'hurried', rule: 'unspecified' }),
  coordinate({ stance: 'hurried', history: 'prior_failure' }),
  coordinate({ tool: 'issue_refund', stance: 'hurried' }),
  coordinate({ tool: 'issue_refund', stance: 'hurried', tool_condition: 'timeout' }),
  coordinate({ tool: 'unrelated', rule: 'unspecified' }),
];

function storedRun() {
  const context = testContext();
  storeCoverageRun(context.db, 'run_a', COORDINATES, ['where is my order A1001', 'refund order A1001 now, I am in a hurry']);
  return context;
}

describe('coverage.matrix', () => {
  it('counts rows per cell in SQL and marks the pairs of the recomputed plan', () => {
    const context = storedRun();
    const matrix = coverageMatrix(context, { run_id: 'run_a', x: 'tool', y: 'stance' });
    expect(matrix.x_values).toEqual(['get_order', 'issue_refund', 'unrelated']);
    expect(matrix.y_values).toEqual(['ordinary', 'hurried']);
    expect(matrix.cells.map((cell) => [cell.x, cell.y, cell.rows])).toEqual([
      ['get_order', 'ordinary', 4],
      ['issue_refund', 'ordinary', 0],
      ['unrelated', 'ordinary', 1],
      ['get_order', 'hurried', 3],
      ['issue_refund', 'hurried', 2],
      ['unrelated', 'hurried', 0],
    ]);
    const plan = coveragePlan();
    for (const cell of matrix.cells) expect(cell.planned).toBe(plan.planned.has(pairsOf({ tool: cell.x, stance: cell.y })[0]!));
    // Every feasible pair is planned at fault_rate 1 without the success flip: six planned, four covered.
    expect(matrix.pairwise).toEqual({ pairs_planned: 6, pairs_covered: 4, fraction: 0.6667 });
    expect(matrix.n_rows).toBe(10);
  });

  it("counts failing and graded rows from each row's latest grade", () => {
    const context = storedRun();
    gradeRow(context.db, 'run_a', 0, 0.2); // failing
    gradeRow(context.db, 'run_a', 1, 0.1);
    gradeRow(context.db, 'run_a', 1, 0.9); // a later grade passes it
    gradeRow(context.db, 'run_a', 2, null); // the judge gave no reward: not graded
    gradeRow(context.db, 'run_a', 7, 0); // issue_refund x hurried
    const cells = coverageMatrix(context, { run_id: 'run_a', x: 'tool', y: 'stance' }).cells;
    expect(cells.find((cell) => cell.x === 'get_order' && cell.y === 'ordinary')).toMatchObject({ rows: 4, failing: 1, graded: 2 });
    expect(cells.find((cell) => cell.x === 'issue_refund' && cell.y === 'hurried')).toMatchObject({ rows: 2, failing: 1, graded: 1 });
    expect(cells.find((cell) => cell.x === 'get_order' && cell.y === 'hurried')).toMatchObject({ rows: 3, failing: 0, graded: 0 });
    expect(coverageSummary(context, 'run_a')).toMatchObject({ n_graded: 3, n_failing: 2 });
  });

  it('marks pairs that can never occur, and shows values the spec does not declare after the declared ones', () => {
    const context = storedRun();
    storeCoverageRun(context.db, 'run_b', [...COORDINATES, coordinate({ stance: 'exploratory' })]);
    const matrix = coverageMatrix(context, { run_id: 'run_b', x: 'world_state', y: 'tool' });
    expect(matrix.cells.find((cell) => cell.x === 'entity missing' && cell.y === 'unrelated')).toMatchObject({
      feasible: false,
      planned: false,
    });
    expect(matrix.cells.find((cell) => cell.x === 'entity exists' && cell.y === 'unrelated')).toMatchObject({
      feasible: true,
      planned: true,
      rows: 1,
    });
    const byStance = coverageMatrix(context, { run_id: 'run_b', x: 'stance', y: 'history' });
    expect(byStance.x_values).toEqual(['ordinary', 'hurried', 'exploratory']);
    expect(byStance.warnings.join(' ')).toMatch(/stance "exploratory"/);
  });

  it('refuses two equal axes and an unknown run through the contract', async () => {
    const context = storedRun();
    expect(await dispatch(context, 'coverage.matrix', { run_id: 'run_a', x: 'tool', y: 'tool' })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    expect(await dispatch(context, 'coverage.matrix', { run_id: 'nope', x: 'tool', y: 'rule' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});

describe('coverage.summary', () => {
  it('gives coverage.pairwise as plain arithmetic over the stored rows, per pair of axes too', () => {
    const context = storedRun();
    const summary = coverageSummary(context, 'run_a');
    const plan = coveragePlan();
    const expected = pairwiseCoverage(
      plan.cells.map((cell) => cell.dimensions),
      COORDINATES,
    );
    expect(summary.pairwise).toEqual(expected);
    expect(summary.axis_pairs).toHaveLength(15);
    expect(summary.axis_pairs.reduce((sum, pair) => sum + pair.pairs_planned, 0)).toBe(expected.pairs_planned);
    expect(summary.axis_pairs.reduce((sum, pair) => sum + pair.pairs_covered, 0)).toBe(expected.pairs_covered);
    expect(summary.axis_pairs.find((pair) => pair.x === 'tool' && pair.y === 'stance')).toMatchObject({
      pairs_planned: 6,
      pairs_covered: 4,
    });
    expect(summary.n_rows).toBe(10);
    expect(summary.cells_planned).toBe(plan.cells.length);
    const landed = new Set(COORDINATES.map((dimensions) => JSON.stringify(Object.entries(dimensions).sort())));
    const visited = plan.cells.filter((cell) => landed.has(JSON.stringify(Object.entries(cell.dimensions).sort()))).length;
    expect(summary.cells_unvisited).toBe(plan.cells.length - visited);
    expect(summary.warnings).toEqual([]);
  });

  it('says why pairs are out of pairs_planned: an unrelated ask meets no record state and no fault', () => {
    const summary = coverageSummary(storedRun(), 'run_a');
    // Axis sizes 3, 3, 2, 2, 2, 2: 3*3 + 2 * (3*2*4) + 6 * (2*2) = 81 pairs; unrelated never meets "entity missing" nor "timeout".
    expect(summary.pairs_accounting).toMatchObject({
      pairs_possible: 81,
      pairs_planned: summary.pairwise.pairs_planned,
      pairs_impossible: 2,
      pairs_flipped: 0,
      pairs_outside_aim: 0,
      fault_rate: 1,
      prefer_success: false,
    });
    expect(summary.pairs_accounting.notes).toEqual([
      '2 pairs can never occur, because an unrelated ask touches no record and calls no tool: ' +
        'tool "unrelated" with world_state "entity missing"; tool "unrelated" with tool_condition "timeout".',
    ]);
  });

  it('counts rows per axis value and lists the rules and tools no row exercises', () => {
    const context = storedRun();
    const summary = coverageSummary(context, 'run_a');
    expect(summary.axes.find((entry) => entry.axis === 'tool')!.values).toEqual([
      { value: 'get_order', rows: 7, planned: true, declared: true },
      { value: 'issue_refund', rows: 2, planned: true, declared: true },
      { value: 'unrelated', rows: 1, planned: true, declared: true },
    ]);
    expect(summary.gap.rules_without_rows).toEqual(['Never invent an order number.']);
    expect(summary.gap.tools_without_rows).toEqual([]);
    expect(summary.gap.n_asks).toBe(10);
    expect(summary.gap.summary).toMatch(/^10 asks cover \d of 2 policy rules and \d of 2 tools/);
    expect(summary.gap.notes.some((note) => note.includes('world_state and tool_condition'))).toBe(true);
  });

  it("puts the run's warnings first and says when the recomputed plan differs from the recorded one", () => {
    const context = storedRun();
    updateRun(
      context.db,
      'run_a',
      {
        warnings: ['rule axis capped (16 of 20 clauses)'],
        pairwise: { pairs_planned: 999, pairs_covered: 1, fraction: 0 },
        degraded: ['generator_fallback'],
      },
      't',
    );
    const summary = coverageSummary(context, 'run_a');
    expect(summary.warnings[0]).toBe('rule axis capped (16 of 20 clauses)');
    expect(summary.warnings[1]).toMatch(/recorded 999 planned pairs/);
    expect(summary.degraded).toEqual(['generator_fallback']);
    expect(Object.keys(summary).slice(0, 2)).toEqual(['warnings', 'degraded']);
  });
});
