import { join } from 'node:path';
import type { AppMode } from '../../../shared/api';
import { DATABASE_FILE, openDatabase, type Db } from '../../store/database';
import { OffThreadReads } from '../../store/off-thread-reads';
import { EventBus } from './event-bus';
import { ExportJobs } from '../exports/export-jobs';
import { GradeJobs } from '../grading/grade-jobs';
import { RunJobs } from '../runs/run-jobs';
import { MemoryKeyStore, type KeyStore } from '../settings/secrets';
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
  /**
   * Secrets held in this process's memory only: where browser mode keeps a Hugging Face token typed in Settings
   * (it has no OS keychain, and nothing secret is written to disk). Model keys never go here.
   */
  sessionSecrets: KeyStore;
  /** The desktop's folder picker (Electron's dialog); absent elsewhere. Resolves null when the person cancels. */
  chooseFolder?: FolderPicker;
  /** Long reads on the store's own reader thread (started at the first), so requests do not wait behind them. */
  reads: OffThreadReads;
}

export type FolderPicker = (options: { title?: string; default_path?: string }) => Promise<string | null>;

export interface AppContextOptions {
  dataDir: string;
  mode: AppMode;
  now?: () => Date;
  /** The worker entry files; the desktop bundle passes its own. */
  runWorkerPath?: URL | string;
  gradeWorkerPath?: URL | string;
  keys?: KeyStore;
  chooseFolder?: FolderPicker;
}

export function createAppContext(options: AppContextOptions): AppContext {
  const databasePath = join(options.dataDir, DATABASE_FILE);
  const base: Omit<AppContext, 'jobs' | 'gradeJobs' | 'exportJobs'> = {
    reads: new OffThreadReads(databasePath),
    db: openDatabase(databasePath),
    dataDir: options.dataDir,
    databasePath,
    mode: options.mode,
    version: APP_VERSION,
    events: new EventBus(),
    now: options.now ?? (() => new Date()),
    ...(options.keys ? { keys: options.keys } : {}),
    sessionSecrets: new MemoryKeyStore(),
    ...(options.chooseFolder ? { chooseFolder: options.chooseFolder } : {}),
  };
  const context = base as AppContext;
  context.jobs = new RunJobs(context, options.runWorkerPath);
  context.gradeJobs = new GradeJobs(context, options.gradeWorkerPath);
  context.exportJobs = new ExportJobs(context);
  return context;
}

export async function closeAppContext(context: AppContext): Promise<void> {
  await Promise.all([context.jobs.stopAll(), context.gradeJobs.stopAll(), context.exportJobs.stopAll(), context.reads.close()]);
  context.db.close();
}
