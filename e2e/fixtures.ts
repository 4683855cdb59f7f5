import { test as base, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const E2E_DIR = fileURLToPath(new URL('.', import.meta.url));

/**
 * Where the specs save their screenshots: `<E2E_OUTPUT_DIR>/screenshots` when that is set (resolved from e2e/, as
 * Playwright resolves its outputDir), so concurrent runs keep theirs apart; else test-results/screenshots.
 */
export function screenshotDir(outputDir = process.env.E2E_OUTPUT_DIR): string {
  return outputDir ? join(resolve(E2E_DIR, outputDir), 'screenshots') : join(REPO_ROOT, 'test-results', 'screenshots');
}

export const SCREENSHOT_DIR = screenshotDir();

export interface Studio {
  /** The printed URL, with the token. */
  url: string;
  origin: string;
  dataDir: string;
  output(): string;
}

/** Starts browser mode as a user would (`npm run serve` minus the build), printing its URL. */
export async function startStudio(dataDir: string): Promise<{ studio: Studio; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/server/serve.ts', '--port', '0'], {
    cwd: REPO_ROOT,
    env: { ...process.env, WHILE_STUDIO_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode did not print its URL in time:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=[\w-]+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`browser mode exited (${code}):\n${output}`)));
  });
  return { studio: { url, origin: new URL(url).origin, dataDir, output: () => output }, process: child };
}

export function stopStudio(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function freshDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'while-e2e-'));
}

/** Each test gets its own data folder and its own server. */
export const test = base.extend<{ dataDir: string; studio: Studio }>({
  dataDir: async ({}, use) => {
    await use(freshDataDir());
  },
  studio: async ({ dataDir }, use) => {
    const { studio, process: child } = await startStudio(dataDir);
    await use(studio);
    await stopStudio(child);
  },
});

export { expect };
