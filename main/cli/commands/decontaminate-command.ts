import { resolve } from 'node:path';
import { type Command, InvalidArgumentError } from 'commander';
import { decontaminateFile } from '../../services/exports/decontaminate-service';
import { printWarnings } from '../export-output';
import { collect, share } from '../option-values';

const positive = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new InvalidArgumentError('a whole number of at least 1');
  return number;
};

interface DecontaminateFlags {
  against: string[];
  out: string;
  report?: string;
  ngram?: number;
  overlap?: number;
}

export function registerDecontaminateCommand(program: Command): void {
  program
    .command('decontaminate')
    .description('drop rows that copy an evaluation set: same task id, exact normalised match, or 8-grams covering 80% of the words')
    .argument('<rows>', 'JSONL of chat rows (messages) or {"id","task_id","prompt"} lines')
    .requiredOption('--against <file>', "evaluation JSONL (e.g. a public benchmark's prompts); repeatable", collect)
    .requiredOption('--out <file>', 'where the kept rows go (written whole or not at all)')
    .option('--report <file>', 'write the decontamination report as JSON')
    .option('--ngram <n>', 'word n-gram length of the near-copy rule', positive)
    .option('--overlap <share>', 'share of word positions the shared n-grams must cover', share)
    .action(async (rows: string, flags: DecontaminateFlags) => {
      // The evaluation files are read by the service, which takes full paths only: a relative one is the shell's.
      const result = await decontaminateFile({
        rows,
        against: flags.against.map((file) => resolve(file)),
        out: flags.out,
        report: flags.report,
        ngram: flags.ngram,
        overlap: flags.overlap,
      });
      printWarnings(result.warnings);
      const { report } = result;
      const lines = [
        `Kept ${report.n_kept} of ${report.n} rows; dropped ${report.n_contaminated} (${report.n_same_task} same task, ` +
          `${report.n_exact} exact, ${report.n_near} near) against ${report.n_eval_rows} evaluation rows`,
        ...result.dropped.slice(0, 20).map((drop) => `  line ${drop.line}${drop.id ? ` (${drop.id})` : ''}: ${drop.rule}`),
        `Wrote ${flags.out}${flags.report ? ` and ${flags.report}` : ''}`,
      ];
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
