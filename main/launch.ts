import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from './server/serve';

const ELECTRON_MAIN = fileURLToPath(new URL('../dist/electron/main.cjs', import.meta.url));

/** The Electron binary's path, or why there is none (the `electron` package downloads it on first use). */
function findElectron(): { path: string } | { reason: string } {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const path = probe.stdout.trim();
  if (probe.status === 0 && path && existsSync(path)) return { path };
  const lines = `${probe.stderr}`.split('\n').filter((line) => line.includes('Error'));
  return { reason: lines.at(-1)?.trim() ?? 'the runtime is missing' };
}

const electron = findElectron();
if ('path' in electron) {
  const child = spawn(electron.path, [ELECTRON_MAIN], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  process.stdout.write(
    "Electron's runtime is not installed on this machine and could not be downloaded, so While Studio starts in browser mode instead.\n",
  );
  await serve({ port: 0 });
}
