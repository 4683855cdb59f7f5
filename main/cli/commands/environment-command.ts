import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ExportRequest } from '../../../shared/api/exports';
import { runExport } from '../../services/exports/export-service';
import { ServiceError } from '../../services/app/service-error';
import { withContext } from '../cli-context';
import { foregroundControl, printWarnings } from '../export-output';
import { collect, share } from '../option-values';

interface EnvironmentFlags {
  out: string;
  name?: string;
  holdout: number;
  decontaminate?: string[];
}

export function registerEnvironmentCommand(program: Command): void {
  program
    .command('environment')
    .description('export a run as an installable verifiers RL environment (train and holdout tasks, the world dials, a reward)')
    .argument('<run_id>', 'the run to export')
    .requiredOption('--out <dir>', 'the package folder')
    .option('--name <name>', 'module name (default: the folder name, normalised)')
    .option('--holdout <share>', 'share of scenarios in the holdout split', share, 0.2)
    .option('--decontaminate <file>', 'drop rows that copy this JSONL; repeatable', collect)
    .action((runId: string, flags: EnvironmentFlags) =>
      withContext(program, async (context) => {
        const parsed = ExportRequest.safeParse({
          selection: { run_id: runId },
          format: 'grpo',
          splits: ['train', 'holdout', 'eval'],
          fractions: { holdout: flags.holdout, eval: 0 },
          // Relative paths are the shell's: resolved against the directory `wai` runs in, as --out is.
          decontaminate: { files: (flags.decontaminate ?? []).map((file) => resolve(file)) },
          destination: { kind: 'environment', folder: resolve(flags.out), ...(flags.name ? { name: flags.name } : {}) },
        });
        if (!parsed.success)
          throw new ServiceError(
            'VALIDATION_FAILED',
            parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
          );
        const { control, dispose } = foregroundControl();
        try {
          const outcome = await runExport(context, parsed.data, control);
          dispose();
          printWarnings(outcome.warnings);
          const report = outcome.environment!;
          const lines = [
            `Environment ${report.name}: ${report.train} train and ${report.holdout} holdout tasks from ${report.prompts} prompts ` +
              `(${report.band_dropped} outside the band ${report.band?.join('-') ?? 'none'}, ${report.decontamination.n_contaminated} ` +
              `near-copies of holdout dropped)`,
            `Wrote ${outcome.files.length} files to ${outcome.folder}; install with: pip install -e ${outcome.folder}`,
          ];
          process.stdout.write(`${lines.join('\n')}\n`);
        } finally {
          dispose();
        }
      }),
    );
}
