import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronBuilds, terminalBuilds } from './build-options';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `tsx main/electron/build.ts [desktop|terminal]`: bundles the Electron main process, its workers and the preload to
 * CommonJS in dist/electron, and the terminal's entries (wai, launch, serve) to ESM in dist/cli; both by default.
 */
const OUTPUT = { desktop: 'dist/electron', terminal: 'dist/cli' };
const BUILDS = { desktop: () => electronBuilds(root, OUTPUT.desktop), terminal: () => terminalBuilds(root, OUTPUT.terminal) };

const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in BUILDS));
if (unknown.length > 0) throw new Error(`build.ts builds ${Object.keys(BUILDS).join(' and ')}, not ${unknown.join(', ')}`);
const chosen = (named.length > 0 ? named : Object.keys(BUILDS)) as (keyof typeof BUILDS)[];
// A bundle whose entry is gone (a command removed) must not stay behind to be loaded.
for (const name of chosen) rmSync(join(root, OUTPUT[name]), { recursive: true, force: true });
await Promise.all(chosen.flatMap((name) => BUILDS[name]()).map((options) => build(options)));
