import type { Db } from '../../store/database';
import { OffThreadWrites, type WriteOutcome } from '../../store/off-thread-writes';
import { runWrites, type StoreWrite } from '../../store/store-write';
import type { RunLease } from './run-lease';

/** A write run inside the run's own IMMEDIATE transaction, which first checks the run's lease. */
export type Leased = <A extends unknown[]>(write: (...args: A) => void) => (...args: A) => void;

/**
 * Commits one list of writes in one transaction under the run's lease: on this thread at once (it throws on failure),
 * or later on a writer thread (its promise tells how it ended).
 */
type Commit = (writes: readonly StoreWrite[]) => void | Promise<WriteOutcome>;

/**
 * A run's writes while it runs, each list in one transaction under the run's lease, committed in the order given and
 * each followed by its callback. A run whose rows wait on model calls writes a store in a file on a thread of its own
 * (off-thread-writes.ts), so the run's thread goes on with its calls meanwhile. Other runs write on this thread at
 * once: a store in memory (tests), and offline runs, whose rows land without the thread ever waiting, so a writer
 * thread's reports would come batches after the rows (and a cancel counted from them batches late). After a failure
 * nothing more is written and every later call throws the first failure.
 */
export class RunWrites {
  #last: Promise<void> = Promise.resolve();
  #failure: { error: unknown } | null = null;

  private constructor(
    private readonly commit: Commit,
    private readonly writer: OffThreadWrites | null,
  ) {}

  static forRun(db: Db, lease: RunLease, leased: Leased, options: { isOffline: boolean }): RunWrites {
    if (db.memory || options.isOffline)
      return new RunWrites(
        leased((writes: readonly StoreWrite[]) => runWrites(db, writes)),
        null,
      );
    const writer = new OffThreadWrites(db.name);
    return new RunWrites(async (writes) => {
      const outcome = await writer.write([lease.renewalWrite(), ...writes]);
      // The renewal comes first: its failure (index 0) says the lease is another's; any other leaves it held.
      const lost = lease.settleRenewal(outcome.ok ? 'renewed' : outcome.index === 0 ? 'lost' : 'unknown');
      if (lost) throw lost;
      if (!outcome.ok) throw new Error(outcome.message);
      return outcome;
    }, writer);
  }

  get hasFailed(): boolean {
    return this.#failure !== null;
  }

  /** Queues `writes` (none: only `then`, after those before); `then` runs once they are committed. */
  write(writes: readonly StoreWrite[], then?: () => void): void {
    this.throwIfFailed();
    let committed: void | Promise<unknown> = undefined;
    if (writes.length > 0) {
      try {
        committed = this.commit(writes);
      } catch (error) {
        this.#fail(error);
        throw error;
      }
    }
    // Marked handled here: its failure is recorded in order, once the writes before it have settled.
    void committed?.catch(() => undefined);
    this.#last = this.#last
      .then(() => committed)
      .then(() => {
        if (this.#failure === null) then?.();
      })
      .catch((error: unknown) => this.#fail(error));
  }

  throwIfFailed(): void {
    if (this.#failure !== null) throw this.#failure.error;
  }

  /** Once every queued write has settled, committed or failed. */
  drained(): Promise<void> {
    return this.#last;
  }

  /** Once every queued write is committed; throws the first failure. */
  async settled(): Promise<void> {
    await this.#last;
    this.throwIfFailed();
  }

  async close(): Promise<void> {
    await this.#last;
    await this.writer?.close();
  }

  #fail(error: unknown): void {
    this.#failure ??= { error };
  }
}
