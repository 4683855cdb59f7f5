import { describe, expect, it } from 'vitest';
import type { Row } from '../../../shared/domain';
import { dispatch } from '../../api/dispatch';
import { getRowByOrdinal, iterateRows } from '../../store/rows/rows-repository';
import { pendingFill } from '../../store/runs/run-fills-repository';
import { getRun } from '../../store/runs/runs-repository';
import type { AppContext } from '../app/app-context';
import { executeRun } from '../runs/run-executor';
import type { RunJobs } from '../runs/run-jobs';
import { COVERAGE_CONFIG } from '../../test-support/coverage-run';
import { serviceTestContexts } from '../../test-support/service-test-context';
import { createRun } from '../runs/runs-service';
import { coverageMatrix } from './coverage-service';
import { fillCell } from './fill-in-place';

const newContext = serviceTestContexts('while-fill-in-place-');

/** A context whose run jobs run the run here, to its end (or to a cancel after `cancelAfter` new rows). */
function runHere(context: AppContext, cancelAfter?: number): AppContext {
  const pending: Promise<unknown>[] = [];
  const jobs = {
    isActive: () => false,
    start(runId: string) {
      let stored = 0;
      pending.push(
        executeRun({
          db: context.db,
          runId,
          onRow: () => void (stored += 1),
          isCancelled: () => cancelAfter !== undefined && stored >= cancelAfter,
        }),
      );
    },
    cancel: () => false,
    stopAll: () => Promise.resolve(),
  } as unknown as RunJobs;
  return Object.assign(context, { jobs, settle: () => Promise.all(pending) });
}

const settle = (context: AppContext) => (context as AppContext & { settle(): Promise<unknown> }).settle();

async function storedRun(context: AppContext): Promise<string> {
  const run = await createRun(context, { ...COVERAGE_CONFIG, budget: 16 });
  await executeRun({ db: context.db, runId: run.id });
  return run.id;
}

const rowsOf = (context: AppContext, runId: string): Row[] => [...iterateRows(context.db, runId)];

describe('fill this cell in place', () => {
  it('adds rows to the same run, numbered on from its last, every one in the cell, and the heatmap square fills', async () => {
    const context = runHere(newContext());
    const runId = await storedRun(context);
    const before = rowsOf(context, runId);
    const aim = { tool: 'issue_refund', stance: 'hurried' };
    const square = () =>
      coverageMatrix(context, { run_id: runId, x: 'tool', y: 'stance' }).cells.find(
        (cell) => cell.x === 'issue_refund' && cell.y === 'hurried',
      )!;
    const rowsBefore = square().rows;

    const run = fillCell(context, { run_id: runId, aim, budget: 6 });
    expect(run.id).toBe(runId);
    await settle(context);

    const after = rowsOf(context, runId);
    const added = after.slice(before.length);
    expect(added.length).toBe(6);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(added.map((row) => row.ordinal)).toEqual(added.map((_, index) => before.length + index));
    for (const row of added) expect(row.situation.dimensions).toMatchObject(aim);
    expect(square().rows).toBe(rowsBefore + 6);
    const stored = getRun(context.db, runId)!;
    expect(stored).toMatchObject({ status: 'completed', rows_done: before.length + 6 });
    expect(stored.warnings).toContain(`Filled tool=issue_refund · stance=hurried in place: 6 rows added from #${before.length}.`);
    expect(pendingFill(context.db, runId)).toBeNull();
  });

  it('resumes a fill stopped before its end to the same rows a fill never stopped gives', async () => {
    const whole = runHere(newContext());
    const wholeRun = await storedRun(whole);
    fillCell(whole, { run_id: wholeRun, aim: { stance: 'ordinary', world_state: 'entity missing' }, budget: 24 });
    await settle(whole);

    const stopped = runHere(newContext(), 3);
    const stoppedRun = await storedRun(stopped);
    fillCell(stopped, { run_id: stoppedRun, aim: { stance: 'ordinary', world_state: 'entity missing' }, budget: 24 });
    await settle(stopped);
    expect(getRun(stopped.db, stoppedRun)?.status).toBe('cancelled');
    expect(pendingFill(stopped.db, stoppedRun)).not.toBeNull();
    // Another cell waits for this one.
    expect(() => fillCell(stopped, { run_id: stoppedRun, aim: { stance: 'hurried' }, budget: 4 })).toThrow(/resume the run to finish it/);
    runHere(stopped);
    stopped.jobs.start(stoppedRun);
    await settle(stopped);

    const body = (context: AppContext, runId: string) =>
      rowsOf(context, runId).map(({ ordinal, prompt, messages }) => ({ ordinal, prompt, messages }));
    expect(body(stopped, stoppedRun)).toEqual(body(whole, wholeRun));
    expect(getRowByOrdinal(stopped.db, stoppedRun, 16 + 23)).toBeDefined();
  });

  it('refuses a cell that can never occur or a value the spec lacks, naming the axes, and starts nothing', async () => {
    const context = runHere(newContext());
    const runId = await storedRun(context);
    expect(() => fillCell(context, { run_id: runId, aim: { tool: 'unrelated', tool_condition: 'timeout' }, budget: 12 })).toThrow(
      /tool "unrelated" never meets tool_condition "timeout"/,
    );
    const refused = await dispatch(context, 'coverage.fill', { run_id: runId, aim: { stance: 'furious' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', issues: [{ path: 'aim' }] } });
    expect(pendingFill(context.db, runId)).toBeNull();
  });
});
