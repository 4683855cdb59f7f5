import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../../../shared/domain';
import { migrate, schemaVersion } from '../../../migrate';
import { acquireRunLease, getRunLease, releaseRunLease, renewRunLease, runLeaseToken } from '../../../runs/run-leases-repository';
import { insertRun } from '../../../runs/runs-repository';
import { runLeases } from './009-run-leases';
import { MIGRATIONS } from '../../index';

const NOW = '2026-01-01T00:00:00.000Z';
const HOLDER = { token: 'token-a', pid: 1234, host: 'here', program: 'wai simulate' };

function storeWithRun(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:');
  insertRun(db, {
    id: 'run_a',
    name: 'a',
    status: 'running',
    config: RunConfig.parse({ source: { kind: 'describe', sentence: 'an orders desk that refunds after confirmation' } }),
    now: NOW,
  });
  return db;
}

describe('migration 009 (run-leases)', () => {
  it('is registered as version 9 and adds a strict run_leases table keyed by run', () => {
    expect(MIGRATIONS[8]).toBe(runLeases);
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 8));
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(9);
    const table = (db.prepare('PRAGMA table_list').all() as { name: string; strict: number; wr: number }[]).find(
      (entry) => entry.name === 'run_leases',
    );
    expect(table).toMatchObject({ strict: 1, wr: 1 });
    const columns = db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all('run_leases') as {
      name: string;
      type: string;
      pk: number;
    }[];
    expect(columns.map((column) => `${column.name} ${column.type}${column.pk ? ' pk' : ''}`)).toEqual([
      'run_id TEXT pk',
      'token TEXT',
      'pid INTEGER',
      'host TEXT',
      'program TEXT',
      'acquired_at INTEGER',
      'heartbeat_at INTEGER',
    ]);
  });

  it('reads the token per row written by its primary key, and the lease goes with its run', () => {
    const db = storeWithRun();
    const plan = (db.prepare('EXPLAIN QUERY PLAN SELECT token FROM run_leases WHERE run_id = ?').all('run_a') as { detail: string }[])
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toContain('SEARCH run_leases USING PRIMARY KEY (run_id=?)');
    expect(acquireRunLease(db, 'run_a', HOLDER, 1_000, { isLive: () => true })).toEqual({ kind: 'acquired' });
    db.prepare("DELETE FROM runs WHERE id = 'run_a'").run();
    expect(getRunLease(db, 'run_a')).toBeUndefined();
  });

  it('gives a run to one holder at a time: a live lease is refused, a dead one replaced, and only its token renews or releases it', () => {
    const db = storeWithRun();
    expect(acquireRunLease(db, 'run_a', HOLDER, 1_000, { isLive: () => true })).toEqual({ kind: 'acquired' });
    const other = { ...HOLDER, token: 'token-b', pid: 99 };
    expect(acquireRunLease(db, 'run_a', other, 2_000, { isLive: () => true })).toEqual({
      kind: 'held',
      lease: { run_id: 'run_a', ...HOLDER, acquired_at: 1_000, heartbeat_at: 1_000 },
    });
    expect(renewRunLease(db, 'run_a', HOLDER.token, 3_000)).toBe(true);
    const replaced: string[] = [];
    const outcome = acquireRunLease(db, 'run_a', other, 4_000, {
      isLive: () => false,
      onTakeover: (previous) => replaced.push(previous.token),
    });
    expect(outcome).toMatchObject({ kind: 'acquired', previous: { token: 'token-a', heartbeat_at: 3_000 } });
    expect(replaced).toEqual(['token-a']);
    expect(runLeaseToken(db, 'run_a')).toBe('token-b');
    expect(renewRunLease(db, 'run_a', HOLDER.token, 5_000)).toBe(false);
    expect(releaseRunLease(db, 'run_a', HOLDER.token)).toBe(false);
    expect(releaseRunLease(db, 'run_a', other.token)).toBe(true);
    expect(getRunLease(db, 'run_a')).toBeUndefined();
  });
});
