// Loaded inside the export's worker threads (see writeTrainingParallel): each reads its own pages of rows from the
// store on its own read-only connection, so rows never cross between threads.
import Database from 'better-sqlite3';
import type { ExportInput } from '../../../engine/index';
import type { Db } from '../../store/database';
import { readRows } from './export-rows';

export interface PageSourceData {
  databasePath: string;
  /** Store ids of one split's rows, in file order. */
  ids: string[];
}

let connection: { path: string; db: Db } | null = null;

function database(path: string): Db {
  if (connection?.path !== path) {
    connection?.db.close();
    const db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    connection = { path, db };
  }
  return connection.db;
}

/** Rows [start, end) of the split, as the exporters read them. */
export function rowPage(data: PageSourceData, start: number, end: number): Generator<ExportInput> {
  return readRows(database(data.databasePath), data.ids.slice(start, end));
}
