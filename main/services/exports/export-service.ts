import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join } from 'node:path';
import type { ExportJob, ExportPreview, ExportRecord, ExportRequest, HubPushResult, SplitName } from '../../../shared/api/exports';
import {
  datasetCard,
  EnvironmentExportError,
  type EnvironmentReport,
  type ExportInput,
  ExportPathError,
  ExportRefusedError,
  type ExportReport,
  exportEnvironment,
  exportRows,
  exportTraining,
  hasToolCalls,
  preparedRecipe,
  servesPreparedLines,
  type TrainingInput,
} from '../../../engine/index';
import {
  defaultTrainingWorkerUrl,
  writeJsonl,
  type WriteProgress,
  writeTextFiles,
  writeTrainingParallel,
} from '../../../engine/node/index';
import { insertExport, listExports as listStoredExports } from '../../store/exports/exports-repository';
import type { AppContext } from '../app/app-context';
import { gateDrops, refusals } from './export-gates';
import { type ExportJobKind, type JobControl, requireJobs } from './export-jobs';
import { engineOptions, type ExportPlan, planExport } from './export-plan';
import { readRows, readTrainingRows } from './export-rows';
import { moveStagedFiles, removeStaging, stagingFolder } from './export-staging';
import { pushFolder } from '../hub/hub-push';
import { hubTokenOf } from '../hub/hub-token-service';
import { ServiceError } from '../app/service-error';

export const EXPORT_FORMAT_INFO = [
  {
    format: 'openai',
    kind: 'sft',
    label: 'OpenAI-compatible (Together/Fireworks/Azure)',
    description: 'Chat JSONL with tool schemas; arguments as JSON strings, a 0/1 weight per assistant turn.',
  },
  {
    format: 'trl',
    kind: 'sft',
    label: 'TRL conversational (Hugging Face)',
    description: 'messages and tools; arguments as objects; the ask in prompt_text.',
  },
  {
    format: 'dpo-openai',
    kind: 'dpo',
    label: 'OpenAI-compatible preference pairs (Together/Fireworks/Azure)',
    description: 'input / preferred_output / non_preferred_output, one assistant message per side.',
  },
  { format: 'dpo-trl', kind: 'dpo', label: 'TRL preference pairs', description: 'prompt (shared prefix) / chosen / rejected.' },
  {
    format: 'dpo-full',
    kind: 'dpo',
    label: 'Full-conversation preference pairs',
    description: 'prompt text with both whole conversations.',
  },
  {
    format: 'grpo',
    kind: 'grpo',
    label: 'GRPO / RL prompts (TRL prompt-only)',
    description: 'One prompt per ask in the 20-80% band, with its group statistics; unanimous groups dropped.',
  },
] as const;

export function exportFormats() {
  return EXPORT_FORMAT_INFO.map((info) => ({ ...info }));
}

/** Counts the rows an export reads, and the tool-calling ones going out without schemas, as they pass. */
function* counted<T extends TrainingInput>(
  rows: Iterable<T>,
  plan: ExportPlan,
  tally: { read: number; toolRowsWithoutSchemas: number },
  onRow?: () => void,
): Generator<T> {
  const noSchemas = !plan.context || plan.context.tools.length === 0;
  for (const input of rows) {
    tally.read += 1;
    onRow?.();
    if (noSchemas && ('prepared' in input ? input.prepared.facts.tool_calls : hasToolCalls(input.row))) tally.toolRowsWithoutSchemas += 1;
    yield input;
  }
}

const splitIds = (plan: ExportPlan, split: SplitName | 'all') =>
  split === 'all' ? [...plan.ids.values()].flat() : (plan.ids.get(split) ?? []);

/**
 * Rows of the plan's splits (already decontaminated) as the engine reads them, counting what they read. Synchronous,
 * as the store's reads are: the exporters then take a row without a turn of the promise queue.
 */
function planRows(
  context: AppContext,
  plan: ExportPlan,
  split: SplitName | 'all',
  tally: { read: number; toolRowsWithoutSchemas: number },
  signal?: AbortSignal,
  onRow?: () => void,
): Generator<ExportInput> {
  return counted(readRows(context.db, splitIds(plan, split), signal), plan, tally, onRow);
}

/**
 * The recipe of the prepared lines (engine/export/prepared-line.ts) the plan's export writes, or null when its format
 * or options are not the default SFT export's, or the run has no stored spec: every row is then read whole.
 */
export function preparedRecipeOf(plan: ExportPlan): string | null {
  const options = engineOptions(plan);
  return exportTuning.prepared_lines && plan.context && options.format === 'openai' && servesPreparedLines({ ...options, format: 'openai' })
    ? preparedRecipe(plan.context)
    : null;
}

/** A split in the plan's format, its rows read as prepared lines where the export can take them. */
function splitLines(
  context: AppContext,
  plan: ExportPlan,
  split: SplitName,
  tally: { read: number; toolRowsWithoutSchemas: number },
  options: { validate?: boolean; signal?: AbortSignal; onRow?: () => void; grades?: { failing: number; ungraded: number }[] } = {},
) {
  const settings = { ...engineOptions(plan), ...(options.validate === undefined ? {} : { validate: options.validate }) };
  const recipe = preparedRecipeOf(plan);
  if (recipe === null) {
    const rows = planRows(context, plan, split, tally, options.signal, options.onRow);
    return exportRows(options.grades ? tallyGrades(rows, options.grades) : rows, plan.context, settings);
  }
  const read = counted(readTrainingRows(context.db, splitIds(plan, split), recipe, options.signal), plan, tally, options.onRow);
  const stream = exportTraining(options.grades ? tallyGrades(read, options.grades) : read, plan.context, { ...settings, format: 'openai' });
  return { lines: stream.lines, report: (): ExportReport => ({ kind: 'sft', ...stream.report() }) };
}

type GradeTally = NonNullable<ExportPreview['grades']>;

/** Counts each row by its latest grade as it passes on to the exporter (the preview reads every row anyway). */
function* tallyGrades<T extends { reward: number | null }>(
  rows: Iterable<T>,
  tally: { failing: number; ungraded: number }[],
): Generator<T> {
  for (const input of rows) {
    for (const counts of tally) {
      if (input.reward === null) counts.ungraded += 1;
      else if (input.reward < 1) counts.failing += 1;
    }
    yield input;
  }
}

const rowsPhrase = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function previewOf(
  plan: ExportPlan,
  splits: ExportPreview['splits'],
  drops: ExportPreview['dropped'],
  extraWarnings: string[],
  toolRows: number,
  grades?: GradeTally,
): ExportPreview {
  const warnings = [...plan.warnings, ...extraWarnings];
  if (toolRows > 0) warnings.push(`${rowsPhrase(toolRows, 'tool-calling row', 'tool-calling rows')} would go out without tool schemas.`);
  if (plan.evaluation_rows > 0) {
    warnings.push(
      `${rowsPhrase(plan.evaluation_rows, 'row is an evaluation row', 'rows are evaluation rows')} (holdout or eval split): they are never in train.`,
    );
  }
  if (plan.request.validate) {
    const refused = refusals(drops);
    if (refused.length > 0) warnings.unshift(`The export would be refused (validation is on): ${refused.join('; ')}.`);
  }
  return {
    warnings: [...new Set(warnings)],
    n_selected: plan.n_selected,
    simulator_errors_excluded: plan.simulator_errors,
    evaluation_rows: plan.evaluation_rows,
    tool_rows_without_schemas: toolRows,
    splits,
    dropped: drops,
    n_lines: splits.reduce((total, split) => total + split.lines, 0),
    ...(grades ? { grades } : {}),
  };
}

/** Counts and every warning of an export, before anything is written: the same gates run on the same rows, into no file. */
export async function previewExport(context: AppContext, request: ExportRequest): Promise<ExportPreview> {
  const plan = await planExport(context, request);
  if (request.destination.kind === 'hub' && !hubTokenOf(context)) {
    plan.warnings.unshift(
      'No Hugging Face token: set HF_TOKEN (a write token starting with hf_) or store one in Settings, or the push will fail after the files are written.',
    );
  }
  const tally = { read: 0, toolRowsWithoutSchemas: 0 };
  const grades: GradeTally = {
    failing: 0,
    ungraded: 0,
    train: request.destination.kind !== 'environment' && request.splits.includes('train') ? { failing: 0, ungraded: 0 } : null,
  };
  if (request.destination.kind === 'environment') {
    const { report } = await environmentFiles(plan, tallyGrades(planRows(context, plan, 'all', tally), [grades])).catch(
      (error: unknown) => {
        throw serviceErrorOf(error);
      },
    );
    return environmentPreview(plan, report, tally.toolRowsWithoutSchemas, grades);
  }
  const reports: ExportReport[] = [];
  const splits: ExportPreview['splits'] = [];
  const warnings: string[] = [];
  for (const split of request.splits) {
    const stream = splitLines(context, plan, split, tally, {
      validate: false,
      grades: split === 'train' && grades.train ? [grades, grades.train] : [grades],
    });
    let lines = 0;
    for await (const _line of stream.lines) lines += 1;
    const report = stream.report();
    reports.push(report);
    warnings.push(...report.warnings.map((warning) => `${split}: ${warning}`));
    splits.push({ split, rows: plan.ids.get(split)?.length ?? 0, lines });
  }
  return previewOf(plan, splits, gateDrops(reports, plan.decontamination), warnings, tally.toolRowsWithoutSchemas, grades);
}

function environmentPreview(plan: ExportPlan, report: EnvironmentReport, toolRows: number, grades?: GradeTally): ExportPreview {
  const splits = [
    { split: 'train' as const, rows: report.train, lines: report.train },
    { split: 'holdout' as const, rows: report.holdout, lines: report.holdout },
  ];
  const drops = gateDrops([], plan.decontamination);
  if (report.band_dropped > 0)
    drops.push({ gate: 'difficulty_band', n: report.band_dropped, reason: 'tasks whose pass rate is outside the band' });
  if (report.decontamination.n_contaminated > 0) {
    drops.push({ gate: 'holdout_overlap', n: report.decontamination.n_contaminated, reason: 'train tasks near-copying a holdout task' });
  }
  return previewOf(plan, splits, drops, report.warnings, toolRows, grades);
}

async function environmentFiles(plan: ExportPlan, rows: Iterable<ExportInput>) {
  if (!plan.context)
    throw new ServiceError('VALIDATION_FAILED', `Run ${plan.run.id} has no stored spec: an environment needs the system prompt and tools.`);
  const destination = plan.request.destination;
  const name = destination.kind === 'environment' ? (destination.name ?? basename(destination.folder)) : undefined;
  return exportEnvironment(rows, { name, context: plan.context, holdout: plan.request.fractions.holdout });
}

/** What an export job did; the CLI prints it, the job's last event summarises it. */
export interface ExportOutcome {
  export_id: number;
  destination: ExportRequest['destination']['kind'];
  folder: string;
  files: string[];
  n_lines: number;
  preview: ExportPreview;
  environment: EnvironmentReport | null;
  push: HubPushResult | null;
  warnings: string[];
}

function serviceErrorOf(error: unknown): unknown {
  if (ExportRefusedError.isInstance(error))
    return new ServiceError('VALIDATION_FAILED', `The export was refused and nothing was written: ${error.reasons.join('; ')}.`);
  if (ExportPathError.isInstance(error)) return new ServiceError('VALIDATION_FAILED', `Export path refused: ${error.message}.`);
  if (EnvironmentExportError.isInstance(error))
    return new ServiceError('VALIDATION_FAILED', `The environment cannot be exported: ${error.message}.`);
  return error;
}

/**
 * SFT splits of at least `parallel_min_rows` rows read whole are exported on worker threads (each reads its own rows
 * from the store) when the machine has at least `parallel_min_cores` cores and a bundled export worker is there (the
 * desktop app's, main/electron/build.ts). On 2 cores two bundled workers exported 100,000 stored rows 21% faster than
 * this thread (3.3 s against 4.1 s), peaking at 264 MB against 152 MB. From source each worker first compiles its
 * modules through tsx (about a second of CPU), so there it takes `source_min_cores`. A split read as prepared lines
 * stays on this thread: joining them costs less than handing pages between threads (100,000 stored rows took 1.5-1.6 s
 * here at 140 MB, against 3.7 s on two workers at 380 MB; a thread reading pages for this one spent more copying them
 * across than the reading it took off this thread). Tests lower them. `worker_bundle`: a bundled export worker
 * to start instead (the store bench's own). `prepared_lines` off reads every row whole (the store bench compares).
 */
export const exportTuning: {
  parallel_min_rows: number;
  parallel_min_cores: number;
  source_min_cores: number;
  worker_bundle?: string;
  prepared_lines: boolean;
} = {
  parallel_min_rows: 4000,
  parallel_min_cores: 2,
  source_min_cores: 3,
  prepared_lines: true,
};

/**
 * Where the export's worker threads start: the desktop bundle's export worker beside its main file (see
 * main/electron/build.ts), else, on enough cores, from source through tsx, which loads the page source by its URL;
 * null when neither is there (the export then runs on this thread).
 */
function exportWorker(cores: number): { workerUrl: string | URL; module: string } | null {
  if (cores < exportTuning.parallel_min_cores) return null;
  if (exportTuning.worker_bundle) return { workerUrl: exportTuning.worker_bundle, module: 'bundled' };
  if (typeof __dirname === 'string') {
    const bundled = join(__dirname, 'export-worker.cjs');
    if (existsSync(bundled)) return { workerUrl: bundled, module: 'bundled' };
  }
  const url = import.meta.url as string | undefined;
  if (!url || cores < exportTuning.source_min_cores) return null;
  const source = new URL('./export-page-source.ts', url);
  const boot = defaultTrainingWorkerUrl();
  return existsSync(source) && existsSync(boot) ? { workerUrl: boot, module: source.href } : null;
}

const CARD_KIND = { openai: 'sft', trl: 'sft', 'dpo-openai': 'dpo', 'dpo-trl': 'dpo', 'dpo-full': 'dpo', grpo: 'grpo' } as const;

interface WrittenSplit {
  split: SplitName;
  file: string;
  lines: number;
  report: ExportReport;
}

/** One split file in the staging folder: SFT on worker threads when large, everything else on this thread. */
async function writeSplit(
  context: AppContext,
  plan: ExportPlan,
  split: SplitName,
  staging: string,
  control: JobControl | null,
  tally: { read: number; toolRowsWithoutSchemas: number; total: number; bytes: number },
): Promise<WrittenSplit> {
  const file = `data/${split}.jsonl`;
  const ids = plan.ids.get(split) ?? [];
  const format = plan.request.format;
  const signal = control?.signal;
  const worker =
    ids.length >= exportTuning.parallel_min_rows && preparedRecipeOf(plan) === null ? exportWorker(availableParallelism()) : null;
  if ((format === 'openai' || format === 'trl') && worker && context.databasePath !== ':memory:') {
    const base = tally.read;
    const { written, report } = await writeTrainingParallel(
      { module: worker.module, data: { databasePath: context.databasePath, ids }, total: ids.length },
      plan.context,
      { ...engineOptions(plan), format, workerUrl: worker.workerUrl },
      {
        folder: staging,
        file,
        signal,
        onProgress: (progress: WriteProgress) => {
          control?.written?.(tally.bytes + progress.bytes);
          control?.progress(base + Math.min(ids.length, progress.lines), tally.total);
        },
      },
    );
    tally.read += ids.length;
    tally.bytes += written.bytes;
    tally.toolRowsWithoutSchemas += report.tool_rows_without_schemas;
    return { split, file, lines: written.lines, report: { kind: 'sft', ...report } };
  }
  const stream = splitLines(context, plan, split, tally, { signal, onRow: () => control?.progress(tally.read, tally.total) });
  const written = await writeJsonl(stream.lines, {
    folder: staging,
    file,
    signal,
    progressEvery: 200,
    onProgress: (progress) => control?.written?.(tally.bytes + progress.bytes),
  });
  tally.bytes += written.bytes;
  control?.written?.(tally.bytes);
  return { split, file, lines: written.lines, report: stream.report() };
}

/** Every split, then the card naming them, into a staging folder; moved into the chosen folder only when all are written. */
async function writeDataset(context: AppContext, plan: ExportPlan, folder: string, control: JobControl | null) {
  const staging = await stagingFolder(folder);
  const tally = { read: 0, toolRowsWithoutSchemas: 0, total: [...plan.ids.values()].reduce((sum, ids) => sum + ids.length, 0), bytes: 0 };
  try {
    const splits: WrittenSplit[] = [];
    for (const split of plan.request.splits) splits.push(await writeSplit(context, plan, split, staging, control, tally));
    const warnings = [...new Set(splits.flatMap((split) => split.report.warnings.map((warning) => `${split.split}: ${warning}`)))];
    for (const split of splits) if (split.lines === 0) warnings.push(`split ${split.split} is empty`);
    const card = datasetCard({
      pretty_name: plan.run.name,
      kind: CARD_KIND[plan.request.format],
      format: plan.request.format,
      splits: splits.map((split) => ({ split: split.split, path: split.file, n_rows: split.lines })),
      made: {
        run: plan.run.id,
        seed: plan.run.config.seed,
        selection: describeSelection(plan),
        decontamination: plan.decontamination
          ? `${plan.decontamination.n_contaminated} of ${plan.decontamination.n} rows dropped against ${plan.decontamination.n_eval_rows} evaluation rows`
          : 'none',
      },
      warnings: [...plan.warnings, ...warnings],
    });
    await writeTextFiles([{ path: 'README.md', content: card }], { folder: staging, signal: control?.signal });
    const files = [...splits.map((split) => split.file), 'README.md'];
    await moveStagedFiles(staging, folder, files);
    return { splits, files, warnings, toolRowsWithoutSchemas: tally.toolRowsWithoutSchemas };
  } finally {
    await removeStaging(staging);
  }
}

function describeSelection(plan: ExportPlan): string {
  const selection = plan.request.selection;
  const parts = [selection.passes_only ? 'passes only' : 'all rows'];
  if (selection.filter) parts.push(`filter ${JSON.stringify(selection.filter)}`);
  if (selection.cell) parts.push(`cell ${JSON.stringify(selection.cell)}`);
  if (selection.row_ids) parts.push(`${selection.row_ids.length} chosen rows`);
  return parts.join(', ');
}

async function runEnvironmentExport(
  context: AppContext,
  plan: ExportPlan,
  folder: string,
  control: JobControl | null,
): Promise<ExportOutcome> {
  const tally = { read: 0, toolRowsWithoutSchemas: 0 };
  const total = plan.n_selected - plan.simulator_errors;
  const rows = planRows(context, plan, 'all', tally, control?.signal, () => control?.progress(tally.read, total));
  const { files, report } = await environmentFiles(plan, rows);
  const written = await writeTextFiles(files, { folder, signal: control?.signal });
  control?.written?.(files.reduce((total, file) => total + Buffer.byteLength(file.content), 0));
  const preview = environmentPreview(plan, report, tally.toolRowsWithoutSchemas);
  const exportId = insertExport(context.db, {
    run_id: plan.run.id,
    destination: 'environment',
    format: 'verifiers',
    location: folder,
    n_rows: report.train + report.holdout,
    report: { ...report, decontamination_against: plan.decontamination, warnings: preview.warnings },
    created_at: context.now().toISOString(),
  });
  return {
    export_id: exportId,
    destination: 'environment',
    folder,
    files: written,
    n_lines: report.train + report.holdout,
    preview,
    environment: report,
    push: null,
    warnings: preview.warnings,
  };
}

/** Runs one export to its destination (folder, Hub, environment) and records it. `control` is null outside a job. */
export async function runExport(context: AppContext, request: ExportRequest, control: JobControl | null = null): Promise<ExportOutcome> {
  try {
    const plan = await planExport(context, request);
    const destination = request.destination;
    if (destination.kind === 'environment') return await runEnvironmentExport(context, plan, destination.folder, control);
    const folder =
      destination.kind === 'folder'
        ? destination.folder
        : (destination.folder ?? join(context.dataDir, 'exports', `hub-${randomUUID().slice(0, 8)}`));
    const written = await writeDataset(context, plan, folder, control);
    const splits = written.splits.map((split) => ({
      split: split.split,
      rows: plan.ids.get(split.split)?.length ?? 0,
      lines: split.lines,
    }));
    const preview = previewOf(
      plan,
      splits,
      gateDrops(
        written.splits.map((split) => split.report),
        plan.decontamination,
      ),
      written.warnings,
      written.toolRowsWithoutSchemas,
    );
    const nLines = splits.reduce((total, split) => total + split.lines, 0);
    const exportId = insertExport(context.db, {
      run_id: plan.run.id,
      destination: 'folder',
      format: request.format,
      location: folder,
      n_rows: nLines,
      report: {
        splits,
        dropped: preview.dropped,
        decontamination: plan.decontamination,
        reports: written.splits.map((split) => split.report),
        warnings: preview.warnings,
      },
      created_at: context.now().toISOString(),
    });
    let push: HubPushResult | null = null;
    if (destination.kind === 'hub') {
      control?.progress(0, null, `Pushing to ${destination.repo_id}`, 'push');
      push = await pushFolder(context, {
        folder,
        repo_id: destination.repo_id,
        visibility: destination.visibility,
        endpoint: destination.endpoint,
        run_id: plan.run.id,
        format: request.format,
        signal: control?.signal,
        onProgress: (done, total) => control?.progress(done, total, null, 'push'),
      });
    }
    return {
      export_id: exportId,
      destination: destination.kind,
      folder,
      files: written.files,
      n_lines: nLines,
      preview,
      environment: null,
      push,
      warnings: preview.warnings,
    };
  } catch (error) {
    throw serviceErrorOf(error);
  }
}

const lineCount = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'line' : 'lines'}`;

const outcomeSummary = (outcome: ExportOutcome) =>
  outcome.push
    ? `Pushed ${lineCount(outcome.n_lines)} to ${outcome.push.repo_id} at commit ${outcome.push.commit}.`
    : `Wrote ${lineCount(outcome.n_lines)} to ${outcome.folder}.`;

/** Starts an export job; `job-progress` events follow, and the export is recorded when it completes. */
export function startExport(context: AppContext, request: ExportRequest): ExportJob & { done: Promise<ExportOutcome> } {
  const kind: ExportJobKind = 'export';
  const job = context.exportJobs.start(kind, request.selection.run_id, (control) => runExport(context, request, control), outcomeSummary);
  return { job_id: job.job_id, run_id: request.selection.run_id, done: job.done };
}

export function cancelExport(context: AppContext, jobId: string): { cancelled: boolean } {
  return { cancelled: requireJobs(context, jobId).cancel(jobId) };
}

export function startPush(
  context: AppContext,
  input: { folder: string; repo_id: string; visibility: 'private' | 'public'; endpoint?: string },
): ExportJob & { done: Promise<HubPushResult> } {
  const job = context.exportJobs.start(
    'push',
    null,
    (control) =>
      pushFolder(context, {
        ...input,
        run_id: null,
        format: null,
        signal: control.signal,
        onProgress: (done, total) => control.progress(done, total),
      }),
    (result) => `Pushed to ${result.repo_id} at commit ${result.commit}.`,
  );
  return { job_id: job.job_id, run_id: null, done: job.done };
}

export function listExports(context: AppContext, input: { run_id?: string; limit: number }): ExportRecord[] {
  return listStoredExports(context.db, input.run_id ?? null, input.limit);
}
