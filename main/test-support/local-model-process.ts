import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The engine's local model server, run as its own process so main's tests never import engine fixtures. */
const SCRIPT = 'engine/models/node/__fixtures__/serve-local-model.ts';

export interface LocalModelProcess {
  url: string;
  openai_base_url: string;
  anthropic_base_url: string;
  /** The server's process id (a bench reads its CPU time). */
  pid: number | undefined;
  /** What the server saw: request count, by status, injected faults, by protocol:model. */
  requests(): Promise<{
    count: number;
    by_status: Record<string, number>;
    faults: Record<string, number>;
    models: Record<string, number>;
    max_in_flight: number;
  }>;
  stop(): Promise<void>;
}

/** Starts the local model server (speaking the OpenAI and Anthropic protocols) with the serve script's flags. */
export async function startLocalModelProcess(args: readonly string[] = []): Promise<LocalModelProcess> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SCRIPT, '--exit-with-stdin', ...args], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the local model server exited (${code}) before it started`)));
  });
  const urls = JSON.parse(first) as { url: string; openai_base_url: string; anthropic_base_url: string };
  return {
    ...urls,
    pid: child.pid,
    requests: async () => (await fetch(`${urls.url}/_admin/requests`)).json() as ReturnType<LocalModelProcess['requests']>,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}
