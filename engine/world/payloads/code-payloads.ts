import { sha256Hex } from '../../seeded';
import type { ResultKind } from './result-kind';

/** Payloads for coding tools (section 8): files, listings, grep hits, shell runs, git and CI. `callHash` is the call's hash. */

const STEMS = ['app', 'util', 'worker', 'client', 'schema', 'router', 'session', 'queue'];
const VERBS = ['load', 'parse', 'render', 'sync', 'build', 'handle', 'validate', 'merge', 'format', 'dispatch'];
const NOUNS = ['config', 'payload', 'record', 'client', 'worker', 'schema', 'queue', 'session', 'index', 'router'];
const CHECKS = ['lint', 'tests', 'typecheck', 'build', 'coverage', 'security', 'format'];
const PEOPLE = ['alex kim', 'priya patel', 'sam garcia', 'elena chen', 'marcus reed', 'dana okafor', 'tom silva'];
/** One call in eleven of each flavour below; the rest pass (WORLD_SHELL_FLAVORS 11). */
const SHELL_FLAVORS = 11;

const pick = <T>(pool: readonly T[], draw: number, salt: number): T => pool[Math.floor(draw / salt) % pool.length]!;
const hex = (draw: number, width = 12) => sha256Hex(`hex:${draw}`).slice(0, width);

function isoDate(callHash: number, index: number): string {
  const year = 2022 + ((Math.floor(callHash / 13) + index * 3) % 5);
  const month = 1 + ((Math.floor(callHash / 31) + index) % 12);
  const day = 1 + ((callHash + index * 7) % 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function text(args: Readonly<Record<string, unknown>>, keys: readonly string[], fallback: string): string {
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return fallback;
}

function sourceText(path: string, callHash: number): string {
  const verb = pick(VERBS, callHash, 3);
  const noun = pick(NOUNS, callHash, 11);
  const extension = path.includes('.') ? path.slice(path.lastIndexOf('.') + 1).toLowerCase() : '';
  if (extension === 'json') return `{\n  "${noun}": "${verb}",\n  "enabled": true,\n  "retries": ${1 + (callHash % 4)}\n}\n`;
  if (['yml', 'yaml', 'toml'].includes(extension)) return `${noun}:\n  mode: ${verb}\n  retries: ${1 + (callHash % 4)}\n`;
  if (extension === 'md') return `# ${noun}\n\nThe ${verb} step lives in \`${path}\`.\n`;
  if (['log', 'txt'].includes(extension)) {
    return (
      `${isoDate(callHash, 0)}T09:00:00Z INFO ${verb}_${noun} ` +
      `started\n${isoDate(callHash, 0)}T09:00:02Z WARN retry ${1 + (callHash % 3)}\n`
    );
  }
  return (
    `from ${noun} import ${verb}_state\n\n\ndef ${verb}_${noun}(value):\n    if not value:\n        ` +
    `raise ValueError("${noun}")\n    return ${verb}_state(value)\n`
  );
}

function diffText(path: string, callHash: number): string {
  const verb = pick(VERBS, callHash, 3);
  const noun = pick(NOUNS, callHash, 11);
  return (
    `--- a/${path}\n+++ b/${path}\n@@ -1,3 +1,5 @@\n def ${verb}_${noun}(value):\n-    return ` +
    `value\n+    if not value:\n+        return "${noun}"\n+    return value\n`
  );
}

export function filePath(args: Readonly<Record<string, unknown>>, callHash: number): string {
  return text(args, ['path', 'file_path', 'filepath', 'file', 'filename'], `src/${pick(STEMS, callHash, 5)}.py`);
}

export function fileContentLength(path: string, callHash: number): number {
  return sourceText(path, callHash).length;
}

function shellRun(command: string, callHash: number): Record<string, unknown> {
  const flavor = callHash % SHELL_FLAVORS;
  if (flavor === 0) return { command, exit_code: 1, stdout: '', stderr: 'bash: secrets/deploy.key: Permission denied\n' };
  if (flavor === 1) {
    const collected = 6 + (callHash % 5);
    return {
      command,
      exit_code: 1,
      stdout:
        `collected ${collected} items\ntests/test_app.py ....F\nFAILED tests/test_app.py::test_sync - ` +
        `AssertionError: expected 1, got 0\n1 failed, ${collected - 1} passed in 0.61s\n`,
      stderr: '',
    };
  }
  if (flavor === 2) {
    return {
      command,
      exit_code: 1,
      stdout:
        'Auto-merging src/app.py\nCONFLICT (content): Merge conflict in src/app.py\nAutomatic merge ' +
        'failed; fix conflicts and then commit the result.\n',
      stderr: '',
    };
  }
  if (flavor === 3 || /\bls\b/.test(command))
    return { command, exit_code: 0, stdout: 'src/\n  app.py\n  util.py\nREADME.md\n', stderr: '' };
  const passed = 6 + (callHash % 6);
  return {
    command,
    exit_code: 0,
    stdout: `collected ${passed} items\ntests/test_app.py ${'.'.repeat(Math.min(passed, 8))}\n${passed} passed in 0.44s\n`,
    stderr: '',
  };
}

function gitPayload(tool: string, args: Readonly<Record<string, unknown>>, callHash: number): Record<string, unknown> {
  const name = tool.toLowerCase();
  const branch = `feature/${pick(NOUNS, callHash, 11)}`;
  if (name.includes('diff') || name.includes('show')) {
    const path = filePath(args, callHash);
    return { path, diff: diffText(path, callHash), branch };
  }
  if (name.includes('log') || name.includes('commit')) {
    const count = 2 + (callHash % 2);
    const items = Array.from({ length: count }, (_, index) => ({
      sha: hex(callHash + index * 29),
      message: `${pick(VERBS, callHash + index, 3)} ${pick(NOUNS, callHash + index, 11)}`,
      author: pick(PEOPLE, callHash + index * 7, 29),
      date: isoDate(callHash, index),
    }));
    return { branch, count, items };
  }
  return {
    branch,
    clean: false,
    ahead: 1 + (callHash % 3),
    behind: callHash % 2,
    staged: [`src/${pick(STEMS, callHash, 5)}.py`],
    unstaged: [`src/${pick(STEMS, callHash + 3, 5)}.py`],
    untracked: ['tmp.log'],
  };
}

/** The payload of a read (or other) call to a coding tool. */
export function codePayload(
  kind: ResultKind,
  tool: string,
  args: Readonly<Record<string, unknown>>,
  callHash: number,
): Record<string, unknown> {
  switch (kind) {
    case 'file': {
      const path = filePath(args, callHash);
      const content = sourceText(path, callHash);
      return { path, content, bytes: content.length, encoding: 'utf-8' };
    }
    case 'files': {
      const root = text(args, ['path', 'directory', 'dir'], 'src').replace(/\/+$/, '');
      const count = 3 + (callHash % 3);
      const entries = Array.from({ length: count }, (_, index) => {
        const stem = pick(STEMS, callHash + index * 17, 5);
        const isDirectory = index === 0 && callHash % 5 === 0;
        const name = isDirectory ? stem : `${stem}.py`;
        return { name, type: isDirectory ? 'dir' : 'file', path: `${root}/${name}` };
      });
      return { path: root, entries, count };
    }
    case 'grep': {
      const pattern = text(args, ['pattern', 'query', 'regex'], 'TODO');
      const count = 2 + (callHash % 3);
      const matches = Array.from({ length: count }, (_, index) => ({
        path: `src/${pick(STEMS, callHash + index * 13, 5)}.py`,
        line: 8 + ((callHash + index * 19) % 80),
        text: `    ${pick(VERBS, callHash + index, 3)}_${pick(NOUNS, callHash + index, 11)}(${JSON.stringify(pattern)})`,
      }));
      return { pattern, count, matches };
    }
    case 'shell':
      return shellRun(text(args, ['command', 'cmd', 'argv'], 'true'), callHash);
    case 'git':
      return gitPayload(tool, args, callHash);
    case 'ci': {
      const count = 3 + (callHash % 2);
      const items = Array.from({ length: count }, (_, index) => ({
        name: CHECKS[index % CHECKS.length],
        status: 'completed',
        // One listing in seven has a failing check.
        conclusion: callHash % 7 === 0 && index === count - 1 ? 'failure' : 'success',
        duration_s: 8 + ((callHash + index * 11) % 90),
      }));
      return { count, items };
    }
    case 'money':
    case 'record':
      throw new Error(`${kind} is not a coding payload`);
    default: {
      const unreachable: never = kind;
      throw new Error(`unknown result kind ${String(unreachable)}`);
    }
  }
}
