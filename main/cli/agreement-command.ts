import type { Command } from 'commander';
import { formatAgreement, judgeAgreement, parseAgreementFile, type LineError } from '../../engine/index';
import { asSentence } from '../services/sentence';
import { readTextFile } from '../services/text-file';

/** `FILE:LINE: sentence`: the message names its field and says what to write instead (the field stays in --json). */
function lineErrorText(file: string, error: LineError): string {
  return `${file}:${error.line}: ${asSentence(error.message)}`;
}

/**
 * `wai agreement FILE.jsonl [--json]`: judge_agreement over a file of `{"id", "judge", "gold", "gold_kind",
 * "author"}` lines, without the store. A file with bad lines gives no numbers: every bad line is reported with
 * its line number and the command exits 1.
 */
export function registerAgreementCommand(program: Command): void {
  program
    .command('agreement')
    .description('measure a judge against gold labels from a JSONL file: agreement, kappa, confusion, pass_when_gold_fail')
    .argument('<file>', 'JSONL, one {"id", "judge": "pass"|"fail"|reward, "gold": "pass"|"fail", "gold_kind", "author"} per line')
    .option('--json', 'print one JSON object (confusion as {tp, fp, tn, fn}, pass = positive)')
    .action(async (file: string, options: { json?: boolean }) => {
      const text = await readTextFile(file);
      const parsed = parseAgreementFile(text);
      if (parsed.errors.length > 0) {
        if (options.json) process.stdout.write(`${JSON.stringify({ errors: parsed.errors }, null, 2)}\n`);
        else process.stderr.write(`${parsed.errors.map((error) => lineErrorText(file, error)).join('\n')}\n`);
        process.stderr.write(`wai: ${file} has ${parsed.errors.length} bad ${parsed.errors.length === 1 ? 'line' : 'lines'}: fix ${parsed.errors.length === 1 ? 'it' : 'them'} to get numbers.\n`);
        process.exitCode = 1;
        return;
      }
      const result = judgeAgreement(parsed.pairs);
      process.stdout.write(options.json ? `${JSON.stringify(result, null, 2)}\n` : `${formatAgreement(result)}\n`);
    });
}
