import { BrowserWindow, shell, type WebContents } from 'electron';
import { APP_ORIGIN } from './ipc-channels';
import { isAppUrl, isExternalLinkAllowed, WEB_PREFERENCES } from './security-settings';

/** Links to the web open in the user's browser; nothing navigates the app's window away or opens another. */
export function lockNavigation(contents: WebContents): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalLinkAllowed(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
}

export function createMainWindow(preloadPath: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    title: 'While Studio',
    show: false,
    webPreferences: { ...WEB_PREFERENCES, preload: preloadPath },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(`${APP_ORIGIN}/`);
  return window;
}
