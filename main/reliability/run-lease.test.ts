// Two processes over one data folder, one run: the `wai` CLI twice, and the CLI beside an app context (browser mode's
// services, runs in worker threads). Exactly one writes the run at a time; the other is refused with the writer's
// pid; a writer killed (SIGKILL) or frozen (SIGSTOP) past the stale limit is taken over, the frozen one stops when
// it wakes, and the run ends with every ordinal stored once.
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../shared/api';
import { dispatch } from '../api/dispatch';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { HEARTBEAT_MS, RunLease, STALE_MS } from '../services/runs/run-lease';
import { DATABASE_FILE, openDatabase } from '../store/database';
import { killHard, sleep, spawnWai, waitFor, type CliProcess } from './crash-harness';
import { crashView } from './store-checks';

const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';

let app: AppContext | undefined;
const children: CliProcess[] = [];
afterEach(async () => {
  for (const cli of children.splice(0)) {
    if (cli.child.signalCode === 'SIGSTOP' || cli.child.exitCode === null) cli.child.kill('SIGCONT');
    await killHard(
      cli.child,
      cli.exited.then(() => undefined),
    );
  }
  if (app) await closeAppContext(app);
  app = undefined;
});

function wai(dataDir: string, ...args: string[]): CliProcess {
  const cli = spawnWai(dataDir, args);
  children.push(cli);
  return cli;
}

/** What another process sees: the run, its rows (with duplicates counted), its lease; opened and closed each time. */
function look(databasePath: string) {
  const nothing = {
    run: undefined,
    rows: { n: 0, distinct_ordinals: 0, first: null, last: null },
    lease: undefined,
    warnings: [] as string[],
  };
  if (!existsSync(databasePath)) return nothing;
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    const run = db.prepare('SELECT id, status, rows_done, warnings FROM runs').get() as
      { id: string; status: string; rows_done: number; warnings: string } | undefined;
    const rows = db
      .prepare('SELECT COUNT(*) AS n, COUNT(DISTINCT ordinal) AS distinct_ordinals, MIN(ordinal) AS first, MAX(ordinal) AS last FROM rows')
      .get() as {
      n: number;
      distinct_ordinals: number;
      first: number | null;
      last: number | null;
    };
    const lease = db.prepare('SELECT pid, program, heartbeat_at FROM run_leases').get() as
      { pid: number; program: string; heartbeat_at: number } | undefined;
    return { run, rows, lease, warnings: run ? (JSON.parse(run.warnings) as string[]) : [] };
  } catch {
    // Not migrated yet (the CLI is still creating the store).
    return nothing;
  } finally {
    db.close();
  }
}

interface Folder {
  dataDir: string;
  databasePath: string;
  /** How long the run's agent waits before each answer: slow while a writer must stay alive, then fast. */
  pace(ms: number): void;
  agent: string;
}

const PACED_AGENT = fileURLToPath(new URL('./__fixtures__/paced-agent.mjs', import.meta.url));
/** Slow enough that a run of BUDGET rows outlives a second process's start on a loaded machine (~3 rows/s). */
const SLOW_MS = 40;
const BUDGET = 200;

function folder(): Folder {
  const root = mkdtempSync(join(tmpdir(), 'while-lease-'));
  const dataDir = join(root, 'data');
  const paceFile = join(root, 'pace');
  const pace = (ms: number) => writeFileSync(paceFile, String(ms));
  pace(SLOW_MS);
  return {
    dataDir,
    databasePath: join(dataDir, DATABASE_FILE),
    pace,
    agent: `command:${JSON.stringify(process.execPath)} ${JSON.stringify(PACED_AGENT)} ${JSON.stringify(paceFile)}`,
  };
}

/** Starts `wai simulate` (a paced agent, two at a time) and waits until it has stored `rows` rows; it is still writing then. */
async function simulateUntil(where: Folder, rows: number): Promise<{ cli: CliProcess; runId: string }> {
  const { dataDir, databasePath } = where;
  const cli = wai(
    dataDir,
    'simulate',
    '--describe',
    SENTENCE,
    '--rows',
    String(BUDGET),
    '--seed',
    '3',
    '--concurrency',
    '2',
    '--agent',
    where.agent,
  );
  await waitFor(`${rows} stored rows`, () => look(databasePath).rows.n >= rows || cli.child.exitCode !== null, 120_000, 20);
  expect(cli.child.exitCode, cli.output()).toBeNull();
  return { cli, runId: look(databasePath).run!.id };
}

function refusalPattern(runId: string, program: string, pid: number): RegExp {
  return new RegExp(
    `Run ${runId} is being written by another process \\(${program}, pid ${pid} on this machine, last heartbeat \\d+ s ago\\); wait for ` +
      `it or stop it\\.`,
  );
}

/** The run complete, every ordinal of the budget stored once, the lease given back, the store whole. */
function expectFinished(databasePath: string, budget: number): string[] {
  const seen = look(databasePath);
  expect(seen.run).toMatchObject({ status: 'completed', rows_done: budget });
  expect(seen.rows).toEqual({ n: budget, distinct_ordinals: budget, first: 0, last: budget - 1 });
  expect(seen.lease).toBeUndefined();
  expect(crashView(databasePath).integrity).toBe('ok');
  return seen.warnings;
}

function runEnd(context: AppContext, runId: string): Promise<EventPayload<'run-end'>> {
  return new Promise((resolve) => {
    const unsubscribe = context.events.subscribe((name, payload) => {
      if (name === 'run-end' && (payload as EventPayload<'run-end'>).run_id === runId) {
        unsubscribe();
        resolve(payload as EventPayload<'run-end'>);
      }
    });
  });
}

describe('one writer per run across processes', () => {
  it('refuses a second CLI while the first writes, then takes over from it after SIGKILL and finishes', { timeout: 180_000 }, async () => {
    const where = folder();
    const { dataDir, databasePath } = where;
    const budget = BUDGET;
    const { cli: first, runId } = await simulateUntil(where, 10);

    const second = wai(dataDir, 'runs', 'resume', runId);
    const refused = await second.exited;
    expect(refused.code).toBe(1);
    expect(second.output()).toMatch(refusalPattern(runId, 'wai simulate', first.child.pid!));
    expect(first.child.exitCode, 'the first writer finished before the second was refused: slow the agent (SLOW_MS)').toBeNull();
    const during = look(databasePath);
    expect(during.lease).toMatchObject({ pid: first.child.pid, program: 'wai simulate' });

    await killHard(
      first.child,
      first.exited.then(() => undefined),
    );
    const atKill = look(databasePath).rows.n;
    expect(atKill).toBeLessThan(budget);
    where.pace(0);
    const third = wai(dataDir, 'runs', 'resume', runId);
    expect((await third.exited).code, third.output()).toBe(0);
    expect(third.output()).toContain(`(${atKill} resumed)`);
    expect(third.output()).toMatch(
      new RegExp(`This run was taken over from a writer that stopped \\(wai simulate, pid ${first.child.pid} on this machine`),
    );
    const warnings = expectFinished(databasePath, budget);
    expect(warnings.filter((warning) => warning.startsWith('This run was taken over'))).toHaveLength(1);
  });

  it('gives the run to one of the CLI and the app at a time, in both directions', { timeout: 180_000 }, async () => {
    const where = folder();
    const { dataDir, databasePath } = where;
    const budget = BUDGET;
    const { cli: first, runId } = await simulateUntil(where, 10);
    app = createAppContext({ dataDir, mode: 'browser' });
    const context = app;

    // The app, started while the CLI writes, leaves the run to it; resuming it by hand is refused with the CLI's pid.
    expect(context.jobs.resumeInterrupted()).toEqual([]);
    const resumed = await dispatch(context, 'runs.resume', { run_id: runId });
    expect(resumed).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(!resumed.ok && resumed.error.message).toMatch(refusalPattern(runId, 'wai simulate', first.child.pid!));
    expect(first.child.exitCode, 'the CLI finished before the app was refused: slow the agent (SLOW_MS)').toBeNull();

    // The CLI dies; the app takes the run over in a worker thread, and now a CLI is refused with the app's pid.
    await killHard(
      first.child,
      first.exited.then(() => undefined),
    );
    const ended = runEnd(context, runId);
    expect(await dispatch(context, 'runs.resume', { run_id: runId })).toMatchObject({ ok: true });
    const late = wai(dataDir, 'runs', 'resume', runId);
    const refused = await late.exited;
    expect(context.jobs.isActive(runId), 'the app finished before the CLI was refused: slow the agent (SLOW_MS)').toBe(true);
    expect(refused.code).toBe(1);
    expect(late.output()).toMatch(refusalPattern(runId, 'While Studio in browser mode', process.pid));
    where.pace(0);
    expect(await ended).toMatchObject({ status: 'completed', stopped_because: 'budget' });
    const warnings = expectFinished(databasePath, budget);
    expect(warnings.some((warning) => warning.includes(`(wai simulate, pid ${first.child.pid} on this machine`))).toBe(true);
  });

  it(
    'takes over a writer frozen past the stale limit; woken, it stops without writing and exits non-zero',
    { timeout: 180_000 },
    async () => {
      const where = folder();
      const { dataDir, databasePath } = where;
      const budget = BUDGET;
      const { cli: frozen, runId } = await simulateUntil(where, 10);
      // Freeze it outside a transaction: a process stopped while it holds SQLite's write lock blocks every writer.
      const probe = openDatabase(databasePath);
      probe.pragma('busy_timeout = 0');
      for (;;) {
        frozen.child.kill('SIGSTOP');
        await sleep(50);
        try {
          probe.exec('BEGIN IMMEDIATE; ROLLBACK;');
          break;
        } catch {
          frozen.child.kill('SIGCONT');
          await sleep(5);
        }
      }
      probe.pragma('busy_timeout = 5000');
      const storedWhenFrozen = look(databasePath).rows.n;
      // Frozen but within the stale limit, it still holds the run (asked from here: a CLI can take seconds to start).
      expect(() => RunLease.acquire(probe, runId, 'a test')).toThrow(refusalPattern(runId, 'wai simulate', frozen.child.pid!));
      probe.close();

      await waitFor(
        'the frozen writer’s heartbeat to go stale',
        () => Date.now() - look(databasePath).lease!.heartbeat_at > STALE_MS + HEARTBEAT_MS / 2,
        60_000,
        200,
      );
      where.pace(0);
      const taker = wai(dataDir, 'runs', 'resume', runId);
      await waitFor(
        'the taker to hold the lease',
        () => look(databasePath).lease?.program === 'wai runs resume' || taker.child.exitCode !== null,
        60_000,
        20,
      );
      frozen.child.kill('SIGCONT');
      const woken = await frozen.exited;
      expect(woken.code, frozen.output()).toBe(1);
      expect(frozen.output()).toMatch(
        new RegExp(`Run ${runId} was taken over by another process \\(wai runs resume, pid ${taker.child.pid} on this machine`),
      );
      expect((await taker.exited).code, taker.output()).toBe(0);
      expect(taker.output()).toMatch(/(\d+) resumed/);
      expect(Number(/(\d+) resumed/.exec(taker.output())![1])).toBeGreaterThanOrEqual(storedWhenFrozen);
      const warnings = expectFinished(databasePath, budget);
      expect(
        warnings.some(
          (warning) =>
            warning.includes(`(wai simulate, pid ${frozen.child.pid} on this machine`) && warning.includes('no heartbeat for more than'),
        ),
      ).toBe(true);
    },
  );
});
