import { spawn } from 'node:child_process';

/** Where a page can be shown: macOS and Windows always; elsewhere a desktop session sets DISPLAY or WAYLAND_DISPLAY. */
export function hasDesktopSession(platform: NodeJS.Platform = process.platform, environment = process.env): boolean {
  return platform === 'darwin' || platform === 'win32' || Boolean(environment.DISPLAY || environment.WAYLAND_DISPLAY);
}

/** The program that opens a URL in the person's default browser, with its arguments. */
export function browserOpener(url: string, platform: NodeJS.Platform = process.platform): [command: string, args: string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` would read the URL's `&` as a command separator.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/** Opens `url` in the default browser without waiting for it; resolves with why it could not, or null. */
export function openInBrowser(url: string, platform: NodeJS.Platform = process.platform): Promise<string | null> {
  const [command, args] = browserOpener(url, platform);
  return new Promise((resolve) => {
    const child = spawn(command, args, { detached: true, stdio: 'ignore' });
    child.once('error', (error) => resolve(`${command}: ${error.message}`));
    child.once('spawn', () => {
      child.unref();
      resolve(null);
    });
  });
}
