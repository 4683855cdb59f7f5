import { availableParallelism } from 'node:os';
import type { SplitName } from '../../../shared/api/exports';
import { clipWords } from '../../../shared/domain/clip-words';
import { datasetCard, emptySplitWarning, type ExportReport } from '../../../engine/index';
import { writeJsonl, type WriteProgress, writeTextFiles, writeTrainingParallel } from '../../../engine/node/index';
import type { AppContext } from '../app/app-context';
import { ServiceError } from '../app/service-error';
import { nothingToWrite } from './empty-export';
import { formatKind } from './export-formats';
import type { JobControl } from './export-jobs';
import { engineOptions, type ExportPlan } from './export-plan';
import { hasPreparedLine } from '../../store/exports/export-rows-repository';
import { preparedRecipeOf, type ReadTally, sftFormatOf, splitLines } from './export-split-lines';
import { moveStagedFiles, removeStaging, stagingFolder } from './export-staging';
import { exportTuning, exportWorker } from './export-tuning';

interface WrittenSplit {
  split: SplitName;
  file: string;
  /** `data/<split>.meta.jsonl`, when the split's metadata went there. */
  metadata_file: string | null;
  /** 0: the split had no line, and no file was written for it. */
  lines: number;
  report: ExportReport;
}

/** The split's metadata file, when its metadata goes beside it (SFT and DPO without --with-metadata). */
const metadataFileOf = (plan: ExportPlan, split: SplitName): string | null =>
  engineOptions(plan).metadata === 'sidecar' && plan.request.format !== 'grpo' ? `data/${split}.meta.jsonl` : null;

/** The most characters of a run's sentence a dataset card's title takes (a run's own name is kept as it is). */
const CARD_NAME_CHARS = 80;

/** One split file in the staging folder: SFT on worker threads when large, everything else on this thread. */
async function writeSplit(
  context: AppContext,
  plan: ExportPlan,
  split: SplitName,
  staging: string,
  control: JobControl | null,
  tally: ReadTally & { total: number; bytes: number },
): Promise<WrittenSplit> {
  const file = `data/${split}.jsonl`;
  const metadataFile = metadataFileOf(plan, split);
  const ids = plan.ids.get(split) ?? [];
  const format = plan.request.format;
  const signal = control?.signal;
  const worker =
    ids.length >= exportTuning.parallel_min_rows && !isPrepared(context, plan, ids) ? exportWorker(availableParallelism()) : null;
  if ((format === 'openai' || format === 'trl') && worker && context.databasePath !== ':memory:') {
    const base = tally.read;
    const { written, report } = await writeTrainingParallel(
      { module: worker.module, data: { databasePath: context.databasePath, ids }, total: ids.length },
      plan.context,
      {
        ...engineOptions(plan),
        format,
        workerUrl: worker.workerUrl,
        pageRows: exportTuning.page_rows,
        maxAhead: exportTuning.pages_ahead,
      },
      {
        folder: staging,
        file,
        signal,
        skipEmpty: true,
        ...(metadataFile ? { sidecar: { file: metadataFile } } : {}),
        onProgress: (progress: WriteProgress) => {
          control?.written?.(tally.bytes + progress.bytes);
          control?.progress(base + Math.min(ids.length, progress.lines), tally.total);
        },
      },
    );
    tally.read += ids.length;
    tally.bytes += written.bytes + (written.sidecar?.bytes ?? 0);
    tally.toolRowsWithoutSchemas += report.tool_rows_without_schemas;
    return { split, file, metadata_file: written.sidecar ? metadataFile : null, lines: written.lines, report: { kind: 'sft', ...report } };
  }
  const stream = splitLines(context, plan, split, tally, { signal, onRow: () => control?.progress(tally.read, tally.total) });
  const written = await writeJsonl(stream.lines, {
    folder: staging,
    file,
    signal,
    progressEvery: 200,
    skipEmpty: true,
    ...(metadataFile && stream.takeMetadata ? { sidecar: { file: metadataFile, take: stream.takeMetadata } } : {}),
    onProgress: (progress) => control?.written?.(tally.bytes + progress.bytes),
  });
  tally.bytes += written.bytes + (written.sidecar?.bytes ?? 0);
  control?.written?.(tally.bytes);
  return { split, file, metadata_file: written.sidecar ? metadataFile : null, lines: written.lines, report: stream.report() };
}

/**
 * Whether the split's rows are read as prepared lines, on this thread: the export's recipe is theirs and its first row
 * has one. Rows stored before a format's lines were (migrations 012, 016), as a whole run of an older store is until
 * `wai store optimize`, are read whole, on worker threads where the cores are there.
 */
function isPrepared(context: AppContext, plan: ExportPlan, ids: readonly string[]): boolean {
  const recipe = preparedRecipeOf(plan);
  const format = sftFormatOf(plan);
  return recipe !== null && format !== null && ids.length > 0 && hasPreparedLine(context.db, ids[0]!, recipe, format);
}

/**
 * Every split, then the card naming them, into a staging folder; moved into the chosen folder only when all are written.
 * A split with no line gets no file and no card entry; when no split has one, nothing is written and the error says why.
 */
export async function writeDataset(context: AppContext, plan: ExportPlan, folder: string, control: JobControl | null) {
  const staging = await stagingFolder(folder);
  const tally = { read: 0, toolRowsWithoutSchemas: 0, total: [...plan.ids.values()].reduce((sum, ids) => sum + ids.length, 0), bytes: 0 };
  try {
    const splits: WrittenSplit[] = [];
    for (const split of plan.request.splits) splits.push(await writeSplit(context, plan, split, staging, control, tally));
    const kept = splits.filter((split) => split.lines > 0);
    if (kept.length === 0)
      throw new ServiceError(
        'VALIDATION_FAILED',
        nothingToWrite(
          plan,
          splits.map((split) => split.report),
        ),
      );
    const warnings = [...new Set(splits.flatMap((split) => split.report.warnings.map((warning) => `${split.split}: ${warning}`)))];
    for (const split of splits) if (split.lines === 0) warnings.push(emptySplitWarning(split.split));
    const card = datasetCard({
      pretty_name: cardName(plan),
      kind: formatKind(plan.request.format),
      format: plan.request.format,
      splits: kept.map((split) => ({ split: split.split, path: split.file, n_rows: split.lines })),
      metadata: plan.request.with_metadata ? 'inline' : 'sidecar',
      made: {
        run: plan.run.id,
        seed: plan.run.config.seed,
        selection: describeSelection(plan),
        decontamination: plan.decontamination
          ? `${plan.decontamination.n_contaminated} of ${plan.decontamination.n} rows dropped against ` +
            `${plan.decontamination.n_eval_rows} evaluation rows`
          : 'none',
      },
      warnings: [...plan.warnings, ...warnings],
    });
    await writeTextFiles([{ path: 'README.md', content: card }], { folder: staging, signal: control?.signal });
    const files = [...kept.flatMap((split) => [split.file, ...(split.metadata_file ? [split.metadata_file] : [])]), 'README.md'];
    await moveStagedFiles(staging, folder, files);
    return { splits, files, warnings, toolRowsWithoutSchemas: tally.toolRowsWithoutSchemas };
  } finally {
    await removeStaging(staging);
  }
}

/** The card's title: the run's name, or its sentence cut at a word when the stored name was cut inside one. */
function cardName(plan: ExportPlan): string {
  const { run } = plan;
  const source = run.config.source;
  return !run.config.name && source.kind === 'describe' ? clipWords(source.sentence, CARD_NAME_CHARS) : run.name;
}

function describeSelection(plan: ExportPlan): string {
  const selection = plan.request.selection;
  const parts = [selection.passes_only ? 'passes only' : 'all rows'];
  if (selection.filter) parts.push(`filter ${JSON.stringify(selection.filter)}`);
  if (selection.cell) parts.push(`cell ${JSON.stringify(selection.cell)}`);
  if (selection.row_ids) parts.push(`${selection.row_ids.length} chosen rows`);
  return parts.join(', ');
}
