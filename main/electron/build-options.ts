import type { BuildOptions, Plugin } from 'esbuild';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The Electron bundles' entries, by output name (`<name>.cjs` in the output folder). */
export const MAIN_ENTRIES = {
  main: 'main/electron/main.ts',
  'run-worker': 'main/services/runs/run-worker.ts',
  'grade-worker': 'main/services/grading/grade-worker.ts',
  'export-worker': 'main/services/exports/export-worker.ts',
} as const;
export const PRELOAD_ENTRIES = { preload: 'main/electron/preload.ts' } as const;
/** The terminal's ESM entries (`<name>.mjs`): the wai command, and the desktop launcher and browser mode of npm start and serve. */
export const TERMINAL_ENTRIES = { wai: 'main/cli/wai.ts', launch: 'main/launch.ts', serve: 'main/server/serve.ts' } as const;
/** The workers the terminal's bundles start, bundled beside them as the desktop's are (browser mode runs and grades on them). */
const TERMINAL_WORKERS = ['run-worker', 'grade-worker', 'export-worker'] as const;
/** Where wai's commands are, each bundled on its own as `<name>-command.mjs` and loaded when named (main/cli/command-list.ts). */
const COMMANDS_FOLDER = 'main/cli/commands';
/**
 * Packages the terminal loads from node_modules: the native store, commander (shared by wai.mjs and the command it
 * loads), and the model and Hub clients, which the engine imports only when a command calls a model or the Hub.
 */
const TERMINAL_EXTERNAL = ['electron', 'better-sqlite3', 'commander', 'openai', '@anthropic-ai/sdk', '@huggingface/hub'];

/**
 * What every terminal bundle starts with: ESM has no `require` (the CommonJS packages inside call it), and code that
 * finds files beside itself (the bundled workers, see run-jobs and export-tuning) reads `__dirname` as in the desktop bundles.
 */
const TERMINAL_BANNER = [
  "import { createRequire as createRequireOfBundle } from 'node:module';",
  'const require = createRequireOfBundle(import.meta.url);',
  'const __dirname = import.meta.dirname;',
].join('\n');

/**
 * The esbuild options of the desktop app's CommonJS bundles, written to `outdir` (relative to `root`): the main
 * process and its workers in one build, the preload in another. Native modules stay external.
 */
export function electronBuilds(
  root: string,
  outdir: string,
  entries: { main: Record<string, string>; preload: Record<string, string> } = { main: MAIN_ENTRIES, preload: PRELOAD_ENTRIES },
): BuildOptions[] {
  const common = commonOptions(root, outdir, 'node22');
  return [
    { ...common, ...mainProcessOptions, entryPoints: entries.main },
    // The preload runs sandboxed, where `require` offers no `node:url`: nothing is injected (it never reads import.meta).
    { ...common, entryPoints: entries.preload },
  ];
}

/**
 * The esbuild options of the terminal's bundles, written to `outdir`: `wai`, `launch`, `serve` and each of wai's
 * commands as one ESM file each, so a process parses only what it runs (`wai --help` the command list, `wai pairwise`
 * the covering-array code), and the workers they start, as CommonJS beside them. Not split into shared chunks:
 * esbuild assigns whole files to chunks by the import graph, which put the whole engine in the chunk every command loads.
 */
export function terminalBuilds(
  root: string,
  outdir: string,
  entries: Record<string, string> = { ...TERMINAL_ENTRIES, ...commandEntries(root) },
): BuildOptions[] {
  const common = commonOptions(root, outdir, 'node20');
  return [
    {
      ...common,
      entryPoints: entries,
      format: 'esm',
      outExtension: { '.js': '.mjs' },
      external: TERMINAL_EXTERNAL,
      // Each command's bundle repeats the engine: maps of them all (and of the workers) would weigh 60 MB.
      sourcemap: false,
      banner: { js: TERMINAL_BANNER },
      plugins: [commandsBesideWai, pureLayers],
    },
    {
      ...common,
      ...mainProcessOptions,
      sourcemap: false,
      entryPoints: Object.fromEntries(TERMINAL_WORKERS.map((name) => [name, MAIN_ENTRIES[name]])),
    },
  ];
}

/** Every `*-command.ts` of wai, by output name. */
function commandEntries(root: string): Record<string, string> {
  const names = readdirSync(join(root, COMMANDS_FOLDER)).filter((name) => name.endsWith('-command.ts'));
  return Object.fromEntries(names.map((name) => [name.slice(0, -'.ts'.length), `${COMMANDS_FOLDER}/${name}`]));
}

/** The command list's `import('./commands/x-command')` loads the command's own bundle beside wai.mjs. */
const commandsBesideWai: Plugin = {
  name: 'commands-beside-wai',
  setup(build) {
    build.onResolve({ filter: /^\.\/commands\/[\w-]+-command$/ }, (args) =>
      args.kind === 'dynamic-import' ? { path: `./${args.path.slice('./commands/'.length)}.mjs`, external: true } : undefined,
    );
  },
};

/**
 * The engine and shared/ are pure libraries (ARCHITECTURE.md): a module of theirs that nothing uses is left out even
 * though its top level calls functions (zod schemas, tables), which esbuild would otherwise keep in case they have
 * effects. `wai pairwise` then loads the covering-array code alone, not the whole engine behind engine/index.ts.
 */
const pureLayers: Plugin = {
  name: 'pure-layers',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, async (args) => {
      if (args.pluginData === 'pure-layers') return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'pure-layers' });
      const isPure = /[\\/](engine|shared)[\\/]/.test(resolved.path) && !/[\\/]node_modules[\\/]/.test(resolved.path);
      return isPure ? { ...resolved, sideEffects: false } : undefined;
    });
  },
};

/** `target`: Electron's Node (22) for the desktop, the oldest Node package.json accepts (20) for the terminal. */
function commonOptions(root: string, outdir: string, target: 'node20' | 'node22'): BuildOptions {
  return {
    absWorkingDir: root,
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target,
    external: ['electron', 'better-sqlite3'],
    sourcemap: true,
    logLevel: 'warning',
  };
}

const mainProcessOptions: BuildOptions = {
  // `import.meta` is empty in CommonJS (esbuild warns on every build): code that finds files beside itself (the
  // workers' paths in grade-jobs and run-jobs, the export's source fallback) reads the bundled file's URL instead.
  define: { 'import.meta.url': 'bundleImportMetaUrl' },
  inject: ['main/electron/import-meta-url.ts'],
};
