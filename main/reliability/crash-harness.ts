// Processes the crash tests start and kill: browser mode (`main/server/serve.ts`) and the `wai` CLI, each its own
// Node process over a data folder, killed with SIGKILL (no handler runs, as in a power cut or an OOM kill).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Method, MethodInput, Result } from '../../shared/api';
import { SeededRandom } from '../../engine/index';
import type { ReliabilitySettings } from './long-mode';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The environment of every child: no model keys or Hub token of the person running the tests. */
export function childEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'HF_TOKEN', 'WHILE_STUDIO_DATA_DIR'])
    if (!(name in extra)) delete environment[name];
  return environment;
}

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  token: string;
  /** Everything it printed so far. */
  output(): string;
  /** Resolves once the process has exited (killed or not). */
  exited: Promise<void>;
}

/** Starts browser mode on a free port over `dataDir` and waits for its URL; it resumes interrupted runs as it starts. */
export async function startServer(dataDir: string, environment: NodeJS.ProcessEnv = childEnvironment()): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/server/serve.ts', '--port', '0', '--data-dir', dataDir], {
    cwd: REPO_ROOT,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`browser mode printed no URL in 60 s:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Open (http:\/\/127\.0\.0\.1:\d+\/\?token=([\w-]+))/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`browser mode exited before printing its URL (${child.exitCode ?? child.signalCode}):\n${output}`));
    });
  });
  const parsed = new URL(url);
  return { child, origin: parsed.origin, token: parsed.searchParams.get('token')!, output: () => output, exited };
}

/** Calls a contract method over HTTP as the page does; a dropped connection (the server killed) rejects. */
export async function call<M extends Method>(
  server: Pick<ServerProcess, 'origin' | 'token'>,
  method: M,
  input: MethodInput<M>,
): Promise<Result<unknown>> {
  const response = await fetch(`${server.origin}/api/${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.json()) as Result<unknown>;
}

/** Like `call`, for a method that must succeed: its value, or an error naming the method and the refusal. */
export async function callOk<M extends Method>(
  server: Pick<ServerProcess, 'origin' | 'token'>,
  method: M,
  input: MethodInput<M>,
): Promise<unknown> {
  const result = await call(server, method, input);
  if (!result.ok) throw new Error(`${method} failed: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** SIGKILL, then wait for the process to be gone. */
export async function killHard(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await exited;
}

/** SIGTERM (the server closes its store and stops its workers), then wait. */
export async function stopGently(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  await exited;
}

export interface CliProcess {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

/** `wai --data-dir DIR ...args` as its own process. */
export function spawnWai(dataDir: string, args: readonly string[], environment: NodeJS.ProcessEnv = childEnvironment()): CliProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'main/cli/wai.ts', '--data-dir', dataDir, ...args], {
    cwd: REPO_ROOT,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, exited, output: () => output };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds (polling), or rejects after `timeoutMs` with `what`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, timeoutMs = 120_000, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export interface LoopReport {
  name: string;
  iterations: number;
  ms: number;
  /** One line per iteration: where it was killed and what the store held after. */
  log: string[];
}

/**
 * Runs `step` until `settings.crashIterations` steps have run or the wall-clock budget is spent, whichever comes first
 * (at least one step always runs). Each step gets its own seeded random source, so a failing iteration replays from
 * the seed printed in the error.
 */
export async function crashLoop(
  name: string,
  settings: ReliabilitySettings,
  step: (iteration: number, random: SeededRandom) => Promise<string>,
): Promise<LoopReport> {
  const started = Date.now();
  const log: string[] = [];
  let iteration = 0;
  while (iteration < settings.crashIterations && (iteration === 0 || Date.now() - started < settings.crashBudgetMs)) {
    const random = SeededRandom.fromKey(`${settings.seed}:${name}:${iteration}`);
    try {
      log.push(`${iteration}: ${await step(iteration, random)}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      throw new Error(`${name}, iteration ${iteration} (WHILE_CRASH_SEED=${settings.seed}): ${message}\nso far:\n${log.join('\n')}`, {
        cause: error,
      });
    }
    iteration += 1;
  }
  return { name, iterations: iteration, ms: Date.now() - started, log };
}
