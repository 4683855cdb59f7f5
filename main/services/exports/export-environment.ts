import { writeTextFiles } from '../../../engine/node/index';
import { insertExport } from '../../store/exports/exports-repository';
import type { AppContext } from '../app/app-context';
import type { JobControl } from './export-jobs';
import type { ExportPlan } from './export-plan';
import { environmentFiles, environmentPreview } from './export-preview';
import type { ExportOutcome } from './export-service';
import { planRows } from './export-split-lines';

/** An environment export (train and holdout tasks with their verifier) written to `folder`, and recorded. */
export async function runEnvironmentExport(
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
    train_grades: null,
  };
}
