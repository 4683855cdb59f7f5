import { Argument, type Command, Option } from 'commander';
import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { LABEL_KINDS, SETTLED_VALUES, type LabelKind, type SettledValue } from '../../../shared/domain';
import type { LabelsFormat } from '../../../engine/index';
import { agreementExport } from '../../services/grading/agreement-service';
import { adjudicateRow } from '../../services/labels/label-history-service';
import { exportLabels, importLabels, setAnnotatorName, annotatorName } from '../../services/labels/labels-service';
import { asSentence } from '../../services/app/sentence';
import { ServiceError } from '../../services/app/service-error';
import { readTextFile } from '../../services/app/text-file';
import { withContext } from '../cli-context';

const FORMATS = ['jsonl', 'csv'] as const;

function formatOf(file: string, given: LabelsFormat | undefined): LabelsFormat {
  if (given) return given;
  const extension = extname(file).toLowerCase();
  if (extension === '.csv') return 'csv';
  if (extension === '.jsonl' || extension === '.ndjson' || extension === '.json') return 'jsonl';
  throw new ServiceError('VALIDATION_FAILED', `Cannot tell the format of ${file} from its name: add --format csv or --format jsonl.`);
}

/** Prints every issue of a refused import (the message shows only the first few), each as a sentence, then rethrows. */
function reportIssues(file: string, error: unknown): never {
  if (!ServiceError.isInstance(error)) throw error;
  if (error.issues && error.issues.length > 0) {
    process.stderr.write(`${error.issues.map((issue) => `${file}: ${issue.path}: ${asSentence(issue.message)}`).join('\n')}\n`);
    throw error;
  }
  throw new ServiceError(error.code, `${file}: ${error.message}`);
}

export function registerLabelsCommand(program: Command): void {
  const labels = program.command('labels').description('import, export and sign human gold labels');

  labels
    .command('import')
    .description(
      "attach a labels file (JSONL or CSV: row_id or rollout_id, label, author, kind, note, created_at) to a run's rows; all or nothing",
    )
    .argument('<run-id>')
    .argument('<file>')
    .addOption(new Option('--format <format>', 'default: from the file name').choices([...FORMATS]))
    .option('--author <name>', 'author for lines that name none (else they stay unsigned: unmeasured)')
    .addOption(new Option('--kind <kind>', 'kind for lines that name none').choices([...LABEL_KINDS]).default('human'))
    .action((runId: string, file: string, options: { format?: LabelsFormat; author?: string; kind: LabelKind }) =>
      withContext(program, async (context) => {
        const text = await readTextFile(file);
        let result: ReturnType<typeof importLabels>;
        try {
          result = importLabels(context, runId, {
            format: formatOf(file, options.format),
            text,
            author: options.author,
            kind: options.kind,
          });
        } catch (error) {
          reportIssues(file, error);
        }
        const { report } = result;
        const lines: string[] = [];
        if (report.warnings.length > 0) lines.push('Warnings:', ...report.warnings.map((warning) => `  - ${warning}`));
        lines.push(
          `Stored ${result.stored} of ${report.labels} labels on ${report.rows_labeled} rows of run ${runId}` +
            `${report.authors.length > 0 ? ` (authors: ${report.authors.join(', ')})` : ''}.`,
        );
        if (report.unmatched > 0)
          lines.push(
            `Keys naming no row: ${report.unmatched_keys.join(', ')}${report.unmatched > report.unmatched_keys.length ? ', ...' : ''}`,
          );
        process.stdout.write(`${lines.join('\n')}\n`);
      }),
    );

  labels
    .command('export')
    .description(
      "write a run's labels (row_id, rollout_id, label, author, kind, note, created_at), or with --agreement the file `wai agreement` " +
        'reads',
    )
    .argument('<run-id>')
    .requiredOption('--out <file>', 'where to write')
    .addOption(new Option('--format <format>', 'default: from the file name').choices([...FORMATS]))
    .option(
      '--agreement [judge]',
      "one line per row with the judge's reward and the gold, for `wai agreement` (judge: key or name; default the last)",
    )
    .action((runId: string, options: { out: string; format?: LabelsFormat; agreement?: string | true }) =>
      withContext(program, async (context) => {
        const file =
          options.agreement === undefined
            ? exportLabels(context, runId, formatOf(options.out, options.format))
            : agreementExport(context, runId, options.agreement === true ? {} : { judge_name: options.agreement });
        await writeFile(options.out, file.text, 'utf8');
        process.stdout.write(`Wrote ${file.n} ${options.agreement === undefined ? 'labels' : 'rows'} to ${options.out}\n`);
      }),
    );

  labels
    .command('adjudicate')
    .description("settle a row whose annotators disagree: its gold from now on, signed with the annotator's name; the labels stay")
    .argument('<row-id>')
    .addArgument(new Argument('<label>', 'the settled gold').choices([...SETTLED_VALUES]))
    .option('--note <text>', 'why it was settled so')
    .action((rowId: string, label: SettledValue, options: { note?: string }) =>
      withContext(program, (context) => {
        const { adjudication } = adjudicateRow(context, rowId, { label, note: options.note ?? null });
        process.stdout.write(`Settled ${rowId} as ${adjudication.label}, signed ${adjudication.author}.\n`);
      }),
    );

  labels
    .command('annotator')
    .description('show, or set, the name stamped as author on every label you give')
    .argument('[name]')
    .option('--clear', 'forget the name')
    .action((name: string | undefined, options: { clear?: boolean }) =>
      withContext(program, (context) => {
        const result = options.clear
          ? setAnnotatorName(context, null)
          : name === undefined
            ? annotatorName(context)
            : setAnnotatorName(context, name);
        process.stdout.write(
          result.name === null ? 'No annotator name is set: labels you give are unsigned (unmeasured).\n' : `Annotator: ${result.name}\n`,
        );
      }),
    );
}
