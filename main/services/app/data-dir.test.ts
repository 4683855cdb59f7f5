import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { platformUserDataDir, resolveDataDir } from './data-dir';

describe('data folder', () => {
  it('is a subfolder of the user-data folder unless the environment overrides it', () => {
    expect(resolveDataDir('/home/ada/.config/While Studio', {})).toBe(join('/home/ada/.config/While Studio', 'while-studio'));
    expect(resolveDataDir('/ignored', { WHILE_STUDIO_DATA_DIR: '/tmp/studio' })).toBe('/tmp/studio');
  });

  it("follows each platform's convention", () => {
    expect(platformUserDataDir('linux', { XDG_CONFIG_HOME: '/x' })).toBe(join('/x', 'While Studio'));
    expect(platformUserDataDir('win32', { APPDATA: 'C:\\Users\\ada\\AppData\\Roaming' })).toContain('While Studio');
    expect(platformUserDataDir('darwin', {})).toContain(join('Library', 'Application Support', 'While Studio'));
  });
});
