import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('./check-prerequisites.mjs', import.meta.url));
const check = (environment: Record<string, string>) =>
  spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, ...environment }, encoding: 'utf8' });

describe('npm test prerequisites', () => {
  it('pass on this machine, silently', () => {
    const result = check({});
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('name a missing Chromium with the command that installs it, and exit 1', () => {
    const result = check({ CHROMIUM_PATH: '/nowhere/chromium' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Chromium for the end-to-end tests, at CHROMIUM_PATH (/nowhere/chromium)');
    expect(result.stderr).toContain('apt-get install -y chromium');
  });
});
