import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { collectStderr, exitDescription, parseAnswerLine } from './judge-process';

export interface ServerCommand {
  command: string;
  args: readonly string[];
  cwd?: string;
  env?: Readonly<Record<string, string>>;
}

interface Pending {
  /** The process the row was sent to: only its answer or its exit settles the row. */
  child: ChildProcessWithoutNullStreams;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * A long-lived judge process speaking JSON lines: one row per line on stdin, one answer per line on stdout, in
 * order, one row at a time. Started on first use; restarted on the next row after it exits or is stopped
 * because a row was abandoned (its late answer could otherwise be read as the next row's). stdout carries
 * answers only: logs go to stderr.
 */
export class JsonLinesServer {
  private child: ChildProcessWithoutNullStreams | null = null;
  private buffer = '';
  private pending: Pending | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly command: ServerCommand) {}

  /** Sends one row and resolves with its answer line (parsed JSON, or the raw text if it is not JSON). */
  request(row: unknown, abandoned: Promise<void>): Promise<unknown> {
    let isAbandoned = false;
    void abandoned.then(() => {
      isAbandoned = true;
    });
    const exchange = this.queue.then(() => {
      if (isAbandoned) throw new Error('row abandoned before the judge server could take it');
      return this.exchange(row, abandoned);
    });
    this.queue = exchange.catch(() => undefined);
    return exchange;
  }

  async close(): Promise<void> {
    this.stop();
    await this.exited;
  }

  private exchange(row: unknown, abandoned: Promise<void>): Promise<unknown> {
    const child = this.start();
    return new Promise((resolve, reject) => {
      const pending: Pending = { child, resolve, reject };
      this.pending = pending;
      void abandoned.then(() => {
        if (this.pending !== pending) return;
        this.pending = null;
        this.stop();
        reject(new Error('judge server gave no answer in time; it was restarted'));
      });
      child.stdin.write(`${JSON.stringify(row)}\n`);
    });
  }

  private start(): ChildProcessWithoutNullStreams {
    if (this.child) return this.child;
    const child = spawn(this.command.command, [...this.command.args], {
      cwd: this.command.cwd,
      env: { ...process.env, ...this.command.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.buffer = '';
    const stderr = collectStderr(child);
    child.stdin.on('error', () => undefined);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => this.receive(child, chunk));
    this.exited = new Promise((resolve) => {
      child.on('close', (code, signal) => {
        if (this.child === child) this.child = null;
        this.fail(child, new Error(`judge server ${this.command.command} ${exitDescription(code, signal, stderr())}`));
        resolve();
      });
    });
    child.on('error', (error) => {
      if (this.child === child) this.child = null;
      this.fail(child, new Error(`could not start judge server ${this.command.command}: ${error.message}`));
    });
    return child;
  }

  private receive(child: ChildProcessWithoutNullStreams, chunk: string): void {
    if (child !== this.child) return;
    this.buffer += chunk;
    for (let newline = this.buffer.indexOf('\n'); newline >= 0; newline = this.buffer.indexOf('\n')) {
      const line = this.buffer.slice(0, newline).trim();
      this.buffer = this.buffer.slice(newline + 1);
      if (line === '') continue;
      const pending = this.pending;
      if (pending?.child !== child) continue;
      this.pending = null;
      pending.resolve(parseAnswerLine(line));
    }
  }

  private fail(child: ChildProcessWithoutNullStreams, error: Error): void {
    const pending = this.pending;
    if (pending?.child !== child) return;
    this.pending = null;
    pending.reject(error);
  }

  private stop(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }
}
