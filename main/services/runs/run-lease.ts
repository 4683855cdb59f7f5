import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppMode, RunWriter } from '../../../shared/api';
import type { Db } from '../../store/database';
import type { StoreWrite } from '../../store/store-write';
import {
  acquireRunLease,
  getRunLease,
  releaseRunLease,
  renewRunLease,
  renewRunLeaseWrite,
  runLeaseToken,
  type LeaseHolder,
  type RunLeaseRecord,
} from '../../store/runs/run-leases-repository';
import { getRun, updateRun } from '../../store/runs/runs-repository';
import { ServiceError } from '../app/service-error';
import { processExists } from '../app/process-exists';

/**
 * How often the writer of a run moves its heartbeat on (ms). Rows land many times a second offline, and each row's
 * transaction renews the heartbeat when it is this old; a timer renews it too while slow model calls are in flight.
 */
export const HEARTBEAT_MS = 2_000;

/**
 * A lease whose heartbeat is older than this (ms) is taken over even if its process still exists (stopped, frozen,
 * or on another machine). Five heartbeats, and more than the store's busy timeout (5 s) plus one heartbeat, so a
 * writer waiting its turn behind a long transaction of another process is not mistaken for a stalled one. A holder
 * that is gone from this machine is taken over at once, whatever its heartbeat.
 */
export const STALE_MS = 10_000;

/** The failure of a renewal write whose lease is another's. */
const LEASE_LOST = 'the run lease is no longer held by this process';

const lostMarker = Symbol.for('while-studio.RunLeaseLostError');

/** Thrown by a writer that finds its run's lease taken over: it stops without writing anything more. */
export class RunLeaseLostError extends Error {
  readonly [lostMarker] = true;

  constructor(message: string) {
    super(message);
    this.name = 'RunLeaseLostError';
  }

  static isInstance(error: unknown): error is RunLeaseLostError {
    return typeof error === 'object' && error !== null && lostMarker in error;
  }
}

/** How another process's refusal names this one (the program its leases carry). */
export function leaseProgram(mode: AppMode): string {
  switch (mode) {
    case 'browser':
      return 'While Studio in browser mode';
    case 'desktop':
      return 'the While Studio app';
    case 'cli':
      return 'wai';
    default: {
      const unreachable: never = mode;
      return unreachable;
    }
  }
}

/** A fresh holder for this process: its pid and host, and a token no other acquisition shares. */
export function newLeaseHolder(program: string): LeaseHolder {
  return { token: randomUUID(), pid: process.pid, host: hostname(), program };
}

export type LeaseState = 'live' | 'stale' | 'gone';

/** A lease stands while its heartbeat is recent and, on this machine, its process exists. */
export function leaseState(lease: RunLeaseRecord, nowMs: number): LeaseState {
  if (lease.host === hostname() && !processExists(lease.pid)) return 'gone';
  return nowMs - lease.heartbeat_at > STALE_MS ? 'stale' : 'live';
}

/** Who writes a run, as the Run view and the Runs list show it: this app's own worker, or another process. */
export function runWriter(lease: RunLeaseRecord, isThisApp: boolean, nowMs: number): RunWriter {
  return {
    where: isThisApp ? 'this_app' : 'elsewhere',
    program: lease.program,
    pid: lease.pid,
    host: lease.host,
    this_machine: lease.host === hostname(),
    state: leaseState(lease, nowMs),
    heartbeat_seconds_ago: Math.max(0, Math.round((nowMs - lease.heartbeat_at) / 1000)),
  };
}

/** "wai simulate, pid 1234 on this machine, last heartbeat 2 s ago" (`since`: what the seconds count back from). */
export function describeHolder(lease: RunLeaseRecord, nowMs: number, since = 'ago'): string {
  const where = lease.host === hostname() ? 'this machine' : `host ${lease.host}`;
  const seconds = Math.max(0, Math.round((nowMs - lease.heartbeat_at) / 1000));
  return `${lease.program}, pid ${lease.pid} on ${where}, last heartbeat ${seconds} s ${since}`;
}

export function leaseConflictMessage(runId: string, lease: RunLeaseRecord, nowMs: number): string {
  return `Run ${runId} is being written by another process (${describeHolder(lease, nowMs)}); wait for it or stop it.`;
}

function takeoverWarning(previous: RunLeaseRecord, state: LeaseState, nowMs: number): string {
  const why =
    state === 'gone'
      ? 'that process no longer exists'
      : `no heartbeat for more than ${STALE_MS / 1000} s; if it wakes it stops without writing`;
  return (
    `This run was taken over from a writer that stopped (${describeHolder(previous, nowMs, 'before the takeover')}; ${why}); it ` +
    `resumed from its stored rows.`
  );
}

/** The live lease another holder has on a run, if any (for a caller deciding whether to touch the run at all). */
export function liveLeaseOf(db: Db, runId: string, nowMs = Date.now()): RunLeaseRecord | undefined {
  const lease = getRunLease(db, runId);
  return lease && leaseState(lease, nowMs) === 'live' ? lease : undefined;
}

export interface LeaseOptions {
  /** Wall clock in ms (the lease is compared across processes, so never a test's fixed clock unless all share it). */
  clock?: () => number;
}

/**
 * This process's right to write one run. Every write of the run happens in a transaction that first calls
 * `assertHeld()`, so once another process has taken the lease over not one more row lands from here.
 */
export class RunLease {
  #lost = false;
  #lastRenewal: number;
  readonly #clock: () => number;

  private constructor(
    private readonly db: Db,
    readonly runId: string,
    readonly holder: LeaseHolder,
    options: LeaseOptions,
  ) {
    this.#clock = options.clock ?? Date.now;
    this.#lastRenewal = this.#clock();
  }

  /**
   * Takes the run's lease for `program`, or throws ServiceError CONFLICT naming the process that writes it. Taking
   * over a stalled or dead writer's lease adds a warning to the run in the same transaction.
   */
  static acquire(db: Db, runId: string, program: string, options: LeaseOptions = {}): RunLease {
    const clock = options.clock ?? Date.now;
    const holder = newLeaseHolder(program);
    const now = clock();
    const outcome = acquireRunLease(db, runId, holder, now, {
      isLive: (lease) => leaseState(lease, now) === 'live',
      onTakeover: (previous) => {
        const run = getRun(db, runId);
        if (!run) return;
        const warning = takeoverWarning(previous, leaseState(previous, now), now);
        updateRun(db, runId, { warnings: [...run.warnings, warning] }, new Date(now).toISOString());
      },
    });
    if (outcome.kind === 'held') throw new ServiceError('CONFLICT', leaseConflictMessage(runId, outcome.lease, now));
    return new RunLease(db, runId, holder, options);
  }

  /** The lease another thread of this process took (a run's worker writes under its parent's lease). */
  static adopt(db: Db, runId: string, holder: LeaseHolder, options: LeaseOptions = {}): RunLease {
    return new RunLease(db, runId, holder, options);
  }

  get lost(): boolean {
    return this.#lost;
  }

  /**
   * Call inside each write transaction of the run (IMMEDIATE, so no other writer slips in between): throws
   * RunLeaseLostError once the lease is another's, and renews the heartbeat when it is due.
   */
  assertHeld(): void {
    if (!this.#lost && runLeaseToken(this.db, this.runId) !== this.holder.token) this.#lost = true;
    if (this.#lost) throw new RunLeaseLostError(this.#lostMessage());
    const now = this.#clock();
    if (now - this.#lastRenewal >= HEARTBEAT_MS) {
      renewRunLease(this.db, this.runId, this.holder.token, now);
      this.#lastRenewal = now;
    }
  }

  /**
   * The write that comes first in each transaction of a writer on another connection (off-thread-writes.ts): it renews
   * the heartbeat, and fails unless the lease is still this process's. Report how it ended with `settleRenewal`.
   */
  renewalWrite(): StoreWrite {
    return renewRunLeaseWrite(this.runId, this.holder.token, this.#clock(), LEASE_LOST);
  }

  /**
   * How a renewal write ended: committed with its transaction, failed as the lease is another's, or rolled back by
   * another write's failure. The error to throw once the lease is lost.
   */
  settleRenewal(outcome: 'renewed' | 'lost' | 'unknown'): RunLeaseLostError | null {
    if (outcome === 'lost') this.#lost = true;
    else if (outcome === 'renewed') this.#lastRenewal = this.#clock();
    return this.#lost ? new RunLeaseLostError(this.#lostMessage()) : null;
  }

  /** Renews the heartbeat now; false (and `lost` from then on) when the lease was taken over. */
  heartbeat(): boolean {
    if (this.#lost) return false;
    const now = this.#clock();
    try {
      if (!renewRunLease(this.db, this.runId, this.holder.token, now)) this.#lost = true;
      else this.#lastRenewal = now;
    } catch {
      // The store is busy with another process's write: the next beat tries again (the stale limit allows for it).
    }
    return !this.#lost;
  }

  /** Renews the heartbeat every HEARTBEAT_MS until the returned function is called. */
  startHeartbeat(): () => void {
    // A writer that renews with each transaction (renewalWrite) leaves the timer nothing to do while rows land.
    const timer = setInterval(() => {
      if (this.#clock() - this.#lastRenewal >= HEARTBEAT_MS / 2) this.heartbeat();
    }, HEARTBEAT_MS);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** Gives the lease up (a no-op when it was lost or already released). */
  release(): void {
    if (this.#lost) return;
    releaseRunLease(this.db, this.runId, this.holder.token);
  }

  #lostMessage(): string {
    const now = this.#clock();
    const current = getRunLease(this.db, this.runId);
    const by = current ? ` by another process (${describeHolder(current, now)})` : '';
    const stalled = Math.round((now - this.#lastRenewal) / 1000);
    return (
      `Run ${this.runId} was taken over${by} after this process went ${stalled} s without a heartbeat; this process stopped ` +
      `writing it.`
    );
  }
}
