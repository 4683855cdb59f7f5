#!/usr/bin/env node
import { isMainThread } from 'node:worker_threads';
import { Command } from 'commander';
import { APP_VERSION } from '../services/app/version';
import { listenForInterrupts, runOnBoundedThread, threadBoundOf } from './bounded-thread';
import { COMMAND_LIST, namedCommand } from './command-list';

/**
 * wai with the command that `argv` (the words after `wai`) names loaded whole; every other command is listed by its
 * name and summary alone, so a command line pays only for what it runs.
 */
export async function createProgram(argv: readonly string[] = process.argv.slice(2)): Promise<Command> {
  const program = new Command('wai')
    .description('While Studio from a terminal: simulate, grade, label, export and prove, over the same run store as the app.')
    .version(APP_VERSION)
    .option('--data-dir <dir>', 'data folder (default: $WHILE_STUDIO_DATA_DIR or the platform user-data folder)')
    // Options before the command are wai's, after it the command's: `wai grade RUN --version v2` is the judge's version.
    .enablePositionalOptions()
    .showHelpAfterError();
  const named = namedCommand(argv);
  for (const command of COMMAND_LIST) {
    if (command.name === named) (await command.load())(program);
    else {
      const listed = program.command(command.name).summary(command.summary);
      if (command.usage) listed.arguments(command.usage);
    }
  }
  return program;
}

// `npm run wai` starts the CLI in the package folder; a person's relative paths (--out, --spec, files to read) name
// places from where they typed the command, which npm passes as INIT_CWD (the working folder is the process's: a
// bounded thread finds it changed).
if (isMainThread && process.env.npm_lifecycle_event === 'wai' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

const argv = process.argv.slice(2);
const bound = threadBoundOf(namedCommand(argv), import.meta.url);
if (bound) runOnBoundedThread(new URL(import.meta.url), argv, bound);
else {
  listenForInterrupts();
  createProgram(argv)
    .then((program) => program.parseAsync())
    .catch((error: unknown) => {
      process.stderr.write(`wai: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
