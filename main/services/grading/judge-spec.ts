import { existsSync, statSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { JUDGE_COMMAND_MODES } from '../../../shared/api/grades';
import { defaultRubric, ModelSpecError, parseRoleSpec, roleSpecLabel, withEndpoint } from '../../../engine/index';
import { ServiceError } from '../app/service-error';
import { keyRing } from '../settings/secrets';

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
  | { kind: 'module'; path: string; name: string; version: string }
  | {
      kind: 'model';
      /** The judge as the role spec reads it: `openai:gpt-4.1-mini`, or `decision:<model spec>` for a decision judge. */
      spec: string;
      /** The canonical model spec, stamped on every grade. */
      model: string;
      decision: boolean;
      /** What a rubric judge grades against (the person's, or the default built from the policy rules); null for a decision judge. */
      rubric: string | null;
      /** The agent's system prompt, read as the policy. */
      policy: string;
      name?: string;
    };

/** What a model judge reads from the run: its spec's system prompt and policy rules. */
export interface JudgePolicy {
  system_prompt: string;
  rules: readonly string[];
}

export interface JudgeSpecOptions {
  version?: string | undefined;
  name?: string | undefined;
  mode: (typeof JUDGE_COMMAND_MODES)[number];
  /** Resolves relative module paths and is the command's working folder. */
  cwd: string;
  /** A rubric for a model judge, replacing the default built from the policy rules. */
  rubric?: string | undefined;
  /** The run's policy (model judges only; absent: no policy, and the default rubric says so). */
  policy?: JudgePolicy | undefined;
}

const CHOICES =
  'conduct, command:"<command line>", module:<path to a .js or .mjs file>, a model (openai:<model>, anthropic:<model>, ' +
  'compatible:<model>@<base_url>) or decision:<model spec>';
const MODEL_PREFIX = /^(openai|anthropic|compatible|decision):/i;

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
  if (quote !== null)
    throw new ServiceError('VALIDATION_FAILED', `The judge command has an unclosed ${quote} quote: ${line}`, [
      { path: 'judge', message: 'unclosed quote' },
    ]);
  if (isWord) words.push(word);
  return words;
}

function requireVersion(version: string | undefined, what: string): string {
  if (version === undefined || version.trim() === '') {
    throw new ServiceError(
      'VALIDATION_FAILED',
      `A ${what} needs a version (e.g. --version v1, or a commit), so its grades can be told apart from the next edit's.`,
      [{ path: 'version', message: 'required for command and module judges' }],
    );
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
  const spec = readJudgeSpec(text, options);
  if (options.rubric !== undefined && spec.kind !== 'model') {
    const reader = spec.kind === 'conduct' ? 'the conduct checks read' : `a ${spec.kind} judge reads`;
    throw new ServiceError('VALIDATION_FAILED', `A rubric is read only by a model judge (e.g. openai:gpt-4.1-mini); ${reader} none.`, [
      { path: 'rubric', message: 'only model judges read a rubric' },
    ]);
  }
  return spec;
}

function readJudgeSpec(text: string, options: JudgeSpecOptions): JudgeSpec {
  const trimmed = text.trim();
  if (trimmed === 'conduct') return { kind: 'conduct' };
  if (trimmed.startsWith('command:')) {
    const line = trimmed.slice('command:'.length).trim();
    const words = splitCommandLine(line);
    // command:"node judge.mjs" quotes the whole line: read the one quoted word as the command line.
    const [command, ...args] = words.length === 1 && /\s/.test(words[0]!) ? splitCommandLine(words[0]!) : words;
    if (command === undefined)
      throw new ServiceError('VALIDATION_FAILED', 'The judge command is empty: use command:"node my-judge.mjs".', [
        { path: 'judge', message: 'empty command' },
      ]);
    const version = requireVersion(options.version, 'command judge');
    return {
      kind: 'command',
      command,
      args,
      mode: options.mode,
      name: options.name ?? commandName(command, args),
      version,
      cwd: options.cwd,
    };
  }
  if (trimmed.startsWith('module:')) {
    const given = trimmed
      .slice('module:'.length)
      .trim()
      .replace(/^"(.*)"$/s, '$1');
    if (given === '')
      throw new ServiceError('VALIDATION_FAILED', 'The judge module path is empty: use module:./my-judge.mjs.', [
        { path: 'judge', message: 'empty path' },
      ]);
    const path = resolve(options.cwd, given);
    if (!existsSync(path) || !statSync(path).isFile()) {
      throw new ServiceError('VALIDATION_FAILED', `There is no judge module at ${path}.`, [
        { path: 'judge', message: `no file at ${path}` },
      ]);
    }
    const version = requireVersion(options.version, 'module judge');
    return { kind: 'module', path, name: options.name ?? stem(path), version };
  }
  if (MODEL_PREFIX.test(trimmed)) return modelJudgeSpec(trimmed, options);
  throw new ServiceError('VALIDATION_FAILED', `Unknown judge "${trimmed}". Use ${CHOICES}.${bareNameHint(trimmed)}`, [
    { path: 'judge', message: `use ${CHOICES}` },
  ]);
}

/** For a bare model name (`gpt-4.1`), the colon form the model spec parser suggests. */
function bareNameHint(text: string): string {
  try {
    parseRoleSpec('judge', text);
    return '';
  } catch (error) {
    return ModelSpecError.isInstance(error) ? ` (${error.message})` : '';
  }
}

/**
 * A rubric or decision judge on a model. Its version is not chosen: it is `<model>@<rubric hash>` (or
 * `<model>@decision`), so a rubric edit or another model is another judge.
 */
function modelJudgeSpec(text: string, options: JudgeSpecOptions): JudgeSpec {
  let role;
  try {
    role = parseRoleSpec('judge', text);
  } catch (error) {
    if (!ModelSpecError.isInstance(error)) throw error;
    throw new ServiceError('VALIDATION_FAILED', error.message, [{ path: 'judge', message: error.message }]);
  }
  if (role.kind !== 'model')
    throw new ServiceError('VALIDATION_FAILED', `Unknown judge "${text}". Use ${CHOICES}.`, [{ path: 'judge', message: `use ${CHOICES}` }]);
  if (options.version !== undefined) {
    throw new ServiceError('VALIDATION_FAILED', 'A model judge is versioned by its model and rubric hash: leave version out.', [
      { path: 'version', message: 'not taken by model judges' },
    ]);
  }
  if (role.decision && options.rubric !== undefined) {
    throw new ServiceError(
      'VALIDATION_FAILED',
      'A decision judge answers a probability against the policy and reads no rubric: leave rubric out, or use a rubric judge (without ' +
        'decision:).',
      [{ path: 'rubric', message: 'not read by decision judges' }],
    );
  }
  const rubric = role.decision ? null : (options.rubric ?? defaultRubric(options.policy?.rules ?? []));
  // The grades name the server that answered (OPENAI_BASE_URL...): so does the judge's key, or skip_graded would miss them.
  const model = withEndpoint(role.model, keyRing().base_urls);
  return {
    kind: 'model',
    spec: roleSpecLabel({ ...role, model }),
    model: model.spec,
    decision: role.decision,
    rubric,
    policy: options.policy?.system_prompt ?? '',
    ...(options.name === undefined ? {} : { name: options.name }),
  };
}
