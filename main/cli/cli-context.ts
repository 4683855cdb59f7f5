import type { Command } from 'commander';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { resolveDataDir } from '../services/app/data-dir';

/** Opens the store for one command and always closes it. */
export async function withContext<T>(program: Command, action: (context: AppContext) => T | Promise<T>): Promise<T> {
  const { dataDir } = program.opts<{ dataDir?: string }>();
  const context = createAppContext({ dataDir: dataDir ?? resolveDataDir(), mode: 'cli' });
  try {
    return await action(context);
  } finally {
    await closeAppContext(context);
  }
}
