import type { Command } from 'commander';
import { formatAgreement, judgeAgreement, judgeTrust, type JudgeTrust, parseAgreementFile, type LineError } from '../../../engine/index';
import { asSentence } from '../../services/app/sentence';
import { readTextFile } from '../../services/app/text-file';

/** `FILE:LINE: sentence`: the message names its field and says what to write instead (the field stays in --json). */
function lineErrorText(file: string, error: LineError): string {
  return `${file}:${error.line}: ${asSentence(error.message)}`;
}

/** Whether the judge can be trusted yet, in one line: the floors it meets or misses, and the labels still needed. */
function trustLine(trust: JudgeTrust): string {
  const { ci95, kappa, n } = trust.agreement;
  if (trust.unmeasured || n === 0) return 'trusted      no: not measured (no judged row has an authored gold label)';
  const measures =
    `agreement 95% lower bound ${ci95.lo.toFixed(4)} (floor ${trust.floors.min_agreement}), kappa ` +
    `${kappa === null ? 'n/a' : kappa.toFixed(4)} (floor ${trust.floors.min_kappa})`;
  const more = trust.labels_needed > 0 ? `; label ${trust.labels_needed} more rows` : '';
  return `trusted      ${trust.ok ? 'yes' : 'no'}: ${measures}${more}`;
}

/**
 * `wai agreement FILE.jsonl [--json]`: judge_agreement over a file of `{"id", "judge", "gold", "gold_kind",
 * "author"}` lines, without the store. A file with bad lines gives no numbers: every bad line is reported with
 * its line number and the command exits 1.
 */
export function registerAgreementCommand(program: Command): void {
  program
    .command('agreement')
    .description(
      'measure a judge against gold labels from a JSONL file: agreement, kappa, confusion, pass_when_gold_fail, and whether it can be ' +
        'trusted yet',
    )
    .argument('<file>', 'JSONL, one {"id", "judge": "pass"|"fail"|reward, "gold": "pass"|"fail", "gold_kind", "author"} per line')
    .option('--json', 'print one JSON object (confusion as {tp, fp, tn, fn}, pass = positive)')
    .action(async (file: string, options: { json?: boolean }) => {
      const text = await readTextFile(file);
      const parsed = parseAgreementFile(text);
      if (parsed.errors.length > 0) {
        if (options.json) process.stdout.write(`${JSON.stringify({ errors: parsed.errors }, null, 2)}\n`);
        else process.stderr.write(`${parsed.errors.map((error) => lineErrorText(file, error)).join('\n')}\n`);
        process.stderr.write(
          `wai: ${file} has ${parsed.errors.length} bad ${parsed.errors.length === 1 ? 'line' : 'lines'}: fix ` +
            `${parsed.errors.length === 1 ? 'it' : 'them'} to get numbers.\n`,
        );
        process.exitCode = 1;
        return;
      }
      const result = judgeAgreement(parsed.pairs);
      // judge_trust (SDK section 11): the same pairs held to the floors, as the app's trust panel shows them.
      const trust = judgeTrust(parsed.pairs);
      process.stdout.write(
        options.json
          ? `${JSON.stringify({ ...result, judge_trust: trust }, null, 2)}\n`
          : `${formatAgreement(result)}\n${trustLine(trust)}\n`,
      );
    });
}
