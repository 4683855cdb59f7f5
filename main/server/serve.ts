import { Command, InvalidArgumentError } from 'commander';
import { serve } from './browser-mode';

// `npm run serve [-- --port N --data-dir DIR --no-open]`: browser mode alone (`npm start` tries the desktop first).

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return port;
}

const program = new Command('serve')
  .description('Serve While Studio in browser mode on 127.0.0.1')
  .option('--port <port>', 'port to listen on (default: a free one)', portNumber, 0)
  .option('--data-dir <dir>', 'data folder (default: $WHILE_STUDIO_DATA_DIR or the platform user-data folder)')
  .option('--no-open', 'do not open the URL in the default browser')
  .action(async (options: { port: number; dataDir?: string; open: boolean }) => serve(options));
program.parseAsync().catch((error: unknown) => {
  process.stderr.write(`While Studio could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
