import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { RunStopError } from '../../models/run-stop-error';
import type { AgentReply, AgentRequest, AgentUnderTest } from '../agent';
import { AgentReplyError, parseCommandReply } from '../command-reply';
import { stderrSummary } from '../stderr-summary';

export interface CommandAgentOptions {
  /** A shell command line, e.g. `python3 my_agent.py`. */
  command: string;
  cwd?: string;
  /** Processes kept running; each answers one turn at a time. */
  processes: number;
  /** A turn taking longer than this is an agent error. */
  timeoutMs?: number;
  /**
   * Processes in a row that exit before their first answer, with no process having answered yet, after which the
   * command is taken not to start: every later turn throws a RunStopError (`stopped_because="agent_failed"`) at once.
   * Default 3.
   */
  startFailuresToStop?: number;
}

interface Slot {
  child: ChildProcessWithoutNullStreams;
  pending?: { resolve(line: string): void; reject(error: Error): void };
  stderr: string;
  answered: boolean;
  /** Killed by us (timeout, close): its exit says nothing about whether the command starts. */
  killed: boolean;
  gone: boolean;
}

/** stderr kept per process: its start (where a startup error is) and its end (where a crash is). */
const STDERR_HEAD = 4000;
const STDERR_TAIL = 2000;

/** Why a process ended, with what its stderr says went wrong (never Node's version footer). */
export function exitDescription(code: number | null, signal: string | null, stderr: string): string {
  const detail = stderrSummary(stderr);
  return `exited (${signal ?? code})${detail ? `: ${detail}` : ' with nothing on stderr'}`;
}

/**
 * Bring your own agent: a local command speaking JSON lines on stdin/stdout. Each turn it receives one line
 * `{"type":"turn","rollout_key","system_prompt","tools","messages"}` and answers one line
 * `{"content","tool_calls":[{"id","name","arguments"}]}` (or `{"error"}`). Several processes serve turns in parallel.
 */
export function createCommandAgent(options: CommandAgentOptions): AgentUnderTest & { close(): void } {
  const slots: Slot[] = [];
  const idle: Slot[] = [];
  const waiting: { resolve(slot: Slot): void; reject(error: Error): void }[] = [];
  const timeoutMs = options.timeoutMs ?? 120_000;
  const processes = Math.max(1, options.processes);
  const failuresToStop = Math.max(1, options.startFailuresToStop ?? 3);
  let everAnswered = false;
  let startFailures = 0;
  let cannotStart: RunStopError | undefined;

  const gone = (slot: Slot, how: string) => {
    if (slot.gone) return;
    slot.gone = true;
    if (!slot.answered && !slot.killed && !everAnswered) {
      startFailures += 1;
      if (startFailures >= failuresToStop) {
        cannotStart ??= new RunStopError(
          `The agent command \`${options.command}\` cannot start: ${startFailures} processes in a row ` +
            `ended before answering a turn; the last ${how}.`,
          'agent_failed',
          'agent',
        );
      }
    }
    const pending = slot.pending;
    slot.pending = undefined;
    pending?.reject(cannotStart ?? new AgentReplyError(`the agent command ${how}`));
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
    const idleIndex = idle.indexOf(slot);
    if (idleIndex >= 0) idle.splice(idleIndex, 1);
    // A turn waiting for a process gets a fresh one in place of this one, unless the command cannot start.
    if (cannotStart) for (const waiter of waiting.splice(0)) waiter.reject(cannotStart);
    else waiting.shift()?.resolve(spawnSlot());
  };

  const spawnSlot = (): Slot => {
    const child = spawn(options.command, { shell: true, cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    const slot: Slot = { child, stderr: '', answered: false, killed: false, gone: false };
    child.stderr.on('data', (chunk: Buffer) => {
      slot.stderr += chunk.toString();
      if (slot.stderr.length > STDERR_HEAD + 2 * STDERR_TAIL)
        slot.stderr = `${slot.stderr.slice(0, STDERR_HEAD)}\n${slot.stderr.slice(-STDERR_TAIL)}`;
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.trim() === '') return;
      slot.answered = true;
      everAnswered = true;
      startFailures = 0;
      const pending = slot.pending;
      slot.pending = undefined;
      pending?.resolve(line);
    });
    // 'close', not 'exit': stdout and stderr are read to their end, so a last reply lands and stderr is whole.
    child.on('close', (code, signal) => gone(slot, exitDescription(code, signal, slot.stderr)));
    child.on('error', (error) => gone(slot, `could not run: ${error.message}`));
    child.stdin.on('error', () => undefined);
    slots.push(slot);
    return slot;
  };

  const acquire = (): Promise<Slot> => {
    const free = idle.pop();
    if (free) return Promise.resolve(free);
    if (slots.length < processes) return Promise.resolve(spawnSlot());
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  };
  const release = (slot: Slot) => {
    if (slot.gone || !slots.includes(slot)) return;
    const next = waiting.shift();
    if (next) next.resolve(slot);
    else idle.push(slot);
  };

  return {
    model: `command:${options.command}`,
    async respond(request: AgentRequest): Promise<AgentReply> {
      if (cannotStart) throw cannotStart;
      const slot = await acquire();
      try {
        if (cannotStart) throw cannotStart;
        const line = await new Promise<string>((resolve, reject) => {
          const timer = setTimeout(() => {
            slot.pending = undefined;
            slot.killed = true;
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
      waiting.length = 0;
      for (const slot of slots.splice(0)) {
        slot.killed = true;
        slot.child.kill();
      }
      idle.length = 0;
    },
  };
}
