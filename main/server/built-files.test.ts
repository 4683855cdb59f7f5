import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { builtPath } from './built-files';

describe('the build output, from where the code runs', () => {
  const root = mkdtempSync(join(tmpdir(), 'while-built-'));
  mkdirSync(join(root, 'dist', 'renderer'), { recursive: true });
  writeFileSync(join(root, 'dist', 'renderer', 'index.html'), '<html></html>');
  const moduleIn = (...folders: string[]) => pathToFileURL(join(root, ...folders, 'module.js')).href;

  it('is the bundle’s own dist/ when bundled, and the repository’s from source', () => {
    expect(builtPath('renderer', moduleIn('dist', 'cli'))).toBe(join(root, 'dist', 'renderer'));
    expect(builtPath('renderer', moduleIn('main', 'server'))).toBe(join(root, 'dist', 'renderer'));
    expect(builtPath('renderer', moduleIn('main'))).toBe(join(root, 'dist', 'renderer'));
    expect(builtPath('electron/main.cjs', moduleIn('main'))).toBeNull();
  });
});
