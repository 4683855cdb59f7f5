import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { openDatabase, type Db } from '../database';
import { runActiveTime, withActiveTime } from './run-active-time';
import { insertRow } from '../rows/rows-repository';
import { getRun, insertRun, updateRun } from './runs-repository';
import { sampleRow } from '../__fixtures__/sample-row';

const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });
const START = Date.parse('2026-03-01T09:00:00.000Z');

/** Stores rows of run `r`: each ends `at` ms after START, its rollout took `took` ms. */
function storeRows(db: Db, rows: readonly { at: number; took: number }[], from = 0): void {
  rows.forEach(({ at, took }, index) =>
    insertRow(db, sampleRow(from + index), { run_id: 'r', duration_ms: took, created_at: new Date(START + at).toISOString() }),
  );
}

function freshRun(): Db {
  const db = openDatabase(':memory:');
  insertRun(db, { id: 'r', name: 'r', status: 'completed', config, now: new Date(START).toISOString() });
  return db;
}

/** The run's last write (its end), `at` ms after START. */
function endAt(db: Db, at: number): void {
  updateRun(db, 'r', { status: 'completed' }, new Date(START + at).toISOString());
}

describe('run active time', () => {
  it('counts from Start to the end less the pause before a resume', () => {
    const db = freshRun();
    // One at a time: 10 rows of 1 s after 1 s of start-up, cancelled, resumed two hours later for 10 rows of 1.5 s.
    const before = Array.from({ length: 10 }, (_, index) => ({ at: 1_000 + (index + 1) * 1_000, took: 1_000 }));
    const resumedAt = 11_000 + 2 * 3_600_000;
    const after = Array.from({ length: 10 }, (_, index) => ({ at: resumedAt + (index + 1) * 1_500, took: 1_500 }));
    storeRows(db, [...before, ...after]);
    endAt(db, resumedAt + 15_300);
    expect(runActiveTime(db, 'r')).toEqual({ rows: 20, active_seconds: 26.3, stopped_seconds: 7_200, stopped_stretches: 1 });
  });

  it('counts a pause under a minute as running, and rows stored behind a slower one once', () => {
    const db = freshRun();
    // Concurrency 3: ordinal 0 takes 6 s; 1 and 2 finish at 2 s and 3 s but are stored with it, at 6 s.
    storeRows(db, [
      { at: 6_000, took: 6_000 },
      { at: 6_000, took: 2_000 },
      { at: 6_000, took: 3_000 },
      { at: 8_000, took: 5_000 },
      { at: 9_000, took: 2_000 },
      // Cancelled and resumed 40 s later: under a minute with nothing in flight, so counted.
      { at: 51_000, took: 2_000 },
    ]);
    endAt(db, 51_500);
    expect(runActiveTime(db, 'r')).toEqual({ rows: 6, active_seconds: 51.5, stopped_seconds: 0, stopped_stretches: 0 });
  });

  it('leaves out any stretch over a minute with nothing in flight, two pauses as two', () => {
    const db = freshRun();
    storeRows(db, [
      { at: 2_000, took: 1_000 },
      { at: 3_000, took: 1_000 },
      // 90 s with nothing in flight, then 10 minutes.
      { at: 94_000, took: 1_000 },
      { at: 695_000, took: 1_000 },
    ]);
    endAt(db, 695_000);
    expect(runActiveTime(db, 'r')).toEqual({ rows: 4, active_seconds: 5, stopped_seconds: 690, stopped_stretches: 2 });
  });

  it('gives nothing for a run without rows or with unreadable stamps, and nothing while a run is live', () => {
    const db = freshRun();
    expect(runActiveTime(db, 'r')).toBeNull();
    insertRow(db, sampleRow(0), { run_id: 'r', duration_ms: 5, created_at: 'not a time' });
    expect(runActiveTime(db, 'r')).toBeNull();
    storeRows(db, [{ at: 2_000, took: 500 }], 1);
    endAt(db, 2_000);
    expect(runActiveTime(db, 'r')).toEqual({ rows: 1, active_seconds: 2, stopped_seconds: 0, stopped_stretches: 0 });

    const detail = { run: getRun(db, 'r')!, summary: null, batches: [] };
    expect(withActiveTime(db, detail).active_time).toEqual({ rows: 1, active_seconds: 2, stopped_seconds: 0, stopped_stretches: 0 });
    expect(withActiveTime(db, { ...detail, run: { ...detail.run, status: 'running' } }).active_time).toBeNull();
  });

  it('reads a stopped run once, and again when it has written since', () => {
    const db = freshRun();
    storeRows(db, [{ at: 2_000, took: 1_000 }]);
    endAt(db, 2_000);
    const detail = { run: getRun(db, 'r')!, summary: null, batches: [] };
    expect(withActiveTime(db, detail).active_time?.active_seconds).toBe(2);
    // Resumed after two minutes: a row and a new end, but the detail read before them keeps the kept value.
    storeRows(db, [{ at: 124_000, took: 1_000 }], 1);
    endAt(db, 124_000);
    expect(withActiveTime(db, detail).active_time?.active_seconds).toBe(2);
    // The run as stored now: its stamp moved, so it is read again.
    expect(withActiveTime(db, { ...detail, run: getRun(db, 'r')! }).active_time).toMatchObject({ active_seconds: 3, stopped_stretches: 1 });
  });

  it('reads a 10,000-row run in well under a second', () => {
    const db = freshRun();
    const insert = db.prepare(
      `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history,
                         writer, turns, ended_by, duration_ms, created_at, body)
       VALUES (?, 'r', ?, 'ro', 'sc', 't', 'r', 's', 'w', 'c', 'h', 'structured', 1, 'agent', 40, ?, '{}')`,
    );
    db.transaction(() => {
      for (let ordinal = 0; ordinal < 10_000; ordinal++)
        insert.run(`r:${ordinal}`, ordinal, new Date(START + (ordinal + 1) * 50).toISOString());
    })();
    endAt(db, 500_000);
    const started = performance.now();
    const time = runActiveTime(db, 'r')!;
    const elapsed = performance.now() - started;
    // 40 ms of every 50 ms in flight: short gaps, all running.
    expect(time).toEqual({ rows: 10_000, active_seconds: 500, stopped_seconds: 0, stopped_stretches: 0 });
    expect(elapsed).toBeLessThan(1_000);
  });
});
