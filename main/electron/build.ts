import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Bundles the Electron main process and preload to CommonJS in dist/electron; native modules stay external. */
await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'main/electron/main.ts',
    preload: 'main/electron/preload.ts',
    'run-worker': 'main/services/run-worker.ts',
    'grade-worker': 'main/services/grade-worker.ts',
    'export-worker': 'main/services/export-worker.ts',
  },
  outdir: 'dist/electron',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node22',
  external: ['electron', 'better-sqlite3'],
  sourcemap: true,
  logLevel: 'warning',
});
