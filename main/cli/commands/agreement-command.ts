import type { Command } from 'commander';
import {
  fileAgreement,
  formatAgreement,
  formatGold,
  kappaText,
  parseAgreementFile,
  type JudgeTrust,
  type LineError,
} from '../../../engine/index';
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
  const kappaShown = kappaText(kappa, trust.agreement.kappa_defined, trust.agreement.kappa_undefined_reason);
  const measures =
    `agreement 95% lower bound ${ci95.lo.toFixed(4)} (floor ${trust.floors.min_agreement}), kappa ` +
    `${kappaShown} (floor ${trust.floors.min_kappa})`;
  const more = trust.labels_needed > 0 ? `; label ${trust.labels_needed} more rows` : '';
  return `trusted      ${trust.ok ? 'yes' : 'no'}: ${measures}${more}`;
}

/**
 * `wai agreement FILE.jsonl [--json] [--blind-only]`: judge_agreement over a file of `{"id", "judge", "gold",
 * "gold_kind", "author"}` lines (or lines with each author's `labels` and the `settled` gold, as the app exports them),
 * without the store: the same figures as the app's trust panel. A file with bad lines gives no numbers: every bad line
 * is reported with its line number and the command exits 1.
 */
export function registerAgreementCommand(program: Command): void {
  program
    .command('agreement')
    .description(
      'measure a judge against gold labels from a JSONL file: agreement, kappa, confusion, pass_when_gold_fail, whether it can be ' +
        'trusted yet, and with labels per line, conflicts and human-human agreement (Cohen, Fleiss)',
    )
    .argument(
      '<file>',
      'JSONL, one {"id", "judge": "pass"|"fail"|reward, "gold", "gold_kind", "author"} per line, or with "labels" and "settled"',
    )
    .option('--json', 'print one JSON object (confusion as {tp, fp, tn, fn}, pass = positive; kappa_defined beside each kappa)')
    .option('--blind-only', 'read only labels made with the judges hidden (and no settlement)')
    .action(async (file: string, options: { json?: boolean; blindOnly?: boolean }) => {
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
      const report = fileAgreement(parsed.pairs, { blindOnly: options.blindOnly ?? false });
      const { judge_agreement: result, warnings, ...rest } = report;
      if (options.json) {
        // judge_agreement's own keys at the top, as before; the rest beside them, with the gold's warnings apart.
        process.stdout.write(`${JSON.stringify({ ...result, ...rest, report_warnings: warnings }, null, 2)}\n`);
        return;
      }
      const before = warnings.map((warning) => `warning: ${warning}`);
      const numbers = [formatAgreement(result), trustLine(report.judge_trust), formatGold(report)];
      process.stdout.write(`${[...before, ...(before.length > 0 ? [''] : []), ...numbers].join('\n')}\n`);
    });
}
