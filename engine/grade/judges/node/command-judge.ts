import { spawn } from 'node:child_process';
import type { Row } from '../../../../shared/domain';
import type { Judge, JudgeOutput } from '../judge';
import { requireVersion } from '../function-judge';
import { JsonLinesServer } from './json-lines-server';
import { collectStderr, exitDescription, parseAnswerLine } from './judge-process';

export interface CommandJudgeOptions {
  /** The executable (no shell): `node`, `python3`, a path. */
  command: string;
  args?: readonly string[];
  /**
   * `per-row`: one process per row, the row as one JSON line on stdin, the answer as the last non-empty stdout
   * line, exit code 0. `server`: one long-lived process, one JSON line in and one line out per row.
   */
  mode?: 'per-row' | 'server';
  /** Required: which edit of the judge made a grade. */
  version: string;
  /** Defaults to the command's file name. */
  name?: string;
  cwd?: string;
  env?: Readonly<Record<string, string>>;
  scale?: readonly [number, number];
}

function judgeRowOnce(options: CommandJudgeOptions, row: Row, abandoned: Promise<void>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const child = spawn(options.command, [...(options.args ?? [])], {
      cwd: options.cwd,
      env: { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const stderr = collectStderr(child);
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stdin.on('error', () => undefined);
    child.on('error', (error) => reject(new Error(`could not start judge command ${options.command}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code !== 0) {
        reject(new Error(`judge command ${options.command} ${exitDescription(code, signal, stderr())}`));
        return;
      }
      const lines = stdout.split(/\r?\n/).filter((line) => line.trim() !== '');
      const last = lines[lines.length - 1];
      if (last === undefined) reject(new Error(`judge command ${options.command} printed no answer`));
      else resolve(parseAnswerLine(last.trim()));
    });
    void abandoned.then(() => child.kill('SIGKILL'));
    child.stdin.end(`${JSON.stringify(row)}\n`);
  });
}

function baseName(command: string): string {
  return command.split(/[\\/]/).pop() ?? command;
}

/**
 * A custom judge run as a local command speaking JSON lines: each row goes in as one line of JSON, the answer
 * comes back as one line (`{"reward": 1, "reason": "..."}`, a bare number, or a boolean). A crash or a non-zero
 * exit grades the row `error`; an answer that is not JSON or not the contract, `invalid_result`. The server
 * mode takes one row at a time; call `close()` when grading is done.
 */
export function commandJudge(options: CommandJudgeOptions): Judge {
  const version = requireVersion(options.version, `judge command ${options.command}`);
  const mode = options.mode ?? 'per-row';
  const name = options.name ?? baseName(options.command);
  const server =
    mode === 'server'
      ? new JsonLinesServer({ command: options.command, args: options.args ?? [], cwd: options.cwd, env: options.env })
      : null;
  return {
    name,
    label_source: 'custom',
    provenance: {
      judge: name,
      model: null,
      rubric_hash: null,
      settings: { command: options.command, args: [...(options.args ?? [])], mode },
      version,
    },
    ...(options.scale ? { scale: options.scale } : {}),
    ...(server ? { max_concurrency: 1 } : {}),
    async judge(row, context): Promise<JudgeOutput> {
      const answer = server ? await server.request(row, context.abandoned) : await judgeRowOnce(options, row, context.abandoned);
      return answer as JudgeOutput;
    },
    close: async () => {
      await server?.close();
    },
  };
}
