import type { Command } from 'commander';
import { coveringArray, parsePictModel } from '../../../engine/index';
import { readTextFile } from '../../services/app/text-file';
import { integer } from '../option-values';

/** TSV with a header row of axis names, as PICT prints it. */
export function formatTsv(names: readonly string[], rows: readonly (readonly string[])[]): string {
  return [names, ...rows].map((row) => row.join('\t')).join('\n') + '\n';
}

export function registerPairwiseCommand(program: Command): void {
  program
    .command('pairwise')
    .description('write a pairwise (or 3-wise) covering array for a model in PICT format as TSV')
    .argument('<model>', 'a model file: `name: v1, v2, ...` lines, # comments')
    .option('--seed <n>', 'seed: the same model and seed give the same array', integer('--seed', 0), 0)
    .option(
      '--strength <t>',
      'cover every combination of this many axes (2 or 3)',
      (value) => {
        if (value !== '2' && value !== '3') throw new Error('--strength is 2 or 3');
        return Number(value) as 2 | 3;
      },
      2,
    )
    .option(
      '--time-budget <ms>',
      'cap the post-optimisation at this many ms (results may then vary by machine)',
      integer('--time-budget', 0),
    )
    .action(async (file: string, options: { seed: number; strength: 2 | 3; timeBudget?: number }) => {
      const text = await readTextFile(file);
      let axes;
      try {
        axes = parsePictModel(text);
      } catch (error) {
        throw new Error(`${file}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
      if (axes.length === 0) throw new Error(`${file} holds no axes: write one per line as "Name: value1, value2".`);
      const rows = coveringArray(axes, {
        seed: options.seed,
        strength: options.strength,
        ...(options.timeBudget === undefined ? {} : { timeBudgetMs: options.timeBudget }),
      });
      process.stdout.write(
        formatTsv(
          axes.map((axis) => axis.name),
          rows,
        ),
      );
    });
}
