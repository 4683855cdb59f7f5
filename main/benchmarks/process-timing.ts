import { spawnSync } from 'node:child_process';

/** A command run whole as a new process: the program and its arguments. */
export interface ProcessCommand {
  name: string;
  command: string;
  args: readonly string[];
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted.length === 0 ? Number.NaN : sorted[Math.floor(sorted.length / 2)]!;
}

/** The wall time of one whole process, start to exit, in ms; it must exit 0. */
function timeOnce(command: ProcessCommand, cwd: string): number {
  const started = performance.now();
  const child = spawnSync(command.command, command.args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const milliseconds = performance.now() - started;
  if (child.status !== 0) throw new Error(`${command.name} exited ${child.status}:\n${child.stdout}\n${child.stderr}`);
  return milliseconds;
}

/**
 * Each command run `runs` times whole, taking turns (one of each, then again), so a change in the machine's load
 * falls on all of them alike; one warm-up run each first (the files into the page cache), not counted. Returns
 * each command's wall times in ms, in order.
 */
export function interleavedTimes(commands: readonly ProcessCommand[], runs: number, cwd: string): number[][] {
  for (const command of commands) timeOnce(command, cwd);
  const times = commands.map((): number[] => []);
  for (let run = 0; run < runs; run += 1) for (const [index, command] of commands.entries()) times[index]!.push(timeOnce(command, cwd));
  return times;
}
