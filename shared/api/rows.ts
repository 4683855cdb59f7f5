import { z } from 'zod';
import { AXES } from '../domain/axes';
import { Grade, JudgeStatus } from '../domain/grade';
import { Adjudication, Label, LABEL_KINDS, LABEL_VALUES, LabelValue, SettledValue } from '../domain/label';
import { ENDED_BY, Row } from '../domain/row';
import { WriterArm } from '../domain/situation';
import { ToolSpec } from '../domain/spec';

/**
 * The conversations table's columns, in display order: the verdicts and the prompt first (after grading they are what
 * a person came for), then the axes and the rest. Ids double as sort keys and filter keys where they apply.
 */
export const ROW_COLUMNS = [
  'ordinal',
  'conduct',
  'reward',
  'judge',
  'label',
  'prompt',
  ...AXES,
  'persona_tags',
  'writer',
  'turns',
  'ended_by',
  'scenario_id',
  'conduct_rule',
] as const;
export const RowColumn = z.enum(ROW_COLUMNS);
export type RowColumn = z.infer<typeof RowColumn>;

/** Columns a table can be filtered by: each takes a set of accepted values (any of them; all columns must hold). */
export const ROW_FILTER_KEYS = [...AXES, 'persona_tags', 'writer', 'ended_by', 'conduct', 'conduct_rule', 'judge', 'label'] as const;
export const RowFilterKey = z.enum(ROW_FILTER_KEYS);
export type RowFilterKey = z.infer<typeof RowFilterKey>;

export const ROW_SORT_COLUMNS = [
  'ordinal',
  'scenario_id',
  ...AXES,
  'writer',
  'turns',
  'ended_by',
  'conduct',
  'conduct_rule',
  'reward',
  'judge',
  'label',
] as const;
export const RowSortColumn = z.enum(ROW_SORT_COLUMNS);
export type RowSortColumn = z.infer<typeof RowSortColumn>;

/**
 * A row's conduct verdict from its latest conduct grade: `error` when that grade has no reward,
 * `ungraded` when the conduct checks have not run on it.
 */
export const CONDUCT_VERDICTS = ['pass', 'fail', 'error', 'ungraded'] as const;
export const ConductVerdict = z.enum(CONDUCT_VERDICTS);
export type ConductVerdict = z.infer<typeof ConductVerdict>;

/** A row's verdict from its latest judge grade (any source but conduct); `unsure` wins over the reward. */
export const JUDGE_VERDICTS = ['pass', 'fail', 'unsure', 'error', 'ungraded'] as const;
export const JudgeVerdict = z.enum(JUDGE_VERDICTS);
export type JudgeVerdict = z.infer<typeof JudgeVerdict>;

/**
 * The Label column of a row: its settled label when someone settled it, else `conflict` while its annotators disagree
 * (pass against fail), else its latest human label.
 */
export const LABEL_COLUMN_VALUES = [...LABEL_VALUES, 'conflict'] as const;
export const LabelColumnValue = z.enum(LABEL_COLUMN_VALUES);
export type LabelColumnValue = z.infer<typeof LabelColumnValue>;

/** The Label column's values, or `unlabelled`. */
export const LABEL_FILTER_VALUES = [...LABEL_COLUMN_VALUES, 'unlabelled'] as const;

const values = z.array(z.string().min(1)).max(1000);

export const RowFilters = z
  .object({
    tool: values.optional(),
    rule: values.optional(),
    stance: values.optional(),
    world_state: values.optional(),
    tool_condition: values.optional(),
    history: values.optional(),
    persona_tags: values.optional(),
    writer: z.array(WriterArm).optional(),
    ended_by: z.array(z.enum(ENDED_BY)).optional(),
    conduct: z.array(ConductVerdict).optional(),
    conduct_rule: values.optional(),
    judge: z.array(JudgeVerdict).optional(),
    label: z.array(z.enum(LABEL_FILTER_VALUES)).optional(),
  })
  .strict();
export type RowFilters = z.infer<typeof RowFilters>;

export const SortDirection = z.enum(['asc', 'desc']);
export const RowSort = z.object({ column: RowSortColumn, direction: SortDirection }).strict();
export type RowSort = z.infer<typeof RowSort>;

export const DEFAULT_ROW_SORT: RowSort = { column: 'ordinal', direction: 'asc' };

/** Which rows, in which order: the table's filters, free-text search and sort. */
export const RowsQuery = z
  .object({
    filters: RowFilters.default({}),
    /** Words matched against the prompt, every message and the final text (each word as a prefix, all must match). */
    search: z.string().trim().max(200).default(''),
    sort: RowSort.default(DEFAULT_ROW_SORT),
  })
  .strict();
export type RowsQuery = z.infer<typeof RowsQuery>;
export type RowsQueryInput = z.input<typeof RowsQuery>;

export const RowsPageInput = RowsQuery.extend({
  run_id: z.string().min(1),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(500).default(100),
}).strict();
export type RowsPageInput = z.input<typeof RowsPageInput>;

/**
 * Where a row's text holds the first word of a search, with a little text either side (`before` and `after` start
 * or end with `…` where they cut the text). `turn` numbers user and assistant messages as the transcript does.
 */
export const RowMatch = z.object({
  in: z.enum(['message', 'tool_call', 'tool_answer', 'final_text']),
  role: z.enum(['user', 'assistant']).nullable(),
  turn: z.number().int().positive().nullable(),
  /** The called tool (`tool_call`) or the tool that answered (`tool_answer`). */
  tool: z.string().nullable(),
  before: z.string(),
  /** The text that matched the word (a prefix of a longer word goes on in `after`). */
  hit: z.string(),
  after: z.string(),
});
export type RowMatch = z.infer<typeof RowMatch>;

/** One line of the conversations table. */
export const RowSummary = z.object({
  /** The store's id (`<run_id>:<ordinal>`), stable across sorts, filters and restarts. */
  row_id: z.string(),
  ordinal: z.number().int().nonnegative(),
  rollout_id: z.string(),
  scenario_id: z.string(),
  tool: z.string(),
  rule: z.string(),
  stance: z.string(),
  world_state: z.string(),
  tool_condition: z.string(),
  history: z.string(),
  persona_tags: z.array(z.string()),
  writer: z.string(),
  /** User and assistant messages. */
  turns: z.number().int().nonnegative(),
  ended_by: z.string(),
  /** The first characters of the opening prompt. */
  prompt: z.string(),
  conduct: z.object({ verdict: ConductVerdict, reward: z.number().nullable(), rule: z.string().nullable() }).nullable(),
  judge: z
    .object({ verdict: JudgeVerdict, reward: z.number().nullable(), name: z.string(), status: JudgeStatus, unsure: z.boolean() })
    .nullable(),
  /** The Label column (LABEL_COLUMN_VALUES); null when nobody labelled the row. */
  label: LabelColumnValue.nullable(),
  /** Each author's current label on the row (every unsigned one too), in the order they first labelled it. */
  annotators: z.array(z.object({ author: z.string().nullable(), label: LabelValue, kind: z.enum(LABEL_KINDS) })).optional(),
  /** The row's settlement, when someone settled a conflict. */
  settled: z.object({ label: SettledValue, author: z.string() }).nullable().optional(),
  /** With a search only: where the row matched it; null when the match is past what the snippet reads (case or accents). */
  match: RowMatch.nullable().optional(),
});
export type RowSummary = z.infer<typeof RowSummary>;

export const RowsPageOutput = z.object({
  rows: z.array(RowSummary),
  /** Rows matching the filters and search (not only this page). */
  total: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
});
export type RowsPageOutput = z.infer<typeof RowsPageOutput>;

export const FacetValue = z.object({ value: z.string(), count: z.number().int().nonnegative() });
export type FacetValue = z.infer<typeof FacetValue>;

/** How many rows of the run hold grades from one judge. */
export const GradeSourceCount = z.object({
  label_source: z.string(),
  judge_name: z.string(),
  rows: z.number().int().nonnegative(),
  grades: z.number().int().nonnegative(),
});
export type GradeSourceCount = z.infer<typeof GradeSourceCount>;

/**
 * Per filterable column, its distinct values with their counts (most frequent first): over the whole run, or with
 * filters and search given, each column's counts over the rows the other filters (and the search) keep.
 */
export const RowFacets = z.object({
  /** The run's rows (whatever the filters). */
  total: z.number().int().nonnegative(),
  columns: z.record(RowFilterKey, z.array(FacetValue)),
  sources: z.array(GradeSourceCount),
  /** With filters given: per active filter, the rows the query would match without it (what removing it gives). */
  without: z.partialRecord(RowFilterKey, z.number().int().nonnegative()).optional(),
});
export type RowFacets = z.infer<typeof RowFacets>;

/** The rows before and after one row in a query's order; `position` is 0-based, null when the row is outside the query. */
export const RowNeighbours = z.object({
  previous: z.string().nullable(),
  next: z.string().nullable(),
  position: z.number().int().nonnegative().nullable(),
  total: z.number().int().nonnegative(),
});
export type RowNeighbours = z.infer<typeof RowNeighbours>;

export const RowsGetInput = z
  .object({
    row_id: z.string().min(1),
    /** The table's query, to find the neighbours for next / previous. */
    query: RowsQuery.optional(),
  })
  .strict();
export type RowsGetInput = z.input<typeof RowsGetInput>;

export const RowDetail = z.object({
  row_id: z.string(),
  run_id: z.string(),
  row: Row,
  /** Oldest first. */
  grades: z.array(Grade),
  /** Oldest first. */
  labels: z.array(Label),
  /** Settlements of the row's conflict, oldest first: the last one is the row's settled gold. */
  adjudications: z.array(Adjudication).optional(),
  /** The run's, joined here as on export; null when the run's spec is gone. */
  system_prompt: z.string().nullable(),
  tools: z.array(ToolSpec),
  neighbours: RowNeighbours.nullable(),
});
export type RowDetail = z.infer<typeof RowDetail>;

/** The `rows.*` methods of the contract. */
export const rowsMethods = {
  /** One page of a run's rows, filtered, searched and sorted in SQL, with the filtered count. */
  'rows.page': { input: RowsPageInput, output: RowsPageOutput },
  /** The values of every filterable column with their counts, for filter menus (each under the other filters when given). */
  'rows.facets': {
    input: z.object({ run_id: z.string().min(1), filters: RowFilters.optional(), search: z.string().trim().max(200).optional() }).strict(),
    output: RowFacets,
  },
  /** One conversation with its grades, labels, the run's system prompt and tools, and its neighbours in a query. */
  'rows.get': { input: RowsGetInput, output: RowDetail },
} as const;
