import { statement, type Db } from '../database';
import type { StoreWrite } from '../store-write';

/** Who holds a run's lease (migration 009). Times are milliseconds since the Unix epoch. */
export interface RunLeaseRecord {
  run_id: string;
  /** Random per acquisition: the holder writes only while the row carries it. */
  token: string;
  pid: number;
  host: string;
  /** What the holder is, for the person reading a refusal: "wai simulate", "While Studio (browser mode)". */
  program: string;
  acquired_at: number;
  heartbeat_at: number;
}

export type LeaseHolder = Pick<RunLeaseRecord, 'token' | 'pid' | 'host' | 'program'>;

export type AcquireOutcome =
  /** `previous`: the lease this one replaced (its holder stalled or died); absent when the run was free. */
  { kind: 'acquired'; previous?: RunLeaseRecord } | { kind: 'held'; lease: RunLeaseRecord };

export interface AcquireOptions {
  /** Whether an existing lease of another holder still stands (a recent heartbeat and a living process). */
  isLive(lease: RunLeaseRecord): boolean;
  /** Runs in the same transaction as a takeover (the run's warning is stored with it, or not at all). */
  onTakeover?(previous: RunLeaseRecord): void;
}

export function getRunLease(db: Db, runId: string): RunLeaseRecord | undefined {
  return statement<[string], RunLeaseRecord>(db, 'SELECT * FROM run_leases WHERE run_id = ?').get(runId);
}

/**
 * The leases of a page of runs, in one query (the Runs list reads it every few seconds while another process writes
 * one of its runs): one primary-key lookup per id, whatever the number of runs in the store.
 */
export function leasesOfRuns(db: Db, runIds: readonly string[]): RunLeaseRecord[] {
  if (runIds.length === 0) return [];
  return statement<[string], RunLeaseRecord>(
    db,
    'SELECT run_leases.* FROM json_each(?) AS ids JOIN run_leases ON run_leases.run_id = ids.value',
  ).all(JSON.stringify(runIds));
}

/**
 * Takes a run's lease unless another holder's lease is live. One IMMEDIATE transaction: the read, the decision and the
 * write hold the store's write lock together, so of two processes trying at once exactly one gets the lease.
 */
export function acquireRunLease(db: Db, runId: string, holder: LeaseHolder, nowMs: number, options: AcquireOptions): AcquireOutcome {
  return db
    .transaction((): AcquireOutcome => {
      const current = getRunLease(db, runId);
      if (current === undefined) {
        statement(
          db,
          `INSERT INTO run_leases (run_id, token, pid, host, program, acquired_at, heartbeat_at)
           VALUES (@run_id, @token, @pid, @host, @program, @now, @now)`,
        ).run({ run_id: runId, ...holder, now: nowMs });
        return { kind: 'acquired' };
      }
      if (current.token !== holder.token && options.isLive(current)) return { kind: 'held', lease: current };
      statement(
        db,
        `UPDATE run_leases SET token = @token, pid = @pid, host = @host, program = @program, acquired_at = @now, heartbeat_at = @now
         WHERE run_id = @run_id AND token = @previous`,
      ).run({ run_id: runId, ...holder, now: nowMs, previous: current.token });
      if (current.token === holder.token) return { kind: 'acquired' };
      options.onTakeover?.(current);
      return { kind: 'acquired', previous: current };
    })
    .immediate();
}

/** The token now on a run's lease (undefined when nobody holds it). Cheap: one primary-key read. */
export function runLeaseToken(db: Db, runId: string): string | undefined {
  return statement<[string], { token: string }>(db, 'SELECT token FROM run_leases WHERE run_id = ?').get(runId)?.token;
}

const RENEW_SQL = 'UPDATE run_leases SET heartbeat_at = ? WHERE run_id = ? AND token = ?';

/** Moves the heartbeat on; false when the lease is no longer this token's. */
export function renewRunLease(db: Db, runId: string, token: string, nowMs: number): boolean {
  return statement(db, RENEW_SQL).run(nowMs, runId, token).changes === 1;
}

/** renewRunLease as a write that fails (with `lost`) when the lease is no longer this token's. */
export function renewRunLeaseWrite(runId: string, token: string, nowMs: number, lost: string): StoreWrite {
  return { sql: RENEW_SQL, parameters: [nowMs, runId, token], mustChangeOne: lost };
}

/** Gives the lease up; false when it was not this token's (released already, or taken over). */
export function releaseRunLease(db: Db, runId: string, token: string): boolean {
  return statement(db, 'DELETE FROM run_leases WHERE run_id = ? AND token = ?').run(runId, token).changes === 1;
}

/**
 * When the run's latest rows (by ordinal, at most `limit`) were stored, as ISO stamps: the pace of a run another
 * process writes is read from them. One walk down the run's (run_id, ordinal) index.
 */
export function latestRowStamps(db: Db, runId: string, limit: number): string[] {
  return statement<[string, number], { created_at: string }>(
    db,
    'SELECT created_at FROM rows WHERE run_id = ? ORDER BY ordinal DESC LIMIT ?',
  )
    .all(runId, limit)
    .map((record) => record.created_at);
}
