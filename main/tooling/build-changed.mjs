#!/usr/bin/env node
// `node main/tooling/build-changed.mjs [renderer] [desktop] [terminal] [--force]`: builds the parts of dist/ whose
// sources changed since their last build (all three by default), so `npm start`, `npm run serve` and `npm run wai`
// start at once when nothing changed. A part's sources are known by a content hash, kept in dist/.build/<part>.json
// with each file's size and time: when no file's size or time moved the hash is not even read again. `--force` builds
// every part named (`npm run build`). Plain JavaScript, so this check runs without compiling anything.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const STAMPS = join(ROOT, 'dist', '.build');
const BUNDLE_SOURCES = ['main', 'engine', 'shared', 'package.json', 'package-lock.json'];
const VITE = ['node_modules/vite/bin/vite.js', 'build', '--config', 'renderer/vite.config.ts', '--logLevel', 'warn'];
/** esbuild's bundles, built by one run of main/electron/build.ts naming the parts to build. */
const BUNDLES = ['--import', 'tsx', 'main/electron/build.ts'];

/** Each part: the folders and files it is built from, a file it writes, and the command that builds it. */
const PARTS = {
  renderer: { sources: ['renderer', 'shared', 'package-lock.json'], output: 'dist/renderer/index.html', command: VITE },
  desktop: { sources: BUNDLE_SOURCES, output: 'dist/electron/main.cjs', command: BUNDLES },
  terminal: { sources: BUNDLE_SOURCES, output: 'dist/cli/wai.mjs', command: BUNDLES },
};

/** Files no build reads: tests, their fixtures and helpers, benchmarks. */
const isTestFile = (name) => /\.(test|spec|bench)\.tsx?$/.test(name);
const SKIPPED_FOLDERS = new Set(['node_modules', '__fixtures__', 'test-support', 'benchmarks', 'reliability', 'conventions']);

/** Every source file of a part, by its path from the root, with [size, time]. */
function sourceFiles(sources) {
  const files = {};
  const visit = (path) => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (!stats) return;
    if (stats.isDirectory()) {
      for (const entry of readdirSync(path).sort()) if (!SKIPPED_FOLDERS.has(entry) && !isTestFile(entry)) visit(join(path, entry));
    } else files[relative(ROOT, path)] = [stats.size, stats.mtimeMs];
  };
  for (const source of sources) visit(join(ROOT, source));
  return files;
}

function contentHash(files) {
  const hash = createHash('sha256');
  for (const path of Object.keys(files).sort())
    hash
      .update(`${path}\0`)
      .update(readFileSync(join(ROOT, path)))
      .update('\0');
  return hash.digest('hex');
}

const sameStats = (left, right) =>
  Object.keys(left).length === Object.keys(right).length &&
  Object.entries(left).every(([path, [size, time]]) => right[path]?.[0] === size && right[path]?.[1] === time);

function readStamp(name) {
  try {
    return JSON.parse(readFileSync(join(STAMPS, `${name}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/** Why the part must be built, or null when its last build is of these very sources (the stamp is refreshed then). */
function staleness(name, files, isForced) {
  if (isForced) return 'asked';
  if (!existsSync(join(ROOT, PARTS[name].output))) return 'never built';
  const stamp = readStamp(name);
  if (!stamp) return 'no record of its last build';
  if (sameStats(files, stamp.files)) return null;
  const hash = contentHash(files);
  if (hash !== stamp.hash) return 'its sources changed';
  writeFileSync(join(STAMPS, `${name}.json`), JSON.stringify({ hash, files }));
  return null;
}

/** One build at a time: a second `npm run wai` while the first builds waits, then finds the parts fresh. */
function withLock(action) {
  mkdirSync(STAMPS, { recursive: true });
  const lock = join(STAMPS, 'lock');
  const started = Date.now();
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than ten minutes was left by a build that was killed.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? 0) > 600_000) rmSync(lock, { recursive: true, force: true });
      if (Date.now() - started > 600_000) throw new Error(`another build has held ${lock} for ten minutes`);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return action();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
const isForced = args.includes('--force');
const named = args.filter((arg) => arg !== '--force');
const unknown = named.filter((name) => !(name in PARTS));
if (unknown.length > 0) {
  process.stderr.write(`build-changed: no part ${unknown.join(', ')} (the parts are ${Object.keys(PARTS).join(', ')})\n`);
  process.exit(2);
}
/** Builds the stale parts, those of one command in one run of it; returns the exit status. */
function build(stale) {
  for (const command of new Set(stale.map(({ name }) => PARTS[name].command))) {
    const parts = stale.filter(({ name }) => PARTS[name].command === command);
    const names = parts.map(({ name }) => name);
    // Hashed before the build: a file saved while it runs makes the next start build again.
    const hashes = parts.map(({ files }) => contentHash(files));
    const started = performance.now();
    if (!isForced) process.stderr.write(`Building ${parts.map(({ name, reason }) => `${name} (${reason})`).join(', ')}…\n`);
    const result = spawnSync(process.execPath, command === BUNDLES ? [...command, ...names] : command, {
      cwd: ROOT,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    if (result.status !== 0) return result.status ?? 1;
    parts.forEach(({ name, files }, index) => writeFileSync(join(STAMPS, `${name}.json`), JSON.stringify({ hash: hashes[index], files })));
    if (!isForced) process.stderr.write(`Built ${names.join(' and ')} in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`);
  }
  return 0;
}

const status = withLock(() => {
  const stale = [];
  for (const name of named.length > 0 ? named : Object.keys(PARTS)) {
    const files = sourceFiles(PARTS[name].sources);
    const reason = staleness(name, files, isForced);
    if (reason) stale.push({ name, files, reason });
  }
  return build(stale);
});
process.exit(status);
