import { app, BrowserWindow, session } from 'electron';
import { join } from 'node:path';
import { closeAppContext, createAppContext, type AppContext } from '../services/app-context';
import { resolveDataDir } from '../services/data-dir';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { bindIpc } from './ipc';
import { createMainWindow, lockNavigation } from './window';

// Bundled to dist/electron/main.cjs; the renderer is built to dist/renderer beside it.
const distDir = join(__dirname, '..');
const rendererDir = join(distDir, 'renderer');
const preloadPath = join(__dirname, 'preload.cjs');

registerAppScheme();
app.enableSandbox();

let context: AppContext | undefined;

app.on('web-contents-created', (_event, contents) => lockNavigation(contents));

app.whenReady().then(() => {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  handleAppProtocol(rendererDir);
  context = createAppContext({
    dataDir: resolveDataDir(app.getPath('userData')),
    mode: 'desktop',
    runWorkerPath: join(__dirname, 'run-worker.cjs'),
  });
  bindIpc(context);
  context.jobs.resumeInterrupted();
  createMainWindow(preloadPath);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(preloadPath);
  });
});

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

let closing = false;
app.on('will-quit', (event) => {
  if (!context || closing) return;
  closing = true;
  event.preventDefault();
  void closeAppContext(context).finally(() => app.exit(0));
});
