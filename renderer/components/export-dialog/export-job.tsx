import { useShallow } from 'zustand/react/shallow';
import { selectIsJobActive } from '../../stores/export/selectors';
import { useExportStore } from '../../stores/export/store';
import { ExportProgress } from './export-progress';
import { ExportOutcome } from './export-result';

/** A job under way (its progress and Cancel), then how it ended, with the way back to the options. */
export function ExportJob() {
  const { job, result, error, cancel, again, close } = useExportStore(
    useShallow((store) => ({
      job: store.job,
      result: store.result,
      error: store.error,
      cancel: store.cancel,
      again: store.again,
      close: store.close,
    })),
  );
  if (!job) return null;
  const isActive = selectIsJobActive({ job });
  return (
    <div className="export-body export-body-job">
      {isActive ? (
        <ExportProgress job={job} error={error} onCancel={() => void cancel()} />
      ) : (
        <ExportOutcome job={job} result={result} error={error} />
      )}
      {!isActive && (
        <footer className="export-footer">
          <span className="export-blocker" />
          <button type="button" onClick={again}>
            Back to the options
          </button>
          <button type="button" className="primary" onClick={close}>
            Close
          </button>
        </footer>
      )}
    </div>
  );
}
