#!/usr/bin/env node
// An agent under test that answers each turn after a pause: the milliseconds written in the file named by its first
// argument, read at every turn, so a test sets how fast a run goes (and can change it while the run goes on).
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const paceFile = process.argv[2];
const pace = () => {
  try {
    return Number(readFileSync(paceFile, 'utf8')) || 0;
  } catch {
    return 0;
  }
};

createInterface({ input: process.stdin }).on('line', (line) => {
  const { messages } = JSON.parse(line);
  const last = messages.at(-1);
  const reply =
    last?.role === 'tool' ? { content: 'Done: I have checked that for you.' } : { content: 'Could you give me the order number, please?' };
  setTimeout(() => process.stdout.write(`${JSON.stringify(reply)}\n`), pace());
});
