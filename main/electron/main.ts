import { app, BrowserWindow, safeStorage, session } from 'electron';
import { join } from 'node:path';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { resolveDataDir } from '../services/app/data-dir';
import { EncryptedKeyFile } from '../services/settings/secrets';
import { handleAppProtocol, registerAppScheme } from './app-protocol';
import { chooseFolderDialog } from './folder-dialog';
import { bindIpc } from './ipc';
import { createMainWindow, lockNavigation, lockPermissions } from './window';

// Bundled to dist/electron/main.cjs; the renderer is built to dist/renderer beside it.
const distDir = join(__dirname, '..');
const rendererDir = join(distDir, 'renderer');
const preloadPath = join(__dirname, 'preload.cjs');

registerAppScheme();
app.enableSandbox();

let context: AppContext | undefined;

app.on('web-contents-created', (_event, contents) => lockNavigation(contents));

app.whenReady().then(() => {
  lockPermissions(session.defaultSession);
  handleAppProtocol(rendererDir);
  const dataDir = resolveDataDir(app.getPath('userData'));
  context = createAppContext({
    dataDir,
    mode: 'desktop',
    runWorkerPath: join(__dirname, 'run-worker.cjs'),
    gradeWorkerPath: join(__dirname, 'grade-worker.cjs'),
    // Model keys the person stores in the app, encrypted by the OS keychain; never in SQLite, never sent to the window.
    keys: new EncryptedKeyFile(dataDir, safeStorage),
    chooseFolder: chooseFolderDialog,
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
