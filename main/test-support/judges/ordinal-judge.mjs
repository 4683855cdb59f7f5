// A tiny command judge for the grading tests: one row as a JSON line on stdin, one answer line on stdout.
// It fails every third row (ordinal 0, 3, 6...) and passes the rest; --sleep=MS waits before answering. It answers
// every line it reads, so it serves both per-row and server mode.
import { createInterface } from 'node:readline';

const sleep = Number(process.argv.find((arg) => arg.startsWith('--sleep='))?.slice('--sleep='.length) ?? 0);

async function answer(row) {
  if (sleep > 0) await new Promise((resolve) => setTimeout(resolve, sleep));
  const fails = row.ordinal % 3 === 0;
  return JSON.stringify({
    reward: fails ? 0 : 1,
    reason: fails ? 'every third row fails' : 'fine',
    failure_class: fails ? 'third_row' : null,
    markers: { polite: 1 },
  });
}

const lines = createInterface({ input: process.stdin });
lines.on('line', async (line) => {
  if (line.trim() === '') return;
  process.stdout.write(`${await answer(JSON.parse(line))}\n`);
});
