import { statement, type Db } from './database';

/**
 * One write statement as data: built on the run's thread, run there or on a writer thread's own connection
 * (off-thread-writes.ts). `parameters` is an array (positional) or an object (named); a write with `mustChangeOne`
 * fails with that message unless it changed exactly one row.
 */
export interface StoreWrite {
  sql: string;
  parameters: unknown[] | Record<string, unknown>;
  mustChangeOne?: string;
}

/** Runs `writes` in order on `db` (the caller holds the transaction). */
export function runWrites(db: Db, writes: readonly StoreWrite[]): void {
  for (const write of writes) {
    const prepared = statement(db, write.sql);
    const { changes } = Array.isArray(write.parameters) ? prepared.run(...write.parameters) : prepared.run(write.parameters);
    if (write.mustChangeOne !== undefined && changes !== 1) throw new Error(write.mustChangeOne);
  }
}
