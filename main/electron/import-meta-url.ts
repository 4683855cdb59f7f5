import { pathToFileURL } from 'node:url';

/**
 * What `import.meta.url` reads in the CommonJS bundles of the main process and its workers (see build.ts): the
 * bundled file's own URL, so code that finds files beside itself gets a real URL there instead of esbuild's empty
 * `import.meta`.
 */
export const bundleImportMetaUrl: string = pathToFileURL(__filename).href;
