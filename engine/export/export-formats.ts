import { type ExportInput, type RunContext, scenarioOf } from './export-input';
import { exportGrpo, type GrpoExportOptions, type GrpoReport } from './formats/grpo-export';
import {
  exportPreference,
  type PreferenceExportOptions,
  type PreferenceFormat,
  type PreferenceReport,
} from './formats/preference/preference-export';
import { type PairOptions, type PairReport, pairPreferences } from './selection/preference-pairs';
import { type PairScenario, pairRowOf } from './selection/pair-row';
import { groupBy, groupConsecutive, type RowStream, streamOf } from './source';
import { type ExportStream, exportTraining, type TrainingExportOptions, type TrainingReport } from './formats/training-export';

/** What the export dialog and the CLI offer (`--format`). */
export const EXPORT_FORMATS = ['openai', 'trl', 'dpo-openai', 'dpo-trl', 'dpo-full', 'grpo'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export interface ExportOptions extends Omit<TrainingExportOptions, 'format'>, PairOptions, Omit<GrpoExportOptions, 'validate' | 'carry'> {
  format: ExportFormat;
  /**
   * DPO and GRPO read rows a scenario at a time. True: the stream arrives grouped by scenario (e.g. the store's
   * rows ordered by scenario id) and only one scenario is held; false (default): rows are grouped in memory.
   */
  sorted_by_scenario?: boolean;
}

export type ExportReport =
  ({ kind: 'sft' } & TrainingReport) | ({ kind: 'dpo'; pairs: PairReport } & PreferenceReport) | ({ kind: 'grpo' } & GrpoReport);

async function* scenarioGroups(rows: RowStream<ExportInput>, sorted: boolean): AsyncGenerator<ExportInput[]> {
  if (sorted) {
    yield* groupConsecutive(rows, scenarioOf);
    return;
  }
  const all: ExportInput[] = [];
  for await (const input of streamOf(rows)) all.push(input);
  yield* groupBy(all, scenarioOf);
}

const PREFERENCE: Record<string, PreferenceFormat> = { 'dpo-openai': 'openai', 'dpo-trl': 'trl', 'dpo-full': 'full' };

async function* pairRowGroups(groups: AsyncIterable<ExportInput[]>): AsyncGenerator<PairScenario> {
  for await (const group of groups) yield { rows: group.map((input) => pairRowOf(input)) };
}

/**
 * A DPO export of scenarios of rows as pairing weighs them (each scenario's rows together): a reader that gives
 * PairRows may read a row whole again only when pairing asks for it (see PairScenario).
 */
export function exportPairRows(
  scenarios: RowStream<PairScenario>,
  context: RunContext | null,
  options: ExportOptions & { format: 'dpo-openai' | 'dpo-trl' | 'dpo-full' },
): ExportStream<ExportReport> {
  const pairs = pairPreferences(scenarios, options);
  const preferenceOptions: PreferenceExportOptions = { ...options, format: PREFERENCE[options.format] };
  const stream = exportPreference(pairs.pairs, context, preferenceOptions);
  return {
    lines: stream.lines,
    takeMetadata: stream.takeMetadata,
    report: () => {
      const report = stream.report();
      const pairReport = pairs.report();
      return { kind: 'dpo', ...report, pairs: pairReport, warnings: [...pairReport.warnings, ...report.warnings] };
    },
  };
}

/** One export in any format: the lines to write and the report (final once the lines are read). */
export function exportRows(rows: RowStream<ExportInput>, context: RunContext | null, options: ExportOptions): ExportStream<ExportReport> {
  const sorted = options.sorted_by_scenario ?? false;
  switch (options.format) {
    case 'openai':
    case 'trl': {
      const stream = exportTraining(rows, context, { ...options, format: options.format });
      return { lines: stream.lines, report: () => ({ kind: 'sft', ...stream.report() }), takeMetadata: stream.takeMetadata };
    }
    case 'dpo-openai':
    case 'dpo-trl':
    case 'dpo-full':
      return exportPairRows(pairRowGroups(scenarioGroups(rows, sorted)), context, { ...options, format: options.format });
    case 'grpo': {
      const stream = exportGrpo(scenarioGroups(rows, sorted), context, options);
      return { lines: stream.lines, report: () => ({ kind: 'grpo', ...stream.report() }) };
    }
    default: {
      const unknown: never = options.format;
      throw new Error(`unknown export format ${String(unknown)}`);
    }
  }
}
