import { existsSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { JUDGE_COMMAND_MODES } from '../../shared/api/grades';
import { ServiceError } from './service-error';

/** A judge as a grading job runs it: plain data, so it crosses into a worker thread as it is. */
export type JudgeSpec =
  | { kind: 'conduct' }
  | {
      kind: 'command';
      command: string;
      args: string[];
      mode: (typeof JUDGE_COMMAND_MODES)[number];
      name: string;
      version: string;
      /** Where the command runs (relative paths in it are read from here). */
      cwd: string;
    }
  | { kind: 'module'; path: string; name: string; version: string };

export interface JudgeSpecOptions {
  version?: string | undefined;
  name?: string | undefined;
  mode: (typeof JUDGE_COMMAND_MODES)[number];
  /** Resolves relative module paths and is the command's working folder. */
  cwd: string;
}

const CHOICES = 'conduct, command:"<command line>" or module:<path to a .js or .mjs file>';

/**
 * Splits a command line into arguments the way a POSIX shell would for plain words: whitespace separates,
 * single quotes keep text as is, double quotes keep spaces (with \" and \\ escapes), a backslash escapes one
 * character. No variables, globs or pipes: the judge is started without a shell.
 */
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let isWord = false;
  let quote: "'" | '"' | null = null;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index]!;
    if (quote === "'") {
      if (char === "'") quote = null;
      else word += char;
      continue;
    }
    if (quote === '"') {
      if (char === '"') quote = null;
      else if (char === '\\' && (line[index + 1] === '"' || line[index + 1] === '\\')) word += line[++index];
      else word += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      isWord = true;
    } else if (char === '\\' && index + 1 < line.length) {
      word += line[++index];
      isWord = true;
    } else if (/\s/.test(char)) {
      if (isWord) words.push(word);
      word = '';
      isWord = false;
    } else {
      word += char;
      isWord = true;
    }
  }
  if (quote !== null) throw new ServiceError('VALIDATION_FAILED', `The judge command has an unclosed ${quote} quote: ${line}`, [{ path: 'judge', message: 'unclosed quote' }]);
  if (isWord) words.push(word);
  return words;
}

function requireVersion(version: string | undefined, what: string): string {
  if (version === undefined || version.trim() === '') {
    throw new ServiceError('VALIDATION_FAILED', `A ${what} needs a version (e.g. --version v1, or a commit), so its grades can be told apart from the next edit's.`, [
      { path: 'version', message: 'required for command and module judges' },
    ]);
  }
  return version.trim();
}

function stem(path: string): string {
  return basename(path, extname(path));
}

/** The judge's display name: the script it runs (`node judge.mjs` is `judge`), else the program. */
function commandName(command: string, args: readonly string[]): string {
  const script = args.find((arg) => !arg.startsWith('-'));
  return stem(script ?? command) || command;
}

/** Reads the `judge` field of grades.run (and `wai grade --judge`). Throws ServiceError VALIDATION_FAILED. */
export function parseJudgeSpec(text: string, options: JudgeSpecOptions): JudgeSpec {
  const trimmed = text.trim();
  if (trimmed === 'conduct') return { kind: 'conduct' };
  if (trimmed.startsWith('command:')) {
    const line = trimmed.slice('command:'.length).trim();
    const words = splitCommandLine(line);
    // command:"node judge.mjs" quotes the whole line: read the one quoted word as the command line.
    const [command, ...args] = words.length === 1 && /\s/.test(words[0]!) ? splitCommandLine(words[0]!) : words;
    if (command === undefined) throw new ServiceError('VALIDATION_FAILED', 'The judge command is empty: use command:"node my-judge.mjs".', [{ path: 'judge', message: 'empty command' }]);
    const version = requireVersion(options.version, 'command judge');
    return { kind: 'command', command, args, mode: options.mode, name: options.name ?? commandName(command, args), version, cwd: options.cwd };
  }
  if (trimmed.startsWith('module:')) {
    const given = trimmed.slice('module:'.length).trim().replace(/^"(.*)"$/s, '$1');
    if (given === '') throw new ServiceError('VALIDATION_FAILED', 'The judge module path is empty: use module:./my-judge.mjs.', [{ path: 'judge', message: 'empty path' }]);
    const path = resolve(options.cwd, given);
    if (!existsSync(path) || !statSync(path).isFile()) {
      throw new ServiceError('VALIDATION_FAILED', `There is no judge module at ${path}.`, [{ path: 'judge', message: `no file at ${path}` }]);
    }
    const version = requireVersion(options.version, 'module judge');
    return { kind: 'module', path, name: options.name ?? stem(path), version };
  }
  throw new ServiceError('VALIDATION_FAILED', `Unknown judge "${trimmed}". Use ${CHOICES} (model judges come with the model backends).`, [
    { path: 'judge', message: `use ${CHOICES}` },
  ]);
}
