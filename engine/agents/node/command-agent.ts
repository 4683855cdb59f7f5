import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { AgentReply, AgentRequest, AgentUnderTest } from '../agent';
import { AgentReplyError, parseCommandReply } from '../command-reply';

export interface CommandAgentOptions {
  /** A shell command line, e.g. `python3 my_agent.py`. */
  command: string;
  cwd?: string;
  /** Processes kept running; each answers one turn at a time. */
  processes: number;
  /** A turn taking longer than this is an agent error. */
  timeoutMs?: number;
}

interface Slot {
  child: ChildProcessWithoutNullStreams;
  pending?: { resolve(line: string): void; reject(error: Error): void };
  stderr: string;
}

/**
 * Bring your own agent: a local command speaking JSON lines on stdin/stdout. Each turn it receives one line
 * `{"type":"turn","rollout_key","system_prompt","tools","messages"}` and answers one line
 * `{"content","tool_calls":[{"id","name","arguments"}]}` (or `{"error"}`). Several processes serve turns in parallel.
 */
export function createCommandAgent(options: CommandAgentOptions): AgentUnderTest & { close(): void } {
  const slots: Slot[] = [];
  const idle: Slot[] = [];
  const waiting: ((slot: Slot) => void)[] = [];
  const timeoutMs = options.timeoutMs ?? 120_000;

  const spawnSlot = (): Slot => {
    const child = spawn(options.command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const slot: Slot = { child, stderr: '' };
    child.stderr.on('data', (chunk: Buffer) => (slot.stderr = (slot.stderr + chunk.toString()).slice(-2000)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.trim() === '') return;
      const pending = slot.pending;
      slot.pending = undefined;
      pending?.resolve(line);
    });
    child.on('exit', (code, signal) => {
      const pending = slot.pending;
      slot.pending = undefined;
      const detail = slot.stderr.trim() ? `: ${slot.stderr.trim().split('\n').at(-1)}` : '';
      pending?.reject(new AgentReplyError(`the agent command exited (${signal ?? code})${detail}`));
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      const idleIndex = idle.indexOf(slot);
      if (idleIndex >= 0) idle.splice(idleIndex, 1);
    });
    child.stdin.on('error', () => undefined);
    slots.push(slot);
    return slot;
  };

  const acquire = (): Promise<Slot> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (slots.length < Math.max(1, options.processes)) return Promise.resolve(spawnSlot());
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (slot: Slot) => {
    if (!slots.includes(slot)) return;
    const next = waiting.shift();
    if (next) next(slot);
    else idle.push(slot);
  };

  return {
    model: `command:${options.command}`,
    async respond(request: AgentRequest): Promise<AgentReply> {
      const slot = await acquire();
      try {
        const line = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => {
            slot.pending = undefined;
            slot.child.kill('SIGKILL');
            reject(new AgentReplyError(`the agent took longer than ${timeoutMs} ms to answer`));
          }, timeoutMs);
          slot.pending = {
            resolve: (value) => (clearTimeout(timer), resolve(value)),
            reject: (error) => (clearTimeout(timer), reject(error)),
          };
          slot.child.stdin.write(`${JSON.stringify({ type: 'turn', ...request })}\n`);
        });
        return parseCommandReply(line);
      } finally {
        release(slot);
      }
    },
    close() {
      for (const slot of slots.splice(0)) slot.child.kill();
      idle.length = 0;
    },
  };
}
