import { Download, Upload } from 'lucide-react';
import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { readChosenFile } from '../../api/chosen-file';
import type { LabelsFile, LabelsFileKind } from '../../stores/labeling/actions';
import { useLabelingStore } from '../../stores/labeling/store';

const MIME: Record<LabelsFileKind, string> = { csv: 'text/csv', jsonl: 'application/x-ndjson', agreement: 'application/x-ndjson' };

/** Hands a file to the browser's (or Electron's) download. */
function download(file: LabelsFile, kind: LabelsFileKind): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: MIME[kind] }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Labels in (CSV or JSONL, all or nothing) and out (the labels, or the pairs `wai agreement` reads). */
export function LabelsFiles() {
  const { files, importLabels, exportFile, dismissFiles } = useLabelingStore(
    useShallow((state) => ({
      files: state.files,
      importLabels: state.importLabels,
      exportFile: state.exportFile,
      dismissFiles: state.dismissFiles,
    })),
  );
  const input = useRef<HTMLInputElement>(null);
  const isBusy = files.status !== 'idle';
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    await importLabels(await readChosenFile(chosen));
    if (input.current) input.current.value = '';
  };
  const exportAs = async (kind: LabelsFileKind) => {
    const file = await exportFile(kind);
    if (file) download(file, kind);
  };
  return (
    <section className="label-panel files-panel" aria-labelledby="files-title">
      <div className="panel-head">
        <h2 id="files-title">Labels file</h2>
        <span className="muted">row id, label, author, kind, note</span>
      </div>
      <div className="files-actions">
        <span className="muted">Import</span>
        <div>
          <input
            id="labels-file"
            ref={input}
            className="sr-only"
            type="file"
            accept=".csv,.jsonl,.ndjson,text/csv,application/json"
            aria-label="Import labels (CSV or JSONL)"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <button type="button" disabled={isBusy} onClick={() => input.current?.click()}>
            <Upload size={13} aria-hidden="true" /> {files.status === 'importing' ? 'Importing…' : 'CSV or JSONL…'}
          </button>
        </div>
        <span className="muted">Export</span>
        <div>
          <button type="button" disabled={isBusy} onClick={() => void exportAs('csv')}>
            <Download size={13} aria-hidden="true" /> CSV
          </button>
          <button type="button" disabled={isBusy} onClick={() => void exportAs('jsonl')}>
            <Download size={13} aria-hidden="true" /> JSONL
          </button>
          <button
            type="button"
            disabled={isBusy}
            onClick={() => void exportAs('agreement')}
            title="One line per row: the judge's reward and the gold, as `wai agreement FILE` reads it"
          >
            <Download size={13} aria-hidden="true" /> Agreement file
          </button>
        </div>
      </div>
      {files.notice && (
        <p className="files-notice" role="status">
          {files.notice}
          {files.report && files.report.warnings.length > 0 && <span className="muted"> {files.report.warnings.join(' ')}</span>}{' '}
          <button type="button" className="link-button" onClick={dismissFiles}>
            Dismiss
          </button>
        </p>
      )}
      {files.error && (
        <div className="error-banner files-error" role="alert">
          <div>
            <strong>{files.error.message}</strong>
            {files.error.issues.length > 0 && (
              <ul aria-label="Problems">
                {files.error.issues.slice(0, 20).map((issue, index) => (
                  <li key={`${issue.path}:${index}`}>
                    <code>{issue.path}</code> {issue.message}
                  </li>
                ))}
                {files.error.issues.length > 20 && <li>… and {files.error.issues.length - 20} more</li>}
              </ul>
            )}
          </div>
          <button type="button" onClick={dismissFiles}>
            Dismiss
          </button>
        </div>
      )}
    </section>
  );
}
