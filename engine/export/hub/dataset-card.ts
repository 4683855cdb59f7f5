import { stringify } from 'yaml';

/** A split name `load_dataset` accepts in `configs` (`^\w+(\.\w+)*$`). */
export const SPLIT_NAME = /^\w+(\.\w+)*$/;

export type CardKind = 'sft' | 'dpo' | 'grpo';

export interface CardSplit {
  split: string;
  /** Path inside the repository, e.g. `data/holdout.jsonl`. */
  path: string;
  n_rows: number;
}

export interface DatasetCardOptions {
  pretty_name: string;
  kind: CardKind;
  /** The line shape, e.g. `openai`, `trl`, `dpo-openai`, `grpo`. */
  format: string;
  splits: readonly CardSplit[];
  /** SPDX id or `other` (default): the user decides what their synthetic data may be used for. */
  license?: string;
  repo_id?: string;
  tags?: readonly string[];
  /** Where the grade, provenance and lineage went: a sidecar per split (the default), into the lines, or nowhere. */
  metadata?: 'none' | 'inline' | 'sidecar';
  /** How the rows were made, shown as a list: run, seed, agent, judge, selection, gates, decontamination. */
  made?: Readonly<Record<string, string | number | null | undefined>>;
  warnings?: readonly string[];
}

const TASK_CATEGORIES: Record<CardKind, string[]> = {
  sft: ['text-generation'],
  dpo: ['text-generation'],
  grpo: ['reinforcement-learning', 'text-generation'],
};

const COLUMNS: Record<CardKind, string> = {
  sft:
    'Each line is one conversation: `messages` (system prompt first, then the user, assistant and tool turns) and ' +
    "`tools` (the function schemas the agent could call), the keys OpenAI's fine-tuning reader reads. OpenAI-compatible " +
    'files carry tool-call arguments as JSON strings and a `weight` (0/1) per assistant turn; TRL files carry arguments ' +
    'as objects (`prompt` / `completion` lists when only the last turn is trained).',
  dpo:
    'Each line is one preference pair from the same ask: the shared conversation up to the turn where the two rollouts ' +
    'diverge (tool-call ids aside), and the preferred and rejected assistant turn (`input` / `preferred_output` / ' +
    '`non_preferred_output` for OpenAI-compatible files; `prompt` / `chosen` / `rejected` and `tools` for TRL).',
  grpo:
    'Each line is one prompt (system prompt and the user turn) for online RL, with the statistics of the group of ' +
    'rollouts it was measured from: `group_id`, `k`, `n0` (fails), `n1` (passes), `reward_mean`, `reward_std` and ' +
    '`calibration`. Pass the tools to the trainer; they are not a column.',
};

const METADATA: Record<NonNullable<DatasetCardOptions['metadata']>, string[]> = {
  sidecar: [
    "The grade, provenance and lineage of each line are kept beside it, not in it, so the file loads in the trainers' " +
      'strict readers: `data/<split>.meta.jsonl` holds one line per line of `data/<split>.jsonl`, in the same order, ' +
      'keyed by `line` (its 1-based line number) with the ask (`prompt` or `prompt_text`), the `loss_mask`, `rollout_id`, ' +
      '`scenario_id`, `reward`, `judge_name`, `lineage` and the rest. The `configs` in the YAML header above never name these files.',
    '',
    '```python',
    'import json',
    'meta = [json.loads(line) for line in open("data/train.meta.jsonl")]   # meta[i] describes ds[i]',
    '```',
  ],
  inline: [
    'Grade and provenance keys (`reward`, `judge_name`, `scenario_id`, `lineage`, ...) are written into each line beside ' +
      "the format's own columns (`--with-metadata`); a strict reader (Together's checker, for one) refuses them.",
  ],
  none: [],
};

function sizeCategory(rows: number): string {
  if (rows < 1000) return 'n<1K';
  if (rows < 10_000) return '1K<n<10K';
  if (rows < 100_000) return '10K<n<100K';
  if (rows < 1_000_000) return '100K<n<1M';
  return '1M<n<10M';
}

/**
 * README.md for a dataset repository: YAML front matter whose `configs` name each split's file, train first (so
 * `load_dataset` finds holdout and eval instead of guessing from file names), then counts, how the rows were made,
 * the columns and where the metadata went, how to load a pinned revision, and every warning of the export.
 */
export function datasetCard(options: DatasetCardOptions): string {
  for (const split of options.splits) {
    if (!SPLIT_NAME.test(split.split)) throw new RangeError(`split name "${split.split}" must match ${SPLIT_NAME.source}`);
  }
  const total = options.splits.reduce((sum, split) => sum + split.n_rows, 0);
  const front = {
    license: options.license ?? 'other',
    pretty_name: options.pretty_name,
    task_categories: TASK_CATEGORIES[options.kind],
    tags: [...new Set(['synthetic', 'tool-use', 'while-studio', options.format, ...(options.tags ?? [])])],
    size_categories: [sizeCategory(total)],
    configs: [
      {
        config_name: 'default',
        default: true,
        data_files: options.splits.map((split) => ({ split: split.split, path: split.path })),
      },
    ],
  };
  const repo = options.repo_id ?? 'OWNER/NAME';
  const metadata = options.kind === 'grpo' ? [] : METADATA[options.metadata ?? 'none'];
  const firstSplit = options.splits.some((split) => split.split === 'train') ? 'train' : (options.splits[0]?.split ?? 'train');
  const lines = [
    '---',
    stringify(front, { lineWidth: 0 }).trimEnd(),
    '---',
    '',
    `# ${options.pretty_name}`,
    '',
    `Synthetic tool-use conversations exported by While Studio for ${options.kind.toUpperCase()} ` +
      `(${options.format} format), ${total} rows.`,
    '',
    '## Splits',
    '',
    '| split | file | rows |',
    '|---|---|---|',
    ...options.splits.map((split) => `| ${split.split} | \`${split.path}\` | ${split.n_rows} |`),
    '',
    'Splits are assigned by hashing the scenario id, so every rollout of a scenario sits in one ' +
      'split and a scenario never moves between pushes.',
    '',
    '## How it was made',
    '',
    ...Object.entries(options.made ?? {})
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => `- ${key}: ${String(value)}`),
    '- Privileged grading context (hidden state, references, rubrics) is never exported; every file ' +
      'passed the tool-call round-trip and privileged-leak gates.',
    '',
    '## Columns',
    '',
    COLUMNS[options.kind],
    '',
    ...(metadata.length === 0 ? [] : [...metadata, '']),
    '## Loading',
    '',
    '```python',
    'from datasets import load_dataset',
    '',
    `ds = load_dataset("${repo}", split="${firstSplit}")`,
    `# pin a push: load_dataset("${repo}", split="${firstSplit}", revision="<commit id or zp- tag from whileai.json>")`,
    '```',
    '',
    '`whileai.json` records which file holds each split, the row counts and the history of pushes with the rows each added and removed.',
    '',
    '## Warnings',
    '',
    ...((options.warnings ?? []).length === 0 ? ['None.'] : (options.warnings ?? []).map((warning) => `- ${warning}`)),
    '',
  ];
  return lines.join('\n');
}
