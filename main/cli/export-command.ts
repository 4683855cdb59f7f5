import { type Command, InvalidArgumentError, Option } from 'commander';
import { EXPORT_FORMAT_NAMES, ExportRequest, SPLIT_NAMES } from '../../shared/api/exports';
import { previewExport, runExport } from '../services/export-service';
import { ServiceError } from '../services/service-error';
import { withContext } from './cli-context';
import { foregroundControl, printPreviewNumbers, printWarnings } from './export-output';

const share = (value: string) => {
  const number = Number(value);
  if (!(number >= 0 && number <= 1)) throw new InvalidArgumentError('a share from 0 to 1');
  return number;
};

const collect = (value: string, previous: string[] = []) => [...previous, value];

const splitList = (value: string) => {
  const splits = value.split(',').map((split) => split.trim());
  for (const split of splits) if (!(SPLIT_NAMES as readonly string[]).includes(split)) throw new InvalidArgumentError(`splits are ${SPLIT_NAMES.join(', ')}`);
  return splits;
};

interface ExportFlags {
  format: string;
  out: string;
  select?: string;
  decontaminate?: string[];
  againstRun?: string[];
  splits?: string[];
  holdout: number;
  eval: number;
  validate: boolean;
  maskMode: string;
  preview?: boolean;
}

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('export a run as training data (SFT, DPO or GRPO) into a folder: data/<split>.jsonl and a dataset card')
    .argument('<run_id>', 'the run to export')
    .addOption(new Option('--format <format>', 'line shape').choices([...EXPORT_FORMAT_NAMES]).default('openai'))
    .requiredOption('--out <dir>', 'the folder to write (files never leave it)')
    .addOption(new Option('--select <which>', 'which rows: all, or passes (reward 1)').choices(['all', 'passes']).default('all'))
    .option('--decontaminate <file>', 'drop rows that copy this JSONL (a benchmark\'s prompts); repeatable', collect)
    .option('--against-run <run_id>', 'drop rows that copy this run\'s holdout and eval rows; repeatable', collect)
    .option('--splits <list>', 'splits to write, comma-separated (default train,holdout, plus eval when --eval > 0)', splitList)
    .option('--holdout <share>', 'share of scenarios hashed into holdout', share, 0.2)
    .option('--eval <share>', 'share of scenarios hashed into eval', share, 0)
    .addOption(new Option('--mask-mode <mode>', 'SFT: train every assistant turn, or only the final one').choices(['assistant', 'final']).default('assistant'))
    .option('--no-validate', 'write even when a gate fails (the report still says so)')
    .option('--preview', 'print the counts and warnings only; write nothing')
    .action((runId: string, flags: ExportFlags) =>
      withContext(program, async (context) => {
        const parsed = ExportRequest.safeParse({
          selection: { run_id: runId, passes_only: flags.select === 'passes' },
          format: flags.format,
          splits: flags.splits ?? (flags.eval > 0 ? ['train', 'holdout', 'eval'] : ['train', 'holdout']),
          fractions: { holdout: flags.holdout, eval: flags.eval },
          decontaminate: { files: flags.decontaminate ?? [], runs: flags.againstRun ?? [] },
          destination: { kind: 'folder', folder: flags.out },
          mask_mode: flags.maskMode,
          validate: flags.validate,
        });
        if (!parsed.success) throw new ServiceError('VALIDATION_FAILED', parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
        if (flags.preview) {
          const preview = await previewExport(context, parsed.data);
          printWarnings(preview.warnings);
          printPreviewNumbers(preview);
          return;
        }
        const { control, dispose } = foregroundControl();
        try {
          const outcome = await runExport(context, parsed.data, control);
          dispose();
          printWarnings(outcome.warnings);
          printPreviewNumbers(outcome.preview);
          process.stdout.write(`Wrote ${outcome.n_lines.toLocaleString('en-US')} ${outcome.n_lines === 1 ? 'line' : 'lines'} to ${outcome.folder} (${outcome.files.join(', ')})\n`);
        } finally {
          dispose();
        }
      }),
    );
}
