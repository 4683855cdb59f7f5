// A tiny custom judge speaking JSON lines, for the command-judge tests.
// Per row (default): reads one row line, logs a line, prints its answer as the last line, exits.
// With --server: answers every row line with one line and stays up.
// The reply text steers it: CRASH exits 3, HANG never answers, GARBLE prints text that is not JSON,
// NOREWARD answers without a reward; otherwise reward 0 when the reply apologises, else 1.
import { createInterface } from 'node:readline';

const server = process.argv.includes('--server');

function answer(row) {
  const text = String(row.final_text ?? '');
  if (text.includes('CRASH')) {
    process.stderr.write('judge crashed on purpose\n');
    process.exit(3);
  }
  if (text.includes('HANG')) return null;
  if (text.includes('GARBLE')) return 'pass, I think';
  if (text.includes('NOREWARD')) return JSON.stringify({ verdict: 'pass' });
  const apologised = text.toLowerCase().includes('sorry');
  return JSON.stringify({
    reward: apologised ? 0 : 1,
    reason: apologised ? 'the reply apologised' : 'no apology',
    failure_class: apologised ? 'tone' : null,
    pid: process.pid,
  });
}

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  const reply = answer(JSON.parse(line));
  if (reply === null) {
    if (!server) setInterval(() => undefined, 1000);
    return;
  }
  if (!server) process.stdout.write('log: judged one row\n');
  process.stdout.write(`${reply}\n`);
});
