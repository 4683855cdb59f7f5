import { resolve } from 'node:path';
import { type Command, InvalidArgumentError, Option } from 'commander';
import { EXPORT_FORMAT_NAMES, ExportRequest, SPLIT_NAMES } from '../../../shared/api/exports';
import { previewExport } from '../../services/exports/export-preview';
import { runExport } from '../../services/exports/export-service';
import { countRunRows } from '../../services/runs/rows-service';
import { ServiceError } from '../../services/app/service-error';
import { withContext } from '../cli-context';
import {
  defaultSelect,
  foregroundControl,
  isSftFormat,
  printPreviewNumbers,
  printWarnings,
  type SelectChoice,
  selectionSentence,
  selectPassesRefusal,
  trainGradeWarnings,
} from '../export-output';
import { collect, share } from '../option-values';

const splitList = (value: string) => {
  const splits = value.split(',').map((split) => split.trim());
  for (const split of splits)
    if (!(SPLIT_NAMES as readonly string[]).includes(split)) throw new InvalidArgumentError(`splits are ${SPLIT_NAMES.join(', ')}`);
  return splits;
};

interface ExportFlags {
  format: string;
  out: string;
  select?: SelectChoice;
  decontaminate?: string[];
  againstRun?: string[];
  splits?: string[];
  holdout: number;
  eval: number;
  validate: boolean;
  maskMode: string;
  withMetadata?: boolean;
  preview?: boolean;
}

export function registerExportCommand(program: Command): void {
  program
    .command('export')
    .description('export a run as training data (SFT, DPO or GRPO) into a folder: data/<split>.jsonl and a dataset card')
    .addHelpText(
      'after',
      [
        '',
        'Which rows (--select):',
        '  openai, trl             passes by default: rows whose latest grade is a full pass (reward 1),',
        "                          as the SDK's select_for_sft(min_reward=1.0): SFT imitates what it",
        '                          reads, so training on failing rows teaches failures. --select all takes',
        '                          every row and says how many failing and ungraded rows went into train.',
        '  dpo-openai, dpo-trl,    all by default: pairs and groups need passing and failing rows of the',
        '  dpo-full, grpo          same situation, so --select passes is refused.',
      ].join('\n'),
    )
    .argument('<run_id>', 'the run to export')
    .addOption(new Option('--format <format>', 'line shape').choices([...EXPORT_FORMAT_NAMES]).default('openai'))
    .requiredOption('--out <dir>', 'the folder to write (files never leave it)')
    .addOption(
      new Option(
        '--select <which>',
        'which rows: passes (reward 1; the default for openai, trl) or all (the default for dpo-* and grpo, which refuse passes)',
      ).choices(['all', 'passes']),
    )
    .option('--decontaminate <file>', "drop rows that copy this JSONL (a benchmark's prompts); repeatable", collect)
    .option('--against-run <run_id>', "drop rows that copy this run's holdout and eval rows; repeatable", collect)
    .option('--splits <list>', 'splits to write, comma-separated (default train,holdout, plus eval when --eval > 0)', splitList)
    .option('--holdout <share>', 'share of scenarios hashed into holdout', share, 0.2)
    .option('--eval <share>', 'share of scenarios hashed into eval', share, 0)
    .addOption(
      new Option('--mask-mode <mode>', 'SFT: train every assistant turn, or only the final one')
        .choices(['assistant', 'final'])
        .default('assistant'),
    )
    .option(
      '--with-metadata',
      'SFT and DPO: write the grade, provenance and lineage into each line (default: data/<split>.meta.jsonl beside it, ' +
        "keyed by line number, so the file holds only the format's documented keys)",
    )
    .option('--no-validate', 'write even when a gate fails (the report still says so)')
    .option('--preview', 'print the counts and warnings only; write nothing')
    .action((runId: string, flags: ExportFlags) =>
      withContext(program, async (context) => {
        const format = flags.format as (typeof EXPORT_FORMAT_NAMES)[number];
        const select = flags.select ?? defaultSelect(format);
        const refusal = select === 'passes' ? selectPassesRefusal(format) : null;
        if (refusal) throw new ServiceError('VALIDATION_FAILED', refusal);
        const parsed = ExportRequest.safeParse({
          selection: { run_id: runId, passes_only: select === 'passes' },
          format: flags.format,
          splits: flags.splits ?? (flags.eval > 0 ? ['train', 'holdout', 'eval'] : ['train', 'holdout']),
          fractions: { holdout: flags.holdout, eval: flags.eval },
          // Relative --decontaminate and --out paths are the shell's: resolved here, against the directory `wai` runs in
          // (the contract wants full paths, or the service would read and write against its own working directory).
          decontaminate: { files: (flags.decontaminate ?? []).map((file) => resolve(file)), runs: flags.againstRun ?? [] },
          destination: { kind: 'folder', folder: resolve(flags.out) },
          mask_mode: flags.maskMode,
          validate: flags.validate,
          with_metadata: flags.withMetadata === true,
        });
        if (!parsed.success)
          throw new ServiceError(
            'VALIDATION_FAILED',
            parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
          );
        const request = parsed.data;
        const runRows = countRunRows(context, runId);
        const selected = (n: number) => selectionSentence({ format: request.format, select, n_selected: n, run_rows: runRows });
        // `--select all` on SFT: the rows that fail or are ungraded and reach train are named first, as the dialog does.
        const warnsTrain = select === 'all' && isSftFormat(request.format) && request.splits.includes('train');
        const noPasses = (n: number) =>
          select === 'passes' && n === 0
            ? ['No row has a full pass (reward 1): grade the run first, or use --select all to take every row.']
            : [];
        if (flags.preview) {
          const preview = await previewExport(context, request);
          const train = warnsTrain ? preview.grades?.train : null;
          printWarnings([...noPasses(preview.n_selected), ...(train ? trainGradeWarnings(train, 'preview') : []), ...preview.warnings]);
          printPreviewNumbers(preview, selected(preview.n_selected));
          return;
        }
        const { control, dispose } = foregroundControl();
        try {
          const outcome = await runExport(context, request, control);
          dispose();
          const train = warnsTrain ? outcome.train_grades : null;
          printWarnings([
            ...noPasses(outcome.preview.n_selected),
            ...(train ? trainGradeWarnings(train, 'written') : []),
            ...outcome.warnings,
          ]);
          printPreviewNumbers(outcome.preview, selected(outcome.preview.n_selected));
          process.stdout.write(
            `Wrote ${outcome.n_lines.toLocaleString('en-US')} ${outcome.n_lines === 1 ? 'line' : 'lines'} to ${outcome.folder} ` +
              `(${outcome.files.join(', ')})\n`,
          );
        } finally {
          dispose();
        }
      }),
    );
}
