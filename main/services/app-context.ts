import { join } from 'node:path';
import type { AppMode } from '../../shared/api';
import { DATABASE_FILE, openDatabase, type Db } from '../store/database';
import { EventBus } from './event-bus';
import { RunJobs } from './run-jobs';
import { APP_VERSION } from './version';

/** What every service needs: the store, the data folder, the mode, the event bus and the clock. */
export interface AppContext {
  db: Db;
  dataDir: string;
  databasePath: string;
  mode: AppMode;
  version: string;
  events: EventBus;
  /** Runs executing in worker threads of this process. */
  jobs: RunJobs;
  now: () => Date;
}

export interface AppContextOptions {
  dataDir: string;
  mode: AppMode;
  now?: () => Date;
  /** The run worker's entry file; the desktop bundle passes its own. */
  runWorkerPath?: URL | string;
}

export function createAppContext(options: AppContextOptions): AppContext {
  const databasePath = join(options.dataDir, DATABASE_FILE);
  const context = {
    db: openDatabase(databasePath),
    dataDir: options.dataDir,
    databasePath,
    mode: options.mode,
    version: APP_VERSION,
    events: new EventBus(),
    now: options.now ?? (() => new Date()),
  } as AppContext;
  context.jobs = new RunJobs(context, options.runWorkerPath);
  return context;
}

export async function closeAppContext(context: AppContext): Promise<void> {
  await context.jobs.stopAll();
  context.db.close();
}
