import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from './fixtures';
import { forgetGrades } from './seed-store';

/** `wai` from a terminal, as a person would, against the studio's data folder. */
export function wai(dataDir: string, ...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 300_000,
  });
}

/**
 * `wai simulate` offline, then (unless told not to) `wai grade`; the run's id. Told not to, the run is left ungraded:
 * the conduct grades stored with its rows are forgotten, as in a store from before rows landed graded.
 */
export function simulateRun(dataDir: string, options: { rows: number; seed: number; grade?: boolean }): string {
  const output = wai(
    dataDir,
    'simulate',
    '--describe',
    'a support agent that looks up orders and refunds them only after confirming',
    '--rows',
    String(options.rows),
    '--seed',
    String(options.seed),
  );
  const runId = /^Run (run_\w+) \(/m.exec(output)?.[1];
  if (!runId) throw new Error(`wai simulate printed no run id:\n${output}`);
  if (options.grade === false) forgetGrades(dataDir, runId);
  else wai(dataDir, 'grade', runId);
  return runId;
}

/**
 * The local Hub of the test support code, in its own process (e2e imports nothing from main/): it prints its
 * address, answers the endpoints `@huggingface/hub` calls, and stops on SIGTERM.
 */
export async function startLocalHub(options: { holdUploads?: boolean } = {}): Promise<{ url: string; stop(): Promise<void> }> {
  const script = [
    "const { startHubServer } = await import('./main/test-support/hub-server.ts');",
    `const hub = await startHubServer(${JSON.stringify(options)});`,
    'process.stdout.write(`HUB ${hub.url}\\n`);',
    "process.on('SIGTERM', () => void hub.close().then(() => process.exit(0)));",
  ].join('\n');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the local Hub did not start:\n${output}`)), 30_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /HUB (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the local Hub exited (${code}):\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Every file under a folder (relative paths), or none when it does not exist. */
export function filesUnder(folder: string, prefix = ''): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path, `${prefix}${name}/`) : [`${prefix}${name}`];
  });
}

interface WireCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}

interface WireMessage {
  role: string;
  content?: string | null;
  tool_calls?: WireCall[];
  tool_call_id?: string;
  name?: string;
}

export interface CheckedLine {
  messages: WireMessage[];
  tools: { type: string; function: { name: string } }[];
  reward?: number | null;
}

/**
 * Reads an OpenAI-compatible chat JSONL file and checks every line's shape (the cookbook's checks, widened to tool
 * calling): one JSON object per line; messages with known roles, the system prompt first; assistant tool calls with
 * ids, `type: function`, arguments as a JSON string of an object and a name declared in `tools`; each tool message
 * answering an earlier call by id. Throws naming the line.
 */
export function readOpenAiLines(path: string): CheckedLine[] {
  const text = readFileSync(path, 'utf8');
  if (text !== '' && !text.endsWith('\n')) throw new Error(`${path}: the last line is cut off`);
  return text
    .split('\n')
    .filter((line) => line !== '')
    .map((line, index) => {
      const where = `${path}:${index + 1}`;
      const value = JSON.parse(line) as CheckedLine;
      if (!Array.isArray(value.messages) || value.messages.length < 2) throw new Error(`${where}: no messages`);
      if (value.messages[0]!.role !== 'system') throw new Error(`${where}: the system prompt is not first`);
      const declared = new Set((value.tools ?? []).map((tool) => tool.function.name));
      const called = new Set<string>();
      for (const message of value.messages) {
        if (!['system', 'user', 'assistant', 'tool'].includes(message.role)) throw new Error(`${where}: unknown role ${message.role}`);
        for (const call of message.tool_calls ?? []) {
          if (message.role !== 'assistant' || call.type !== 'function' || !call.id) throw new Error(`${where}: a malformed tool call`);
          const parsed = JSON.parse(call.function.arguments) as unknown;
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
            throw new Error(`${where}: arguments are not a JSON object`);
          if (!declared.has(call.function.name)) throw new Error(`${where}: ${call.function.name} is called but not in tools`);
          called.add(call.id);
        }
        if (message.role === 'tool' && !called.has(message.tool_call_id ?? ''))
          throw new Error(`${where}: a tool message answers no earlier call`);
      }
      if (!value.messages.some((message) => message.role === 'assistant')) throw new Error(`${where}: no assistant turn`);
      return value;
    });
}

/** A split's metadata file (`data/<split>.meta.jsonl`): one line per line of the split, keyed by line number. */
export interface MetadataLine {
  line: number;
  rollout_id: string;
  reward?: number | null;
}

export function readMetadataLines(path: string): MetadataLine[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as MetadataLine);
}
