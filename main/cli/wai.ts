import { Command } from 'commander';
import { APP_VERSION } from '../services/app/version';
import { registerAgreementCommand } from './commands/agreement-command';
import { registerDecontaminateCommand } from './commands/decontaminate-command';
import { registerDraftCommand } from './commands/draft-command';
import { registerEnvironmentCommand } from './commands/environment-command';
import { registerExportCommand } from './commands/export-command';
import { registerGradeCommand } from './commands/grade-command';
import { registerLabelsCommand } from './commands/labels-command';
import { registerPairwiseCommand } from './commands/pairwise-command';
import { registerPlanCommand } from './commands/plan-command';
import { registerProveCommand } from './commands/prove-command';
import { registerPushCommand } from './commands/push-command';
import { registerRunsCommand } from './commands/runs-command';
import { registerSimulateCommand } from './commands/simulate-command';
import { registerTracesCommand } from './commands/traces-command';

export function createProgram(): Command {
  const program = new Command('wai')
    .description('While Studio from a terminal: simulate, grade, label, export and prove, over the same run store as the app.')
    .version(APP_VERSION)
    .option('--data-dir <dir>', 'data folder (default: $WHILE_STUDIO_DATA_DIR or the platform user-data folder)')
    // Options before the command are wai's, after it the command's: `wai grade RUN --version v2` is the judge's version.
    .enablePositionalOptions()
    .showHelpAfterError();
  registerDraftCommand(program);
  registerPairwiseCommand(program);
  registerPlanCommand(program);
  registerSimulateCommand(program);
  registerRunsCommand(program);
  registerExportCommand(program);
  registerDecontaminateCommand(program);
  registerPushCommand(program);
  registerEnvironmentCommand(program);
  registerGradeCommand(program);
  registerLabelsCommand(program);
  registerTracesCommand(program);
  registerProveCommand(program);
  registerAgreementCommand(program);
  return program;
}

// `npm run wai` starts the CLI in the package folder; a person's relative paths (--out, --spec, files to read) name
// places from where they typed the command, which npm passes as INIT_CWD.
if (process.env.npm_lifecycle_event === 'wai' && process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);

createProgram()
  .parseAsync()
  .catch((error: unknown) => {
    process.stderr.write(`wai: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
