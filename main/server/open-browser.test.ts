import { describe, expect, it } from 'vitest';
import { browserOpener, hasDesktopSession } from './open-browser';

describe('opening the browser', () => {
  it('happens in a desktop session: macOS and Windows, elsewhere with DISPLAY or WAYLAND_DISPLAY', () => {
    expect(hasDesktopSession('linux', {})).toBe(false);
    expect(hasDesktopSession('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDesktopSession('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDesktopSession('darwin', {})).toBe(true);
    expect(hasDesktopSession('win32', {})).toBe(true);
  });

  it('uses each platform’s opener, with the URL as one argument', () => {
    const url = 'http://127.0.0.1:4000/?token=a&b';
    expect(browserOpener(url, 'linux')).toEqual(['xdg-open', [url]]);
    expect(browserOpener(url, 'darwin')).toEqual(['open', [url]]);
    expect(browserOpener(url, 'win32')).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]]);
  });
});
