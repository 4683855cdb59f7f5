import { join } from 'node:path';
import type { AppMode } from '../../shared/api';
import { DATABASE_FILE, openDatabase, type Db } from '../store/database';
import { EventBus } from './event-bus';
import { ExportJobs } from './export-jobs';
import { GradeJobs } from './grade-jobs';
import { RunJobs } from './run-jobs';
import type { KeyStore } from './secrets';
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
  /** Grading jobs, also in worker threads. */
  gradeJobs: GradeJobs;
  /** Exports and Hub pushes in progress. */
  exportJobs: ExportJobs;
  now: () => Date;
  /** The desktop's stored model keys (safeStorage); absent in browser mode and the CLI, which read the environment. */
  keys?: KeyStore;
}

export interface AppContextOptions {
  dataDir: string;
  mode: AppMode;
  now?: () => Date;
  /** The worker entry files; the desktop bundle passes its own. */
  runWorkerPath?: URL | string;
  gradeWorkerPath?: URL | string;
  keys?: KeyStore;
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
    ...(options.keys ? { keys: options.keys } : {}),
  } as AppContext;
  context.jobs = new RunJobs(context, options.runWorkerPath);
  context.gradeJobs = new GradeJobs(context, options.gradeWorkerPath);
  context.exportJobs = new ExportJobs(context);
  return context;
}

export async function closeAppContext(context: AppContext): Promise<void> {
  await Promise.all([context.jobs.stopAll(), context.gradeJobs.stopAll(), context.exportJobs.stopAll()]);
  context.db.close();
}
