import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { AgentRequest } from '../agent';
import { AgentReplyError, parseCommandReply } from '../command-reply';
import { exitDescription } from './command-agent';

/** What one probe turn showed about a command agent. */
export type CommandProbe =
  /** It answered with a protocol line (an `{"error"}` line too: it runs and speaks the protocol). */
  | { outcome: 'answered' }
  /** No answer within the timeout, but still running: it starts (a model-backed agent may be slow). */
  | { outcome: 'running' }
  /** It ended before answering: `message` is how, with what its stderr says ("exited (1): Error: Cannot find module ..."). */
  | { outcome: 'exited'; message: string }
  /** It answered with a line that is not the protocol: every turn of a run would be lost the same way. */
  | { outcome: 'bad_reply'; message: string };

export interface CommandProbeOptions {
  cwd?: string;
  /** How long to wait for the answer; default 4000 ms. */
  timeoutMs?: number;
  request?: AgentRequest;
}

const PROBE_REQUEST: AgentRequest = {
  rollout_key: 'preflight:probe',
  system_prompt: 'This is a check that you start before a run. Answer in one short sentence.',
  tools: [],
  messages: [{ role: 'user', content: 'Hello, are you there?' }],
};

/** Starts a command agent, sends it one small turn, and reports whether it started and answered; it is always ended. */
export function probeCommandAgent(command: string, options: CommandProbeOptions = {}): Promise<CommandProbe> {
  const timeoutMs = options.timeoutMs ?? 4000;
  return new Promise((resolve) => {
    let settled = false;
    let stderr = '';
    const child = spawn(command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const settle = (probe: CommandProbe) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(probe);
    };
    const timer = setTimeout(() => settle({ outcome: 'running' }), timeoutMs);
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(0, 8000)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.trim() === '') return;
      try {
        parseCommandReply(line);
        settle({ outcome: 'answered' });
      } catch (error) {
        if (!(error instanceof AgentReplyError)) throw error;
        if (error.message.startsWith('the agent reported an error')) settle({ outcome: 'answered' });
        else settle({ outcome: 'bad_reply', message: error.message });
      }
    });
    child.on('close', (code, signal) => settle({ outcome: 'exited', message: exitDescription(code, signal, stderr) }));
    child.on('error', (error) => settle({ outcome: 'exited', message: `could not run: ${error.message}` }));
    child.stdin.on('error', () => undefined);
    child.stdin.write(`${JSON.stringify({ type: 'turn', ...(options.request ?? PROBE_REQUEST) })}\n`);
  });
}
