/** The footer Node prints after an uncaught error (`Node.js v20.20.2`): it says nothing about what went wrong. */
const NODE_FOOTER = /^Node\.js v\d+(\.\d+)*$/;
/** A line that names the failure: `Error: Cannot find module ...`, `ModuleNotFoundError: ...`, `sh: 1: x: not found`. */
const MEANINGFUL = new RegExp(
  [
    String.raw`^[\w.$]*(Error|Exception)\b`,
    String.raw`^(fatal|error|panic)\b`,
    'cannot find module',
    'no such file',
    'not found',
    'permission denied',
    "can't open file",
    'is not recognized',
    'ENOENT',
    'EACCES',
  ].join('|'),
  'i',
);
const LAST_LINES = 3;
const MAX_CHARS = 400;

/**
 * What a command's stderr says went wrong, in one line: the first line that names an error (Node's
 * `Error: Cannot find module ...`, Python's `ModuleNotFoundError: ...`, the shell's `not found`), else its last few
 * non-empty lines; never Node's version footer. Empty when stderr says nothing.
 */
export function stderrSummary(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !NODE_FOOTER.test(line));
  const named = lines.find((line) => MEANINGFUL.test(line) && !/^at\s/.test(line));
  const text = named ?? lines.slice(-LAST_LINES).join(' / ');
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}
