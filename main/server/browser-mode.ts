import { join } from 'node:path';
import { closeAppContext, createAppContext, type AppContextOptions } from '../services/app/app-context';
import { resolveDataDir } from '../services/app/data-dir';
import { builtPath } from './built-files';
import { startBrowserServer } from './http-server';
import { hasDesktopSession, openInBrowser } from './open-browser';

/** The built renderer this process serves (`npm run build` writes it). */
export function rendererDir(): string {
  return builtPath('renderer', import.meta.url) ?? join(process.cwd(), 'dist', 'renderer');
}

/**
 * The workers beside this module when it runs bundled (dist/cli/, as `npm start` and `npm run serve` run it); from
 * source, none, and each job service takes its own default.
 */
function bundledWorkers(): Pick<AppContextOptions, 'runWorkerPath' | 'gradeWorkerPath'> {
  if (typeof __dirname !== 'string') return {};
  return { runWorkerPath: join(__dirname, 'run-worker.cjs'), gradeWorkerPath: join(__dirname, 'grade-worker.cjs') };
}

export interface ServeOptions {
  port: number;
  dataDir?: string;
  /**
   * Open the URL in the default browser (default true). It opens only for a person at a terminal (standard output is
   * one) in a desktop session, so tests and scripts that start browser mode never open a window.
   */
  open?: boolean;
}

/** Starts browser mode and prints the URL to open; stops cleanly on Ctrl-C. */
export async function serve(options: ServeOptions): Promise<void> {
  const dataDir = options.dataDir ?? resolveDataDir();
  const context = createAppContext({ dataDir, mode: 'browser', ...bundledWorkers() });
  const server = await startBrowserServer(context, { port: options.port, rendererDir: rendererDir() });
  const resumed = context.jobs.resumeInterrupted();
  process.stdout.write(
    `While Studio is running in browser mode on 127.0.0.1 only.\n` +
      `Open ${server.url}\n` +
      `Data folder: ${dataDir}\n` +
      (resumed.length > 0 ? `Resuming ${resumed.length} interrupted run(s): ${resumed.join(', ')}\n` : '') +
      `Press Ctrl-C to stop.\n`,
  );
  if (options.open !== false && process.stdout.isTTY && hasDesktopSession()) {
    const failure = await openInBrowser(server.url);
    if (failure) process.stdout.write(`Could not open a browser (${failure}): open the URL above.\n`);
  }
  const stop = () => {
    void server
      .close()
      .then(() => closeAppContext(context))
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
