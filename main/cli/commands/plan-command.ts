import { Option, type Command } from 'commander';
import { AXES, MODES, resolveModeSettings, UNSPECIFIED, type Mode, type PairsAccounting, type Spec } from '../../../shared/domain';
import { draftSpec, pairsAccounting, parseSpecText, planGrid, type GridPlan } from '../../../engine/index';
import { readTextFile } from '../../services/app/text-file';
import { formatTable } from '../format-table';
import { integer } from '../option-values';

interface PlanFlags {
  spec?: string;
  describe?: string;
  seed: number;
  mode: Mode;
  json?: boolean;
}

/** The rule is the longest value, so it goes last: the other five stay in aligned columns. */
const COLUMNS = [...AXES.filter((axis) => axis !== 'rule'), 'rule' as const];

async function specOf(flags: PlanFlags): Promise<Spec> {
  if ((flags.spec === undefined) === (flags.describe === undefined))
    throw new Error('Give exactly one of --spec FILE or --describe "SENTENCE".');
  if (flags.spec !== undefined) return parseSpecText(await readTextFile(flags.spec), flags.spec);
  const { spec, warnings } = draftSpec(flags.describe!, { seed: flags.seed });
  for (const warning of warnings) process.stderr.write(`warning: ${warning}\n`);
  return spec;
}

/** The accounting: the planned share, then why the rest is out. */
export function formatPairs(pairs: PairsAccounting): string {
  return [
    `pairs: ${pairs.pairs_planned} of ${pairs.pairs_possible} planned (pairs_planned)`,
    ...pairs.notes.map((note) => `  ${note}`),
  ].join('\n');
}

function formatPlan(spec: Spec, plan: GridPlan, flags: PlanFlags, pairs: PairsAccounting): string {
  const rules = spec.axes.rule.filter((rule) => rule !== UNSPECIFIED);
  const ruleFree = plan.cells.filter((cell) => cell.dimensions.rule === UNSPECIFIED).length;
  const head = [
    `${spec.name} · seed ${flags.seed} · mode ${flags.mode} (fault_rate ${pairs.fault_rate}, prefer_success ${pairs.prefer_success})`,
    `${plan.cells.length} planned cells: ${ruleFree} in the rule-free block, ${plan.cells.length - ruleFree} in the blocks of ` +
      `${rules.length} rule${rules.length === 1 ? '' : 's'}; ${plan.flipped} fault cells flipped to success`,
  ];
  const table = formatTable(
    ['scenario_id', ...COLUMNS],
    plan.cells.map((cell) => [cell.scenario_id, ...COLUMNS.map((axis) => cell.dimensions[axis])]),
  );
  return `${head.join('\n')}\n\n${table}\n\n${formatPairs(pairs)}\n`;
}

export function registerPlanCommand(program: Command): void {
  program
    .command('plan')
    .description('print the grid a run would plan (each cell: id and six values) and where every pair of axis values went, without running')
    .option('--spec <file>', 'a spec file (YAML or JSON)')
    .option('--describe <sentence>', 'draft the spec offline from one sentence')
    .option('--seed <n>', 'seed: the same spec, seed and mode give the same grid', integer('--seed', 0), 0)
    .addOption(new Option('--mode <mode>', 'the mode whose fault settings the grid follows').choices(MODES).default('explore'))
    .option('--json', 'print the cells and the pairs accounting as JSON')
    .action(async (flags: PlanFlags) => {
      const spec = await specOf(flags);
      const { fault_rate, prefer_success } = resolveModeSettings({ mode: flags.mode });
      const options = { seed: flags.seed, fault_rate, prefer_success };
      const plan = planGrid(spec.axes, options);
      const pairs = pairsAccounting(spec.axes, plan, options);
      if (flags.json) {
        const output = { spec: spec.name, seed: flags.seed, mode: flags.mode, cells: plan.cells, flipped: plan.flipped, pairs };
        process.stdout.write(`${JSON.stringify(output, null, 2)}\n`);
      } else process.stdout.write(formatPlan(spec, plan, flags, pairs));
    });
}
