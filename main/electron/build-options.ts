import type { BuildOptions } from 'esbuild';

/** The Electron bundles' entries, by output name (`<name>.cjs` in the output folder). */
export const MAIN_ENTRIES = {
  main: 'main/electron/main.ts',
  'run-worker': 'main/services/runs/run-worker.ts',
  'grade-worker': 'main/services/grading/grade-worker.ts',
  'export-worker': 'main/services/exports/export-worker.ts',
} as const;
export const PRELOAD_ENTRIES = { preload: 'main/electron/preload.ts' } as const;

/**
 * The esbuild options of the desktop app's CommonJS bundles, written to `outdir` (relative to `root`): the main
 * process and its workers in one build, the preload in another. Native modules stay external.
 */
export function electronBuilds(
  root: string,
  outdir: string,
  entries: { main: Record<string, string>; preload: Record<string, string> } = { main: MAIN_ENTRIES, preload: PRELOAD_ENTRIES },
): BuildOptions[] {
  const common: BuildOptions = {
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    external: ['electron', 'better-sqlite3'],
    sourcemap: true,
    logLevel: 'warning',
  };
  return [
    {
      ...common,
      entryPoints: entries.main,
      // `import.meta` is empty in CommonJS (esbuild warns on every build): code that finds files beside itself (the
      // workers' paths in grade-jobs and run-jobs, the export's source fallback) reads the bundled file's URL instead.
      define: { 'import.meta.url': 'bundleImportMetaUrl' },
      inject: ['main/electron/import-meta-url.ts'],
    },
    // The preload runs sandboxed, where `require` offers no `node:url`: nothing is injected (it never reads import.meta).
    { ...common, entryPoints: entries.preload },
  ];
}
