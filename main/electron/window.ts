import { BrowserWindow, shell, type Session, type WebContents } from 'electron';
import { APP_ORIGIN } from './ipc-channels';
import { isNavigationAllowed, isPermissionGranted, WEB_PREFERENCES, windowOpenDecision } from './security-settings';

/**
 * Links to the web open in the user's browser; nothing navigates or redirects the app's window away, opens another
 * window, or attaches a <webview>.
 */
export function lockNavigation(contents: WebContents): void {
  const refuseForeign = (event: { preventDefault(): void }, url: string) => {
    if (!isNavigationAllowed(url)) event.preventDefault();
  };
  contents.on('will-navigate', refuseForeign);
  contents.on('will-redirect', refuseForeign);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    const decision = windowOpenDecision(url);
    if (decision.openExternally) void shell.openExternal(url);
    return { action: decision.action };
  });
}

/** Every permission the pages ask for, or that Chromium checks, is refused. */
export function lockPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, permission, callback) => callback(isPermissionGranted(permission)));
  session.setPermissionCheckHandler((_contents, permission) => isPermissionGranted(permission));
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
