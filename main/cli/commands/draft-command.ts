import type { Command } from 'commander';
import { draftSpec, stableJson } from '../../../engine/index';
import { integer } from '../option-values';

export function registerDraftCommand(program: Command): void {
  program
    .command('draft')
    .description('draft an editable spec from one sentence, offline, and print it as JSON')
    .argument('<sentence>', 'the behaviour, e.g. "a personal finance assistant that confirms before it moves money"')
    .option('--seed <n>', 'seed: the same sentence and seed give the same spec', integer('--seed', 0), 0)
    .action((sentence: string, options: { seed: number }) => {
      const { spec, warnings } = draftSpec(sentence, { seed: options.seed });
      for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
      process.stdout.write(`${JSON.stringify(JSON.parse(stableJson(spec)), null, 2)}\n`);
    });
}
