import { Command, InvalidArgumentError } from 'commander';
import { fileURLToPath } from 'node:url';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { resolveDataDir } from '../services/app/data-dir';
import { startBrowserServer } from './http-server';

export const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer', import.meta.url));

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return port;
}

/** Starts browser mode and prints the URL to open; stops cleanly on Ctrl-C. */
export async function serve(options: { port: number; dataDir?: string }): Promise<void> {
  const dataDir = options.dataDir ?? resolveDataDir();
  const context = createAppContext({ dataDir, mode: 'browser' });
  const server = await startBrowserServer(context, { port: options.port, rendererDir: RENDERER_DIR });
  const resumed = context.jobs.resumeInterrupted();
  process.stdout.write(
    `While Studio is running in browser mode on 127.0.0.1 only.\n` +
      `Open ${server.url}\n` +
      `Data folder: ${dataDir}\n` +
      (resumed.length > 0 ? `Resuming ${resumed.length} interrupted run(s): ${resumed.join(', ')}\n` : '') +
      `Press Ctrl-C to stop.\n`,
  );
  const stop = () => {
    void server
      .close()
      .then(() => closeAppContext(context))
      .then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const program = new Command('serve')
    .description('Serve While Studio in browser mode on 127.0.0.1')
    .option('--port <port>', 'port to listen on (default: a free one)', portNumber, 0)
    .option('--data-dir <dir>', 'data folder (default: $WHILE_STUDIO_DATA_DIR or the platform user-data folder)')
    .action(async (options: { port: number; dataDir?: string }) => serve(options));
  program.parseAsync().catch((error: unknown) => {
    process.stderr.write(`While Studio could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
