import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

export const DATA_DIR_VARIABLE = 'WHILE_STUDIO_DATA_DIR';
export const PRODUCT_NAME = 'While Studio';
/** A subfolder of the user-data folder, so the store never collides with Chromium's own files there. */
export const STORE_FOLDER = 'while-studio';

/** Where the desktop app's user-data folder is on each platform (Electron's `app.getPath('userData')`). */
export function platformUserDataDir(platform = process.platform, environment = process.env): string {
  if (platform === 'win32') return join(environment.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), PRODUCT_NAME);
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', PRODUCT_NAME);
  return join(environment.XDG_CONFIG_HOME ?? join(homedir(), '.config'), PRODUCT_NAME);
}

/** The data folder every mode shares: the environment override, else the platform default. */
export function resolveDataDir(userDataDir = platformUserDataDir(), environment = process.env): string {
  const override = environment[DATA_DIR_VARIABLE];
  return override ? resolve(override) : join(userDataDir, STORE_FOLDER);
}
