import { type Command, InvalidArgumentError } from 'commander';
import { formatProveReport } from '../../../engine/index';
import { proveLineJson, proveSides } from '../../services/prove/prove-service';
import { ServiceError } from '../../services/app/service-error';
import { readTextFile } from '../../services/app/text-file';

interface ProveFlags {
  before: string;
  after: string;
  json?: boolean;
  seed: number;
  effect?: number;
}

const seedOf = (value: string) => {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new InvalidArgumentError('a whole number of at least 0');
  return number;
};

const effectOf = (value: string) => {
  const number = Number(value);
  if (!(number > 0 && number <= 1)) throw new InvalidArgumentError('a gain in pass-rate units, above 0 and at most 1 (0.05 = 5 points)');
  return number;
};

async function readSide(path: string): Promise<{ kind: 'jsonl'; name: string; text: string }> {
  return { kind: 'jsonl', name: path, text: await readTextFile(path) };
}

/** `wai prove --before B.jsonl --after A.jsonl [--json]`: the held-out before/after report per task category. */
export function registerProveCommand(program: Command): void {
  program
    .command('prove')
    .description(
      'compare held-out results before and after a change, per task category: pass@1 both sides, the paired difference with a ' +
        'seeded 95% bootstrap interval, the sign-flip p and a headline that never calls noise a gain. Each line: ' +
        '{"task_id", "category", "pass": 0|1} or "reward" (pass when >= 0.5), optional "eval_run"; several lines per task are repeats',
    )
    .requiredOption('--before <file>', 'JSONL results of the old model on the held-out set')
    .requiredOption('--after <file>', 'JSONL results of the new model on the same set')
    .option('--json', 'print {"categories": [...], "overall": {...}, "warnings": [...]}')
    .option('--seed <n>', 'seed of the bootstrap and the permutation test', seedOf, 0)
    .option('--effect <gain>', 'the gain holdout_size plans for (default 0.05)', effectOf)
    .action(async (flags: ProveFlags) => {
      const [before, after] = await Promise.all([readSide(flags.before), readSide(flags.after)]);
      let outcome;
      try {
        outcome = proveSides(null, { before, after, seed: flags.seed, ...(flags.effect === undefined ? {} : { effect: flags.effect }) });
      } catch (error) {
        if (ServiceError.isInstance(error) && error.issues) {
          for (const issue of error.issues) process.stderr.write(`${issue.path}: ${issue.message}\n`);
        }
        throw error;
      }
      const { report, explanation } = outcome;
      if (flags.json) {
        const json = {
          categories: report.categories.map(proveLineJson),
          overall: proveLineJson(report.overall),
          warnings: report.warnings,
        };
        process.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
        return;
      }
      const text = formatProveReport(report);
      process.stdout.write(`${text}\n${explanation ? `\n${explanation}\n` : ''}`);
    });
}
