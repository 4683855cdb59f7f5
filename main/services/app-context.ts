import { join } from 'node:path';
import type { AppMode } from '../../shared/api';
import { DATABASE_FILE, openDatabase, type Db } from '../store/database';
import { EventBus } from './event-bus';
import { APP_VERSION } from './version';

/** What every service needs: the store, the data folder, the mode, the event bus and the clock. */
export interface AppContext {
  db: Db;
  dataDir: string;
  databasePath: string;
  mode: AppMode;
  version: string;
  events: EventBus;
  now: () => Date;
}

export function createAppContext(options: { dataDir: string; mode: AppMode; now?: () => Date }): AppContext {
  const databasePath = join(options.dataDir, DATABASE_FILE);
  return {
    db: openDatabase(databasePath),
    dataDir: options.dataDir,
    databasePath,
    mode: options.mode,
    version: APP_VERSION,
    events: new EventBus(),
    now: options.now ?? (() => new Date()),
  };
}

export function closeAppContext(context: AppContext): void {
  context.db.close();
}
