import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';

/** Packages engine code may use without Node; adapters (in `node/` folders) and benches may use anything. */
const ENGINE_PACKAGES = ['zod', 'pure-rand', 'ajv', '@faker-js/faker', '@noble/hashes', 'yaml', 'vitest', 'fast-check'];
const NODE_ONLY = /(^|\/)node\/|\.bench\.ts$/;
const LAYERS = ['shared', 'engine', 'main', 'renderer', 'e2e'] as const;
type Layer = (typeof LAYERS)[number];

export interface ImportViolation {
  file: string;
  specifier: string;
  rule: string;
}

function layerOf(path: string): Layer | undefined {
  const top = path.split('/')[0];
  return (LAYERS as readonly string[]).includes(top ?? '') ? (top as Layer) : undefined;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Checks one import of one file (paths relative to the repository root, with `/`). Returns the broken rule, if any. */
export function checkImport(file: string, specifier: string): string | undefined {
  const layer = layerOf(file);
  if (!layer) return undefined;
  if (specifier.startsWith('.')) {
    const target = normalize(join(dirname(file), specifier))
      .split(sep)
      .join('/');
    const targetLayer = layerOf(target);
    switch (layer) {
      case 'shared':
        return targetLayer === 'shared' ? undefined : 'shared/ imports only shared/ and zod';
      case 'engine':
        if (targetLayer === 'engine' || target.startsWith('shared/domain/') || target === 'shared/domain') return undefined;
        return 'engine/ imports only engine/ and shared/domain/';
      case 'renderer':
        return targetLayer === 'renderer' || targetLayer === 'shared' ? undefined : 'renderer/ imports only renderer/ and shared/';
      case 'main':
        if (targetLayer === 'main' || targetLayer === 'shared') return undefined;
        if (target === 'engine' || target === 'engine/index' || target === 'engine/node' || target === 'engine/node/index')
          return undefined;
        if (target === 'package.json') return undefined;
        return targetLayer === 'engine'
          ? 'main/ imports the engine only through engine/index.ts (or engine/node/index.ts for its Node adapters)'
          : 'main/ never imports renderer/ or e2e/';
      case 'e2e':
        return targetLayer === 'e2e' || targetLayer === 'shared'
          ? undefined
          : 'e2e/ drives the app from outside: it imports only e2e/ and shared/';
    }
  }
  const name = packageName(specifier);
  const isNodeBuiltin = specifier.startsWith('node:');
  switch (layer) {
    case 'shared':
      return name === 'zod' || (isTest(file) && name === 'vitest') ? undefined : 'shared/ imports only zod';
    case 'engine':
      if (NODE_ONLY.test(file)) return undefined;
      if (isNodeBuiltin) return 'engine/ uses Node only in adapters under node/ folders';
      return ENGINE_PACKAGES.includes(name) ? undefined : `engine/ may import only ${ENGINE_PACKAGES.join(', ')} outside node/ adapters`;
    case 'renderer':
      if (isNodeBuiltin && (file.endsWith('vite.config.ts') || isTest(file))) return undefined;
      if (isNodeBuiltin || name === 'electron' || name === 'better-sqlite3') return 'renderer/ never uses Node, Electron or SQLite';
      return undefined;
    case 'main':
    case 'e2e':
      return undefined;
  }
}

const IMPORT_PATTERN =
  /(?:^|\n)\s*(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT_PATTERN)].map((match) => (match[1] ?? match[2] ?? match[3])!);
}

function sourceFiles(root: string, folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => !path.includes('node_modules/') && !path.startsWith('dist/'));
}

/** Every import in the repository that breaks a layer's zone. */
export function findImportViolations(root: string): ImportViolation[] {
  const violations: ImportViolation[] = [];
  for (const layer of LAYERS) {
    for (const file of sourceFiles(root, layer)) {
      for (const specifier of importsOf(readFileSync(join(root, file), 'utf8'))) {
        const rule = checkImport(file, specifier);
        if (rule) violations.push({ file, specifier, rule });
      }
    }
  }
  return violations;
}
