import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { COMMAND_LIST, namedCommand } from './command-list';

describe('the command list', () => {
  it('finds the command a command line names, past wai’s own options', () => {
    expect(namedCommand(['pairwise', 'model.txt', '--seed', '3'])).toBe('pairwise');
    expect(namedCommand(['--data-dir', 'runs', 'runs', 'list'])).toBe('runs');
    expect(namedCommand(['--data-dir=/tmp/x', 'grade', 'run_1'])).toBe('grade');
    expect(namedCommand(['help', 'export'])).toBe('export');
    expect(namedCommand(['--help'])).toBeNull();
    expect(namedCommand(['-V'])).toBeNull();
    expect(namedCommand([])).toBeNull();
  });

  it('names every command module once, and each registers the command it is listed as', async () => {
    const folder = fileURLToPath(new URL('./commands', import.meta.url));
    const modules = readdirSync(folder).filter((name) => name.endsWith('-command.ts'));
    expect(COMMAND_LIST.map((command) => `${command.name}-command.ts`).sort()).toEqual(modules.sort());
    for (const command of COMMAND_LIST) {
      const program = new Command('wai');
      (await command.load())(program);
      expect(program.commands.map((registered) => registered.name())).toEqual([command.name]);
    }
  }, 60_000);
});
