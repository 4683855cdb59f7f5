import { Command } from 'commander';
import { APP_VERSION } from '../services/version';
import { registerDraftCommand } from './draft-command';
import { registerPairwiseCommand } from './pairwise-command';
import { registerRunsCommand } from './runs-command';
import { registerSimulateCommand } from './simulate-command';

export function createProgram(): Command {
  const program = new Command('wai')
    .description('While Studio from a terminal: simulate, grade, label, export and prove, over the same run store as the app.')
    .version(APP_VERSION)
    .option('--data-dir <dir>', 'data folder (default: $WHILE_STUDIO_DATA_DIR or the platform user-data folder)')
    .showHelpAfterError();
  registerDraftCommand(program);
  registerPairwiseCommand(program);
  registerSimulateCommand(program);
  registerRunsCommand(program);
  return program;
}

createProgram()
  .parseAsync()
  .catch((error: unknown) => {
    process.stderr.write(`wai: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
