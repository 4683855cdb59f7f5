import { rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type CardKind, datasetCard, type DatasetCardOptions } from '../hub/dataset-card';
import { EmptyExportError } from '../empty-export-error';
import { type DecontaminationReport, Decontaminator, type EvalRow } from '../decontamination/decontaminate';
import { type ExportOptions, type ExportReport, exportRows } from '../export-formats';
import { type ExportInput, type RunContext, scenarioOf } from '../export-input';
import { writeJsonl, type WriteProgress, writeTextFiles } from './jsonl-writer';
import type { RowStream } from '../source';
import { emptySplitWarning, type SplitFractions, type SplitName, splitOf } from '../selection/splits';

export interface DatasetFolderOptions {
  folder: string;
  /**
   * Reads the rows again from the start: called once per split, which keeps that split's scenarios (a caller that
   * knows each row's split may hand over only those rows, so a run is not read once per split).
   */
  open: (split: SplitName) => RowStream<ExportInput>;
  context: RunContext | null;
  export: ExportOptions;
  splits?: readonly SplitName[];
  fractions?: SplitFractions;
  /** Evaluation rows (a benchmark's prompts, our own eval set) to drop copies of, before any split is written. */
  against?: readonly EvalRow[];
  card: Omit<DatasetCardOptions, 'splits' | 'kind' | 'format' | 'metadata'>;
  signal?: AbortSignal;
  onProgress?: (split: SplitName, progress: WriteProgress) => void;
}

export interface DatasetSplitResult {
  split: SplitName;
  file: string;
  /** `data/<split>.meta.jsonl` when the export's metadata went to a sidecar. */
  metadata_file: string | null;
  lines: number;
  bytes: number;
  /** Rollout ids of the rows read into the split (for the push manifest's delta). */
  rollout_ids: string[];
  report: ExportReport;
}

export interface DatasetFolderResult {
  /** The splits written: a split with no line has no file and no card entry (the warnings name it). */
  splits: DatasetSplitResult[];
  decontamination: DecontaminationReport | null;
  card_path: string;
  warnings: string[];
}

const KIND: Record<ExportOptions['format'], CardKind> = {
  openai: 'sft',
  trl: 'sft',
  'dpo-openai': 'dpo',
  'dpo-trl': 'dpo',
  'dpo-full': 'dpo',
  grpo: 'grpo',
};

async function* splitRows(
  source: RowStream<ExportInput>,
  split: SplitName,
  fractions: SplitFractions,
  checker: Decontaminator | null,
  ids: string[],
): AsyncGenerator<ExportInput> {
  let index = 0;
  for await (const input of source as AsyncIterable<ExportInput>) {
    if (splitOf(scenarioOf(input), fractions) !== split) continue;
    if (checker?.check({ text: input.row.prompt, task_id: scenarioOf(input) }, index++)) continue;
    ids.push(input.row.rollout_id);
    yield input;
  }
}

/**
 * A dataset folder ready to push: `data/<split>.jsonl` per split (scenarios split by hash, copies of the evaluation rows
 * dropped first; with sidecar metadata, `data/<split>.meta.jsonl` beside it), then README.md whose `configs` name every
 * split file. A split with no line is not written nor named (`load_dataset` fails on every split when one file is
 * empty); when no split has a line nothing is written and EmptyExportError says why. Each file is written atomically; a
 * cancel or a refused gate leaves the files already finished and no partial one.
 */
export async function writeDatasetFolder(options: DatasetFolderOptions): Promise<DatasetFolderResult> {
  const splits = options.splits ?? ['train', 'holdout'];
  const fractions = options.fractions ?? {};
  const checker = options.against ? new Decontaminator(options.against) : null;
  const results: DatasetSplitResult[] = [];
  const reports: ExportReport[] = [];
  const empty: SplitName[] = [];
  for (const split of splits) {
    const ids: string[] = [];
    const stream = exportRows(splitRows(options.open(split), split, fractions, checker, ids), options.context, options.export);
    const file = `data/${split}.jsonl`;
    const metadataFile = stream.takeMetadata ? `data/${split}.meta.jsonl` : null;
    const written = await writeJsonl(stream.lines, {
      folder: options.folder,
      file,
      signal: options.signal,
      skipEmpty: true,
      ...(metadataFile ? { sidecar: { file: metadataFile, take: stream.takeMetadata } } : {}),
      onProgress: (progress) => options.onProgress?.(split, progress),
    });
    const report = stream.report();
    reports.push(report);
    if (written.lines === 0) empty.push(split);
    else results.push({ split, file, metadata_file: metadataFile, lines: written.lines, bytes: written.bytes, rollout_ids: ids, report });
  }
  const decontamination = checker?.report() ?? null;
  const warnings = [...new Set(reports.flatMap((report) => report.warnings))];
  if (results.length === 0) {
    // The split files' folder was made for them: left empty, it would be the one thing written.
    await rmdir(join(options.folder, 'data')).catch(() => undefined);
    throw new EmptyExportError({ splits: empty, warnings });
  }
  if (decontamination && decontamination.n_contaminated > 0) {
    const { n_contaminated: dropped, n_same_task: sameTask, n_exact: exact, n_near: near } = decontamination;
    warnings.push(`${dropped} rows copied the evaluation set and were dropped (${sameTask} same task, ${exact} exact, ${near} near)`);
  }
  for (const split of empty) warnings.push(emptySplitWarning(split));
  const card = datasetCard({
    ...options.card,
    kind: KIND[options.export.format],
    format: options.export.format,
    splits: results.map((result) => ({ split: result.split, path: result.file, n_rows: result.lines })),
    metadata: results.some((result) => result.metadata_file !== null) ? 'sidecar' : (options.export.metadata ?? 'none'),
    warnings: [...(options.card.warnings ?? []), ...warnings],
  });
  const [cardPath] = await writeTextFiles([{ path: 'README.md', content: card }], { folder: options.folder, signal: options.signal });
  return { splits: results, decontamination, card_path: cardPath!, warnings };
}
