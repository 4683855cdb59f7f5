import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { dispatch } from '../../api/dispatch';
import { acquireRunLease, getRunLease } from '../../store/runs/run-leases-repository';
import { countRows } from '../../store/rows/rows-repository';
import { getRun } from '../../store/runs/runs-repository';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { executeRun } from './run-executor';
import { HEARTBEAT_MS, RunLease, RunLeaseLostError, STALE_MS } from './run-lease';
import { cancelRun, createRun } from './runs-service';
import { ServiceError } from '../app/service-error';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

async function storedRun(budget = 40): Promise<{ app: AppContext; runId: string }> {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-lease-')), mode: 'browser' });
  const config = RunConfig.parse({
    source: { kind: 'describe', sentence: 'a bookshop assistant that refunds only after the customer confirms the order' },
    budget,
    seed: 3,
  });
  const run = await createRun(context, config);
  return { app: context, runId: run.id };
}

/** The pid of a process that has exited: nothing on this machine answers to it (until the kernel reuses it). */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid;
}

function refusal(action: () => unknown): ServiceError {
  try {
    action();
  } catch (error) {
    if (ServiceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a run lease', () => {
  it('refuses a second writer while the first lives, naming its process and heartbeat', async () => {
    const { app, runId } = await storedRun();
    let now = 1_000_000;
    const first = RunLease.acquire(app.db, runId, 'wai simulate', { clock: () => now });
    now += 2_400;
    const refused = refusal(() => RunLease.acquire(app.db, runId, 'wai runs resume', { clock: () => now }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(
      `Run ${runId} is being written by another process (wai simulate, pid ${process.pid} on this machine, last heartbeat 2 s ago); ` +
        `wait for it or stop it.`,
    );
    first.assertHeld();
    expect(getRunLease(app.db, runId)?.heartbeat_at).toBe(now);
    first.release();
    expect(getRunLease(app.db, runId)).toBeUndefined();
    RunLease.acquire(app.db, runId, 'wai runs resume', { clock: () => now }).release();
    expect(getRun(app.db, runId)?.warnings.join('\n')).not.toMatch(/taken over/);
  });

  it('takes over at once from a process that is gone from this machine, and says so in the run’s warnings', async () => {
    const { app, runId } = await storedRun();
    const pid = deadPid();
    acquireRunLease(app.db, runId, { token: 'dead', pid, host: hostname(), program: 'wai simulate' }, Date.now(), { isLive: () => false });
    const lease = RunLease.acquire(app.db, runId, 'While Studio in browser mode');
    expect(getRunLease(app.db, runId)).toMatchObject({ token: lease.holder.token, pid: process.pid });
    expect(getRun(app.db, runId)?.warnings.at(-1)).toMatch(
      new RegExp(
        `^This run was taken over from a writer that stopped \\(wai simulate, pid ${pid} on this machine, last heartbeat 0 s before the ` +
          `takeover; that process no longer exists\\)`,
      ),
    );
  });

  it('takes over a living writer whose heartbeat went stale; that writer then refuses to write and stops beating', async () => {
    const { app, runId } = await storedRun();
    let now = 5_000_000;
    const stalled = RunLease.acquire(app.db, runId, 'wai simulate', { clock: () => now });
    now += HEARTBEAT_MS;
    stalled.assertHeld();
    now += STALE_MS;
    expect(refusal(() => RunLease.acquire(app.db, runId, 'wai runs resume', { clock: () => now })).code).toBe('CONFLICT');
    now += 1;
    const taker = RunLease.acquire(app.db, runId, 'wai runs resume', { clock: () => now });
    expect(getRun(app.db, runId)?.warnings.at(-1)).toMatch(
      /last heartbeat 10 s before the takeover; no heartbeat for more than 10 s; if it wakes it stops without writing/,
    );
    expect(() => stalled.assertHeld()).toThrow(RunLeaseLostError);
    expect(() => stalled.assertHeld()).toThrow(
      `Run ${runId} was taken over by another process (wai runs resume, pid ${process.pid} on this machine, last heartbeat 0 s ago)`,
    );
    expect(stalled.heartbeat()).toBe(false);
    stalled.release();
    expect(getRunLease(app.db, runId)?.token).toBe(taker.holder.token);
    expect(taker.heartbeat()).toBe(true);
  });

  it('keeps executeRun from writing a run another process holds', async () => {
    const { app, runId } = await storedRun();
    const holder = RunLease.acquire(app.db, runId, 'wai simulate');
    await expect(executeRun({ db: app.db, runId })).rejects.toThrow(
      /is being written by another process \(wai simulate, pid \d+ on this machine/,
    );
    expect(getRun(app.db, runId)).toMatchObject({ status: 'queued', rows_done: 0 });
    expect(countRows(app.db, runId)).toBe(0);
    holder.release();
  });

  it('stops a writer at the first write after a takeover; the taker finishes with every ordinal once', async () => {
    const { app, runId } = await storedRun(120);
    let thief: RunLease | undefined;
    let storedAtTakeover = 0;
    const landed: number[] = [];
    const stalled = executeRun({
      db: app.db,
      runId,
      program: 'wai simulate',
      onRow: (row) => {
        landed.push(row.ordinal);
        // The writer looks stalled to a clock past its stale limit: another process takes the run over. Rows are
        // committed in batches, so the 20th reported row's batch may hold a few more, all committed before the takeover.
        if (landed.length === 20) {
          thief = RunLease.acquire(app.db, runId, 'wai runs resume', { clock: () => Date.now() + STALE_MS + HEARTBEAT_MS + 1 });
          // Counted once the lease is the thief's: the writer's thread may commit until the takeover, not one row after.
          storedAtTakeover = countRows(app.db, runId);
        }
      },
    });
    await expect(stalled).rejects.toThrow(RunLeaseLostError);
    expect(storedAtTakeover).toBeGreaterThanOrEqual(20);
    expect(countRows(app.db, runId)).toBe(storedAtTakeover);
    // The lost writer left the run as it was: still running, and the lease the taker's.
    expect(getRun(app.db, runId)).toMatchObject({ status: 'running', rows_done: storedAtTakeover });
    expect(getRunLease(app.db, runId)?.token).toBe(thief!.holder.token);
    const summary = await executeRun({ db: app.db, runId, lease: thief! });
    expect(summary.stopped_because).toBe('budget');
    expect(
      app.db.prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT ordinal) AS distinct_ordinals FROM rows WHERE run_id = ?').get(runId),
    ).toEqual({ n: 120, distinct_ordinals: 120 });
    expect(getRun(app.db, runId)).toMatchObject({ status: 'completed', rows_done: 120 });
    expect(
      getRun(app.db, runId)?.warnings.some((warning) =>
        warning.startsWith('This run was taken over from a writer that stopped (wai simulate'),
      ),
    ).toBe(true);
    expect(getRunLease(app.db, runId)).toBeUndefined();
  });

  it('makes runs.resume in the app fail with CONFLICT while another process writes the run, and leaves it alone at start', async () => {
    const { app, runId } = await storedRun();
    const cli = RunLease.acquire(app.db, runId, 'wai runs resume');
    app.db.prepare("UPDATE runs SET status = 'running' WHERE id = ?").run(runId);
    const resumed = await dispatch(app, 'runs.resume', { run_id: runId });
    expect(resumed).toEqual({
      ok: false,
      error: {
        code: 'CONFLICT',
        message:
          `Run ${runId} is being written by another process (wai runs resume, pid ${process.pid} on this machine, last heartbeat ` +
          `0 s ago); wait for it or stop it.`,
      },
    });
    expect(app.jobs.resumeInterrupted()).toEqual([]);
    expect(getRun(app.db, runId)?.status).toBe('running');
    expect(app.jobs.isActive(runId)).toBe(false);
    cli.release();
  });
  it('cancels a running run whose writer froze: takes its lease over first, so the writer writes nothing more when it wakes', async () => {
    const { app, runId } = await storedRun();
    const frozen = RunLease.acquire(app.db, runId, 'wai simulate', { clock: () => Date.now() - STALE_MS - 5_000 });
    app.db.prepare("UPDATE runs SET status = 'running' WHERE id = ?").run(runId);
    expect(cancelRun(app, runId)).toMatchObject({ status: 'cancelled', stopped_because: 'cancelled' });
    expect(
      getRun(app.db, runId)?.warnings.some((warning) =>
        warning.startsWith('This run was taken over from a writer that stopped (wai simulate'),
      ),
    ).toBe(true);
    expect(getRunLease(app.db, runId)).toBeUndefined();
    expect(() => frozen.assertHeld()).toThrow(RunLeaseLostError);
  });

  it('refuses to cancel a run another process is writing, naming it, and leaves the run as it was', async () => {
    const { app, runId } = await storedRun();
    const other = RunLease.acquire(app.db, runId, 'wai simulate');
    const before = getRun(app.db, runId)?.status;
    const refused = refusal(() => cancelRun(app, runId));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toMatch(
      new RegExp(`^Run ${runId} is being written by another process \\(wai simulate, pid ${process.pid} on this machine`),
    );
    expect(getRun(app.db, runId)?.status).toBe(before);
    other.release();
  });
});
