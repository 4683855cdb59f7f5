import type { ExportPreview, SplitName } from '../../../shared/api/exports';
import { isFullPass } from '../../../shared/domain';
import {
  type ExportInput,
  type ExportReport,
  exportRows,
  exportTrainingFramed,
  hasToolCalls,
  type MetadataMode,
  preparedRecipe,
  servesPreparedLines,
  type SftFormat,
  type TrainingInput,
} from '../../../engine/index';
import type { AppContext } from '../app/app-context';
import { engineOptions, type ExportPlan } from './export-plan';
import { type PairInput, preferenceFormatOf, preferenceLines } from './preference/preference-lines';
import { readRows, readTrainingRows } from './export-rows';
import { exportTuning } from './export-tuning';

/** What an export has read so far: rows, and the tool-calling ones going out without schemas. */
export interface ReadTally {
  read: number;
  toolRowsWithoutSchemas: number;
}

/** Counts the rows an export reads, and the tool-calling ones going out without schemas, as they pass. */
function* counted<T extends TrainingInput | PairInput>(
  rows: Iterable<T>,
  plan: ExportPlan,
  tally: ReadTally,
  onRow?: () => void,
): Generator<T> {
  const noSchemas = !plan.context || plan.context.tools.length === 0;
  for (const input of rows) {
    tally.read += 1;
    onRow?.();
    if (noSchemas && toolCalling(input)) tally.toolRowsWithoutSchemas += 1;
    yield input;
  }
}

const toolCalling = (input: TrainingInput | PairInput): boolean =>
  'pair' in input ? input.tool_calls : 'prepared' in input ? input.prepared.facts.tool_calls : hasToolCalls(input.row);

const splitIds = (plan: ExportPlan, split: SplitName | 'all') =>
  split === 'all' ? [...plan.ids.values()].flat() : (plan.ids.get(split) ?? []);

/**
 * Rows of the plan's splits (already decontaminated) as the engine reads them, counting what they read. Synchronous,
 * as the store's reads are: the exporters then take a row without a turn of the promise queue.
 */
export function planRows(
  context: AppContext,
  plan: ExportPlan,
  split: SplitName | 'all',
  tally: ReadTally,
  signal?: AbortSignal,
  onRow?: () => void,
): Generator<ExportInput> {
  return counted(readRows(context.db, splitIds(plan, split), signal), plan, tally, onRow);
}

/** The SFT format of the plan's export, or null for DPO and GRPO. */
export const sftFormatOf = (plan: ExportPlan): SftFormat | null =>
  plan.request.format === 'openai' || plan.request.format === 'trl' ? plan.request.format : null;

/**
 * The recipe of the prepared lines (engine/export/prepared-line.ts) the plan's export writes, or null when its format
 * or options are not a default SFT export's (OpenAI or TRL), or the run has no stored spec: every row is then read whole.
 */
export function preparedRecipeOf(plan: ExportPlan): string | null {
  const format = sftFormatOf(plan);
  return exportTuning.prepared_lines && plan.context && format && servesPreparedLines({ ...engineOptions(plan), format })
    ? preparedRecipe(plan.context)
    : null;
}

/** A split in the plan's format, its rows read as prepared lines where the export can take them. */
export function splitLines(
  context: AppContext,
  plan: ExportPlan,
  split: SplitName,
  tally: ReadTally,
  options: {
    validate?: boolean;
    /** `none` when the lines are only counted (a preview): the metadata of lines nobody writes is not kept. */
    metadata?: MetadataMode;
    signal?: AbortSignal;
    onRow?: () => void;
    grades?: { failing: number; ungraded: number }[];
  } = {},
) {
  const settings = {
    ...engineOptions(plan),
    ...(options.validate === undefined ? {} : { validate: options.validate }),
    ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
  };
  const recipe = preparedRecipeOf(plan);
  const format = sftFormatOf(plan);
  const preference = preferenceFormatOf(plan.request.format);
  if (preference && plan.order === 'scenario') {
    const seen = (rows: Iterable<PairInput>) => {
      const read = counted(rows, plan, tally, options.onRow);
      return options.grades ? tallyGrades(read, options.grades) : read;
    };
    return preferenceLines(context.db, splitIds(plan, split), seen, plan.context, { ...settings, format: preference }, options.signal);
  }
  if (recipe === null || format === null) {
    const rows = planRows(context, plan, split, tally, options.signal, options.onRow);
    return exportRows(options.grades ? tallyGrades(rows, options.grades) : rows, plan.context, settings);
  }
  const read = counted(readTrainingRows(context.db, splitIds(plan, split), recipe, format, options.signal), plan, tally, options.onRow);
  const stream = exportTrainingFramed(options.grades ? tallyGrades(read, options.grades) : read, plan.context, { ...settings, format });
  return { lines: stream.lines, report: (): ExportReport => ({ kind: 'sft', ...stream.report() }), takeMetadata: stream.takeMetadata };
}

export type GradeTally = NonNullable<ExportPreview['grades']>;

/** Counts each row by its latest grade as it passes on to the exporter (the preview reads every row anyway). */
export function* tallyGrades<T extends { reward: number | null }>(
  rows: Iterable<T>,
  tally: { failing: number; ungraded: number }[],
): Generator<T> {
  for (const input of rows) {
    for (const counts of tally) {
      if (input.reward === null) counts.ungraded += 1;
      else if (!isFullPass(input.reward)) counts.failing += 1;
    }
    yield input;
  }
}
