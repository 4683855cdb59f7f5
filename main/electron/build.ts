import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { electronBuilds } from './build-options';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles the Electron main process, its workers and the preload to CommonJS in dist/electron. */
await Promise.all(electronBuilds(root, 'dist/electron').map((options) => build(options)));
