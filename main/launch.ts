import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { builtPath } from './server/built-files';

// `npm start [-- --no-open]`: the desktop window, or browser mode where Electron's runtime is not installed.

/** How long a failed download of Electron's runtime is remembered, so each start does not try (and wait) again. */
const RETRY_DOWNLOAD_MS = 24 * 60 * 60 * 1000;

/** The installed runtime, read as the `electron` package reads it, without its download on a miss. */
function installedElectron(): string | null {
  try {
    const folder = dirname(createRequire(import.meta.url).resolve('electron/package.json'));
    const binary = join(folder, 'dist', readFileSync(join(folder, 'path.txt'), 'utf8').trim());
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

/** The `electron` package downloads its runtime when it is first required: tried in a child, as it may take a while. */
function downloadElectron(): string | null {
  const probe = spawnSync(process.execPath, ['-e', "process.stdout.write(require('electron'))"], {
    cwd: dirname(createRequire(import.meta.url).resolve('electron/package.json')),
    encoding: 'utf8',
    timeout: 120_000,
  });
  const path = probe.stdout?.trim();
  return probe.status === 0 && path && existsSync(path) ? path : null;
}

/** Where a failed download is noted: in the build output that `npm start` builds before it starts this. */
const FAILED_DOWNLOAD_NOTE = join(builtPath('.', import.meta.url) ?? 'dist', 'electron-download-failed');

/** The runtime's path, or why there is none. */
function findElectron(): { path: string } | { reason: string } {
  const installed = installedElectron();
  if (installed) return { path: installed };
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return { reason: 'ELECTRON_SKIP_BINARY_DOWNLOAD is set' };
  if (existsSync(FAILED_DOWNLOAD_NOTE) && Date.now() - statSync(FAILED_DOWNLOAD_NOTE).mtimeMs < RETRY_DOWNLOAD_MS)
    return { reason: `its download failed at ${readFileSync(FAILED_DOWNLOAD_NOTE, 'utf8').trim()} and is tried again a day later` };
  const downloaded = downloadElectron();
  if (downloaded) return { path: downloaded };
  mkdirSync(dirname(FAILED_DOWNLOAD_NOTE), { recursive: true });
  writeFileSync(FAILED_DOWNLOAD_NOTE, `${new Date().toISOString()}\n`);
  return { reason: 'its download failed' };
}

const { values } = parseArgs({ options: { 'no-open': { type: 'boolean', default: false } } });
const electron = findElectron();
const electronMain = builtPath('electron/main.cjs', import.meta.url);
if ('path' in electron && electronMain) {
  const child = spawn(electron.path, [electronMain], { stdio: 'inherit' });
  child.on('exit', (code) => process.exit(code ?? 0));
} else {
  const reason = 'reason' in electron ? electron.reason : 'the desktop bundle is not built';
  process.stdout.write(
    `Electron's runtime is not installed on this machine (${reason}), so While Studio starts in browser mode instead.\n`,
  );
  const { serve } = await import('./server/browser-mode');
  await serve({ port: 0, open: !values['no-open'] });
}
