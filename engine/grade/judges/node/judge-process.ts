import type { ChildProcessWithoutNullStreams } from 'node:child_process';

/** How much of a judge process's stderr is kept for error messages. */
const STDERR_TAIL_CHARS = 2000;

/** Keeps the last STDERR_TAIL_CHARS of a process's stderr. */
export function collectStderr(child: ChildProcessWithoutNullStreams): () => string {
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  return () => stderr.trim();
}

export function exitDescription(code: number | null, signal: NodeJS.Signals | null, stderr: string): string {
  const how = code !== null ? `exited with code ${code}` : `was stopped by ${signal ?? 'a signal'}`;
  return stderr === '' ? how : `${how}: ${stderr}`;
}

/**
 * One answer line read as JSON; a line that is not JSON is handed on as text, so the grade says
 * `invalid_result` (the judge answered, wrongly) rather than `error`.
 */
export function parseAnswerLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return line;
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
