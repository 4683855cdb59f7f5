import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { ExportJob, ExportPreview, ExportRecord, ExportRequest, HubPushResult } from '../../../shared/api/exports';
import type { EnvironmentReport, ExportReport } from '../../../engine/index';
import { insertExport, listExports as listStoredExports } from '../../store/exports/exports-repository';
import type { AppContext } from '../app/app-context';
import { pushFolder } from '../hub/hub-push';
import { writeDataset } from './export-dataset';
import { runEnvironmentExport } from './export-environment';
import { serviceErrorOf } from './export-errors';
import { gateDrops } from './export-gates';
import { type ExportJobKind, type JobControl, requireJobs } from './export-jobs';
import { planExport } from './export-plan';
import { previewOf } from './export-preview';

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
  /** SFT: the rows written into train whose latest grade fails, and those with none; null for other formats or no train. */
  train_grades: { failing: number; ungraded: number } | null;
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
        files: written.files,
        dropped: preview.dropped,
        decontamination: plan.decontamination,
        reports: written.splits.map((split) => split.report),
        warnings: preview.warnings,
      },
      created_at: context.now().toISOString(),
    });
    let push: HubPushResult | null = null;
    const pushWarnings: string[] = [];
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
        onWarning: (warning) => {
          pushWarnings.push(warning);
          control?.progress(0, null, `Pushing to ${destination.repo_id}, a public repository`, 'push');
        },
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
      warnings: [...pushWarnings, ...preview.warnings],
      train_grades: trainGradesOf(written.splits),
    };
  } catch (error) {
    throw serviceErrorOf(error);
  }
}

function trainGradesOf(splits: readonly { split: string; report: ExportReport }[]): ExportOutcome['train_grades'] {
  const report = splits.find((split) => split.split === 'train')?.report;
  return report?.kind === 'sft' ? { ...report.written_grades } : null;
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
