import type { ExportFormatName, ExportPreview } from '../../shared/api/exports';
import type { JobControl } from '../services/exports/export-jobs';
import { stderrIsTerminal, throttledProgress } from './terminal';

export type SelectChoice = 'all' | 'passes';

/** SFT imitates what it reads; DPO pairs and GRPO groups learn from the contrast between passes and failures. */
export const isSftFormat = (format: ExportFormatName): boolean => format === 'openai' || format === 'trl';

/** The SDK's `select_for_sft(min_reward=1.0)`: SFT takes passes unless told otherwise; the other kinds take every row. */
export const defaultSelect = (format: ExportFormatName): SelectChoice => (isSftFormat(format) ? 'passes' : 'all');

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** Why `--select passes` cannot serve a preference or RL format (null when it can). */
export function selectPassesRefusal(format: ExportFormatName): string | null {
  if (isSftFormat(format)) return null;
  const what =
    format === 'grpo'
      ? 'GRPO groups need passing and failing rollouts of the same situation'
      : 'DPO pairs need a passing and a failing row of the same situation';
  return (
    `--select passes cannot be used with --format ${format}: ${what}, and passes only keeps no failures (leave --select out, or ` +
    `use --select all).`
  );
}

/** Failing (reward < 1) and ungraded rows that went into the train split, as the Export dialog counts them. */
export interface TrainGrades {
  failing: number;
  ungraded: number;
}

/** The dialog's warnings for `--select all` on SFT: the failing and ungraded rows the model will imitate. */
export function trainGradeWarnings(grades: TrainGrades, tense: 'written' | 'preview'): string[] {
  const went = tense === 'written' ? 'went' : 'would go';
  const warnings: string[] = [];
  if (grades.failing > 0) {
    const one = `row fails its grade and ${went} into train, where SFT imitates it`;
    const many = `rows fail their grade and ${went} into train, where SFT imitates them`;
    warnings.push(`--select all: ${count(grades.failing, one, many)}.`);
  }
  if (grades.ungraded > 0) {
    const one = `ungraded row ${went} into train: grade the run first or it is trained on as it is`;
    const many = `ungraded rows ${went} into train: grade the run first or they are trained on as they are`;
    warnings.push(`--select all: ${count(grades.ungraded, one, many)}.`);
  }
  return warnings;
}

/** Which rows the selection took, and how many of the run's rows that is: the first number a reader meets. */
export function selectionSentence(options: {
  format: ExportFormatName;
  select: SelectChoice;
  n_selected: number;
  run_rows: number;
}): string {
  const of = `of ${options.run_rows.toLocaleString('en-US')}`;
  if (options.select === 'passes')
    return `Selected ${count(options.n_selected, 'passing row', 'passing rows')} (reward 1) ${of} (--select all takes every row)`;
  if (isSftFormat(options.format))
    return (
      `Selected ${count(options.n_selected, 'row', 'rows')} ${of}, failing and ungraded ones too (without --select all, SFT takes ` +
      `only passing rows: reward 1)`
    );
  const why = options.format === 'grpo' ? 'GRPO groups compare passes and failures' : 'DPO pairs a pass with a failure';
  return `Selected ${count(options.n_selected, 'row', 'rows')} ${of}, passing and failing (${why})`;
}

/** Warnings first, then the numbers: a count is never read without its caveats. */
export function printWarnings(warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  process.stdout.write(`Warnings:\n${warnings.map((warning) => `  - ${warning}`).join('\n')}\n`);
}

export function printPreviewNumbers(preview: ExportPreview, selected: string): void {
  const lines = [
    selected,
    `  ${preview.simulator_errors_excluded} simulator_error excluded, ${preview.evaluation_rows} evaluation rows`,
    ...preview.splits.map((split) => `  ${split.split}: ${split.lines} lines from ${split.rows} rows`),
  ];
  if (preview.dropped.length > 0) {
    lines.push('Dropped:');
    for (const drop of preview.dropped) lines.push(`  ${drop.gate}: ${drop.n} (${drop.reason})`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** A job control for a command run in the foreground: Ctrl-C cancels (nothing half written), progress on a TTY. */
export function foregroundControl(): { control: JobControl; dispose: () => void } {
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write('\nCancelling: nothing half written will be left (Ctrl-C again to quit now).\n');
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  const terminal = stderrIsTerminal();
  const draw = throttledProgress((text) => process.stderr.write(text));
  const control: JobControl = {
    signal: controller.signal,
    progress: (done, total, message) => {
      if (terminal) draw(done, total, message);
    },
  };
  return {
    control,
    dispose: () => {
      process.off('SIGINT', onInterrupt);
      if (terminal) process.stderr.write('\n');
    },
  };
}
