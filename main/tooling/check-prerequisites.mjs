#!/usr/bin/env node
// `npm test`'s first step: names every missing prerequisite with the one command that installs it, and exits 1 before any
// test runs. Plain JavaScript with no dependencies, so it answers in well under a second on a fresh clone.
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const MIN_NODE = [20, 19];

const isExecutable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const onPath = (command) => (process.env.PATH ?? '').split(delimiter).some((folder) => folder && isExecutable(join(folder, command)));

function nodeProblem() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const isNewEnough = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  return isNewEnough
    ? undefined
    : `Node ${MIN_NODE.join('.')} or newer (this is ${process.versions.node}): install it from https://nodejs.org`;
}

function packagesProblem() {
  return existsSync(join(ROOT, 'node_modules', '.package-lock.json')) ? undefined : 'the npm packages: npm ci';
}

/** better-sqlite3 compiles from source on `npm ci`; a compiler is needed only while it is not built. */
function sqliteProblem() {
  if (packagesProblem()) return undefined;
  try {
    const Database = createRequire(join(ROOT, 'package.json'))('better-sqlite3');
    new Database(':memory:').close();
    return undefined;
  } catch (error) {
    const missing = ['g++', 'make', 'python3'].filter((tool) => !onPath(tool));
    const why = `better-sqlite3 does not load (${String(error.message).split('\n')[0]})`;
    if (missing.length > 0) {
      const install = `apt-get install -y ${missing.join(' ')} && npm_config_nodedir=/usr npm rebuild better-sqlite3`;
      return `a compiler for better-sqlite3 (${why}): ${install}`;
    }
    return `a build of better-sqlite3 for this Node (${why}): npm_config_nodedir=/usr npm rebuild better-sqlite3`;
  }
}

function chromiumProblem() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (isExecutable(path)) return undefined;
  const where = process.env.CHROMIUM_PATH ? `CHROMIUM_PATH (${path})` : path;
  return `Chromium for the end-to-end tests, at ${where}: apt-get install -y chromium (or set CHROMIUM_PATH to a Chromium binary)`;
}

const problems = [nodeProblem(), packagesProblem(), sqliteProblem(), chromiumProblem()].filter(Boolean);
if (problems.length > 0) {
  process.stderr.write(`npm test needs what this machine lacks:\n${problems.map((problem) => `- ${problem}`).join('\n')}\n`);
  process.exit(1);
}
