import { APP_HOST, APP_SCHEME } from './ipc-channels';

/** The window's security settings; a test asserts them. */
export const WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  spellcheck: false,
} as const;

/** True only for the app's own pages (parsed, never prefix-matched; Node gives custom schemes a null origin). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

/** Only https links leave the app, and only to the user's browser. */
export function isExternalLinkAllowed(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** Where the window may navigate (or be redirected): only the app's own pages. */
export function isNavigationAllowed(url: string): boolean {
  return isAppUrl(url);
}

/** A page asking for a new window: never opened inside the app; an https link goes to the user's browser. */
export function windowOpenDecision(url: string): { action: 'deny'; openExternally: boolean } {
  return { action: 'deny', openExternally: isExternalLinkAllowed(url) };
}

/** The app needs no camera, microphone, notifications, location or clipboard access: every permission is refused. */
export function isPermissionGranted(_permission: string): boolean {
  return false;
}
