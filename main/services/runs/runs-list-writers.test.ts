import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it, vi } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { acquireRunLease, leasesOfRuns } from '../../store/runs/run-leases-repository';
import { callMethod, serviceTestContexts } from '../../test-support/service-test-context';
import { executeRun } from './run-executor';
import { RunLease } from './run-lease';
import { createLeasedRun, createRun } from './runs-service';

const newContext = serviceTestContexts('while-runs-list-');

const config = (name: string, budget = 10) =>
  RunConfig.parse({
    name,
    source: { kind: 'describe', sentence: 'a bookshop assistant that refunds only after the customer confirms the order' },
    budget,
    seed: 5,
  });

describe('runs.list writers', () => {
  it('names the process writing each listed run, this app or another, and none for a run nobody writes', async () => {
    const app = newContext();
    const idle = await createRun(app, config('idle'));
    const { run: cli } = await createLeasedRun(app, config('from the terminal'), 'wai simulate');
    const mine = await createRun(app, config('this app'));
    RunLease.acquire(app.db, mine.id, 'While Studio in browser mode');
    vi.spyOn(app.jobs, 'isActive').mockImplementation((runId) => runId === mine.id);

    const { runs, total } = await callMethod(app, 'runs.list', { limit: 10, offset: 0 });
    expect(total).toBe(3);
    expect(runs.map((run) => [run.name, run.writer?.where ?? null, run.writer?.program ?? null])).toEqual([
      ['this app', 'this_app', 'While Studio in browser mode'],
      ['from the terminal', 'elsewhere', 'wai simulate'],
      ['idle', null, null],
    ]);
    expect(runs[1]!.writer).toEqual({
      where: 'elsewhere',
      program: 'wai simulate',
      pid: process.pid,
      host: hostname(),
      this_machine: true,
      state: 'live',
      heartbeat_seconds_ago: expect.any(Number),
    });
    expect(runs[2]!.id).toBe(idle.id);
    expect(runs[1]!.id).toBe(cli.id);
  });

  it('drops the writer when the other process finishes the run, and says when it is gone or stalled', async () => {
    const app = newContext();
    const { run, lease } = await createLeasedRun(app, config('finishes', 12), 'wai simulate');
    await executeRun({ db: app.db, runId: run.id, lease });
    expect((await callMethod(app, 'runs.list', { limit: 10, offset: 0 })).runs[0]).toMatchObject({
      status: 'completed',
      rows_done: 12,
      writer: null,
    });

    const gone = await createRun(app, config('gone'));
    const gonePid = spawnSync(process.execPath, ['-e', '0']).pid;
    acquireRunLease(app.db, gone.id, { token: 'gone', pid: gonePid, host: hostname(), program: 'wai simulate' }, Date.now() - 3_000, {
      isLive: () => false,
    });
    const far = await createRun(app, config('far'));
    acquireRunLease(app.db, far.id, { token: 'far', pid: 4242, host: 'build-box', program: 'wai runs resume' }, Date.now() - 30_000, {
      isLive: () => false,
    });
    const { runs } = await callMethod(app, 'runs.list', { limit: 10, offset: 0 });
    expect(runs.map((listed) => [listed.name, listed.writer?.state ?? null, listed.writer?.this_machine ?? null])).toEqual([
      ['far', 'stale', false],
      ['gone', 'gone', true],
      ['finishes', null, null],
    ]);
  });

  it('keeps paging as it was, each run with its own writer', async () => {
    const app = newContext();
    const ids: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      const run = await createRun(app, config(`run ${index}`));
      ids.push(run.id);
      if (index % 2 === 0)
        acquireRunLease(
          app.db,
          run.id,
          { token: `t${index}`, pid: 9000 + index, host: 'elsewhere-box', program: 'wai simulate' },
          Date.now(),
          { isLive: () => false },
        );
    }
    const page = await callMethod(app, 'runs.list', { limit: 3, offset: 2 });
    expect(page.total).toBe(7);
    expect(page.runs.map((run) => [run.name, run.writer?.pid ?? null])).toEqual([
      ['run 4', 9004],
      ['run 3', null],
      ['run 2', 9002],
    ]);
  });

  it('reads the page’s leases in one query, one primary-key lookup per listed run', () => {
    const app = newContext();
    const sql = 'SELECT run_leases.* FROM json_each(?) AS ids JOIN run_leases ON run_leases.run_id = ids.value';
    const plan = (app.db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('["run_a"]') as { detail: string }[])
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toMatch(/SEARCH run_leases USING PRIMARY KEY \(run_id=\?\)/);
    expect(plan).not.toMatch(/SCAN run_leases/);
    expect(leasesOfRuns(app.db, [])).toEqual([]);
    expect(leasesOfRuns(app.db, ['run_a', 'run_b'])).toEqual([]);
  });
});
