import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { RunWatch } from '../../../shared/api';
import { RunConfig } from '../../../shared/domain';
import { callMethod, serviceTestContexts } from '../../test-support/service-test-context';
import { acquireRunLease, getRunLease, latestRowStamps } from '../../store/runs/run-leases-repository';
import { closeAppContext, createAppContext } from '../app/app-context';
import { executeRun } from './run-executor';
import { RunLease } from './run-lease';
import { PACE_WINDOW_ROWS, paceOf, watchRun } from './run-watch';
import { createLeasedRun, createRun } from './runs-service';

const newContext = serviceTestContexts('while-watch-');

const config = (budget: number) =>
  RunConfig.parse({
    source: { kind: 'describe', sentence: 'a bookshop assistant that refunds only after the customer confirms the order' },
    budget,
    seed: 5,
    concurrency: 4,
  });

const iso = (ms: number) => new Date(ms).toISOString();

describe('paceOf', () => {
  const T0 = Date.UTC(2026, 10, 30, 10, 0, 0);

  it('counts the rows stored since the writer took the run, per second since then, and the time left at that rate', () => {
    // 20 rows in 4 s under this writer; two older rows from a previous writer are left out.
    const stamps = [...Array.from({ length: 20 }, (_, index) => iso(T0 + 4_000 - index * 200)), iso(T0 - 60_000), iso(T0 - 61_000)];
    expect(paceOf(stamps, { acquired_at: T0 }, 52, 100, T0 + 4_000)).toEqual({ rows_counted: 20, rows_per_second: 5, seconds_left: 10 });
  });

  it('offers no time left before 5 rows, and no rate at the moment the writer took the run', () => {
    expect(paceOf([iso(T0 + 500)], { acquired_at: T0 }, 1, 100, T0 + 1_000)).toEqual({
      rows_counted: 1,
      rows_per_second: 1,
      seconds_left: null,
    });
    expect(paceOf([], { acquired_at: T0 }, 0, 100, T0)).toEqual({ rows_counted: 0, rows_per_second: 0, seconds_left: null });
  });

  it('follows the recent pace once the window is full: rows after its oldest, from that row’s stamp', () => {
    // 100 rows, one every 100 ms, the newest 0 s ago; the writer took the run an hour earlier at a slower pace.
    const now = T0 + 3_600_000;
    const stamps = Array.from({ length: PACE_WINDOW_ROWS }, (_, index) => iso(now - index * 100));
    expect(paceOf(stamps, { acquired_at: T0 }, 5_000, 6_000, now)).toEqual({ rows_counted: 100, rows_per_second: 10, seconds_left: 100 });
  });
});

describe('runs.watch', () => {
  it('shows a run another process writes: its writer, its rows growing with a pace, and its end with no writer', async () => {
    const app = newContext();
    const run = await createRun(app, config(60));
    expect(await callMethod(app, 'runs.watch', { run_id: run.id })).toMatchObject({ run: { status: 'queued' }, writer: null, pace: null });

    // The writer is another process as far as this app is concerned: its own jobs do not run it.
    const lease = RunLease.acquire(app.db, run.id, 'wai simulate');
    const seen: RunWatch[] = [];
    const summary = await executeRun({
      db: app.db,
      runId: run.id,
      lease,
      onRow: (row) => {
        if (row.ordinal % 15 === 14) seen.push(watchRun(app, run.id, Date.now() + 1_000));
      },
    });
    expect(seen.length).toBeGreaterThanOrEqual(3);
    for (const watch of seen) {
      expect(watch.writer).toEqual({
        where: 'elsewhere',
        program: 'wai simulate',
        pid: process.pid,
        host: hostname(),
        this_machine: true,
        state: 'live',
        heartbeat_seconds_ago: expect.any(Number),
      });
      expect(watch.run.status).toBe('running');
      expect(watch.pace!.rows_counted).toBe(watch.run.rows_done);
      expect(watch.pace!.rows_per_second).toBeGreaterThan(0);
      expect(watch.pace!.seconds_left).not.toBeNull();
    }
    const rows = seen.map((watch) => watch.run.rows_done);
    expect(rows).toEqual([...rows].sort((a, b) => a - b));
    expect(rows[0]).toBeLessThan(rows.at(-1)!);

    const ended = await callMethod(app, 'runs.watch', { run_id: run.id });
    expect(ended).toMatchObject({
      run: { status: 'completed', rows_done: 60, stopped_because: summary.stopped_because },
      writer: null,
      pace: null,
    });
    expect(ended.summary?.stopped_because).toBe('budget');
    expect(ended.batches.length).toBeGreaterThan(0);
  });

  it('says when the writing process is gone from this machine or its heartbeat went stale', async () => {
    const app = newContext();
    const run = await createRun(app, config(10));
    const gonePid = spawnSync(process.execPath, ['-e', '0']).pid;
    acquireRunLease(app.db, run.id, { token: 'gone', pid: gonePid, host: hostname(), program: 'wai simulate' }, Date.now() - 3_000, {
      isLive: () => false,
    });
    expect((await callMethod(app, 'runs.watch', { run_id: run.id })).writer).toMatchObject({
      where: 'elsewhere',
      pid: gonePid,
      state: 'gone',
      heartbeat_seconds_ago: 3,
    });

    app.db.prepare('DELETE FROM run_leases').run();
    acquireRunLease(app.db, run.id, { token: 'far', pid: 4242, host: 'build-box', program: 'wai runs resume' }, Date.now() - 30_000, {
      isLive: () => false,
    });
    expect((await callMethod(app, 'runs.watch', { run_id: run.id })).writer).toMatchObject({
      host: 'build-box',
      this_machine: false,
      state: 'stale',
      heartbeat_seconds_ago: 30,
    });
  });

  it('refuses an unknown run by name', async () => {
    const app = newContext();
    await expect(callMethod(app, 'runs.watch', { run_id: 'run_nope' })).rejects.toThrow('There is no run run_nope.');
  });

  it('reads the latest row stamps down the run’s (run_id, ordinal) index', () => {
    const app = newContext();
    const plan = (
      app.db.prepare('EXPLAIN QUERY PLAN SELECT created_at FROM rows WHERE run_id = ? ORDER BY ordinal DESC LIMIT ?').all('run_a', 100) as {
        detail: string;
      }[]
    )
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toMatch(/SEARCH rows USING INDEX sqlite_autoindex_rows_\d \(run_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
    expect(latestRowStamps(app.db, 'run_a', 100)).toEqual([]);
  });
});

describe('createLeasedRun (wai simulate)', () => {
  it('stores the run with its lease in one transaction, so another app starting up never takes it as interrupted', async () => {
    const app = newContext();
    const { run, lease } = await createLeasedRun(app, config(10), 'wai simulate');
    expect(run.status).toBe('queued');
    expect(getRunLease(app.db, run.id)).toMatchObject({ token: lease.holder.token, program: 'wai simulate', pid: process.pid });

    // A second app on the same data folder starts while the CLI is still printing its first line.
    const other = createAppContext({ dataDir: app.dataDir, mode: 'browser' });
    try {
      expect(other.jobs.resumeInterrupted()).toEqual([]);
      expect(other.jobs.isActive(run.id)).toBe(false);
    } finally {
      await closeAppContext(other);
    }
    expect(getRunLease(app.db, run.id)?.token).toBe(lease.holder.token);
    const summary = await executeRun({ db: app.db, runId: run.id, lease });
    expect(summary.stopped_because).toBe('budget');
    expect(getRunLease(app.db, run.id)).toBeUndefined();
  });

  it('stores no run when the spec cannot be used', async () => {
    const app = newContext();
    const bad = RunConfig.parse({ ...config(10), aim: { tool: 'no_such_tool' } });
    await expect(createLeasedRun(app, bad, 'wai simulate')).rejects.toThrow(/aim cannot be planned/);
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM runs').get()).toEqual({ n: 0 });
    expect(app.db.prepare('SELECT COUNT(*) AS n FROM run_leases').get()).toEqual({ n: 0 });
  });
});
