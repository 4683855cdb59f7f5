import type { Command } from 'commander';

/** One of wai's commands: listed in `wai --help` from here, its module loaded only when a command line names it. */
export interface LazyCommand {
  name: string;
  /** Its arguments as `wai --help` shows them beside its name. */
  usage: string;
  /** One line for `wai --help`; the command's own help (`wai <name> --help`) gives its whole description. */
  summary: string;
  /** The command's module, which registers it with its options, arguments and action. */
  load(): Promise<(program: Command) => void>;
}

/**
 * Every command, in the order `wai --help` lists them. A module is imported only when its command runs, so
 * `wai --help` loads commander alone and `wai pairwise` never loads the store, a model client or the Hub client.
 */
export const COMMAND_LIST: readonly LazyCommand[] = [
  {
    name: 'draft',
    usage: '<sentence>',
    summary: 'draft an editable spec from one sentence, offline, as JSON',
    load: async () => (await import('./commands/draft-command')).registerDraftCommand,
  },
  {
    name: 'pairwise',
    usage: '<model>',
    summary: 'a pairwise (or 3-wise) covering array for a PICT model, as TSV',
    load: async () => (await import('./commands/pairwise-command')).registerPairwiseCommand,
  },
  {
    name: 'plan',
    usage: '',
    summary: 'print the planned grid of a spec and where every pair of axis values went, without running anything',
    load: async () => (await import('./commands/plan-command')).registerPlanCommand,
  },
  {
    name: 'simulate',
    usage: '',
    summary: 'simulate conversations from a sentence or a spec and store the run',
    load: async () => (await import('./commands/simulate-command')).registerSimulateCommand,
  },
  {
    name: 'runs',
    usage: '<list|show|resume>',
    summary: 'list, inspect and resume runs in the store',
    load: async () => (await import('./commands/runs-command')).registerRunsCommand,
  },
  {
    name: 'store',
    usage: '<optimize>',
    summary: 'look after the run store itself: rewrite an old store for speed',
    load: async () => (await import('./commands/store-command')).registerStoreCommand,
  },
  {
    name: 'export',
    usage: '<run_id>',
    summary: 'export a run as SFT, DPO or GRPO training data into a folder',
    load: async () => (await import('./commands/export-command')).registerExportCommand,
  },
  {
    name: 'decontaminate',
    usage: '<rows>',
    summary: 'drop rows that copy an evaluation set',
    load: async () => (await import('./commands/decontaminate-command')).registerDecontaminateCommand,
  },
  {
    name: 'push',
    usage: '<dir>',
    summary: 'push an exported folder to a Hugging Face dataset repository',
    load: async () => (await import('./commands/push-command')).registerPushCommand,
  },
  {
    name: 'environment',
    usage: '<run_id>',
    summary: 'export a run as an installable verifiers RL environment',
    load: async () => (await import('./commands/environment-command')).registerEnvironmentCommand,
  },
  {
    name: 'grade',
    usage: '<run-id>',
    summary: 'grade a stored run: the conduct checks, then the judge you choose',
    load: async () => (await import('./commands/grade-command')).registerGradeCommand,
  },
  {
    name: 'labels',
    usage: '<import|export|annotator>',
    summary: 'import, export and sign human gold labels',
    load: async () => (await import('./commands/labels-command')).registerLabelsCommand,
  },
  {
    name: 'traces',
    usage: '<import|map>',
    summary: "import your agent's graded traces and see which situations fail",
    load: async () => (await import('./commands/traces-command')).registerTracesCommand,
  },
  {
    name: 'prove',
    usage: '',
    summary: 'compare held-out results before and after a change, per task category',
    load: async () => (await import('./commands/prove-command')).registerProveCommand,
  },
  {
    name: 'agreement',
    usage: '<file>',
    summary: 'measure a judge against gold labels: agreement, kappa, pass_when_gold_fail',
    load: async () => (await import('./commands/agreement-command')).registerAgreementCommand,
  },
];

/** wai's own options that take a value: the word after one is that value, not a command. */
const VALUE_OPTIONS = new Set(['--data-dir']);

/**
 * The command a command line names (`wai --data-dir D runs list` names `runs`, `wai help grade` names `grade`), or
 * null for `wai --help`, `wai --version` and a bare `wai`.
 */
export function namedCommand(argv: readonly string[]): string | null {
  const words: string[] = [];
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index]!;
    if (word === '--') break;
    if (VALUE_OPTIONS.has(word)) index += 1;
    else if (!word.startsWith('-')) words.push(word);
    if (words.length === 2 || (words.length === 1 && words[0] !== 'help')) break;
  }
  return (words[0] === 'help' ? words[1] : words[0]) ?? null;
}
