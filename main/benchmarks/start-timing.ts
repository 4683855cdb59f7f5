import { spawn } from 'node:child_process';

/** The line browser mode prints with its URL (main/server/browser-mode.ts). */
const URL_LINE = /Open http:\/\/127\.0\.0\.1:\d+\/\?token=/;

/**
 * `npm start` as a person types it, in its own process group, on `dataDir`: the ms from the spawn to the line that
 * prints the browser-mode URL. Then the whole group (npm, the shell, the build check, the server) is killed and its
 * exit awaited, so the next start finds the port, the store and the CPU free. No desktop session is passed on, so
 * nothing opens a browser.
 */
export function timeStart(dataDir: string, cwd: string, timeoutMs = 120_000): Promise<number> {
  const env: NodeJS.ProcessEnv = { ...process.env, WHILE_STUDIO_DATA_DIR: dataDir };
  delete env.DISPLAY;
  delete env.WAYLAND_DISPLAY;
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const printed = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!URL_LINE.test(output)) return;
      clearTimeout(timer);
      resolve(performance.now() - started);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}) before its URL:\n${output}`));
    });
  });
  const killGroup = async () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group is gone already.
    }
    await exited;
  };
  return printed.then(
    async (milliseconds) => {
      await killGroup();
      return milliseconds;
    },
    async (error: unknown) => {
      await killGroup();
      throw error;
    },
  );
}
