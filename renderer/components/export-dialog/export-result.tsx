import { CircleCheck, CircleSlash, CircleX } from 'lucide-react';
import type { JobState } from '../../stores/export/initial-state';
import type { ExportResult } from '../../stores/export/result';
import { formatCountsIn } from '../../stores/export/words';
import { WarningsBanner } from '../warnings-banner';

/** How a job ended: the files written, the Hub commit and its address, the environment package; or why it stopped. */
export function ExportOutcome({ job, result, error }: { job: JobState; result: ExportResult | null; error: string | null }) {
  if (job.status === 'cancelled') {
    return (
      <section className="export-outcome export-outcome-cancelled" aria-label="Export cancelled">
        <CircleSlash size={16} aria-hidden="true" />
        <p role="status">
          {job.message
            ? formatCountsIn(job.message)
            : job.phase === 'push'
              ? 'Cancelled during the push: nothing was committed to the Hub.'
              : 'Cancelled: nothing was left half written.'}
        </p>
      </section>
    );
  }
  if (job.status === 'failed') {
    return (
      <section className="export-outcome export-outcome-failed" aria-label="Export failed">
        <CircleX size={16} aria-hidden="true" />
        <p role="alert">{formatCountsIn(job.message ?? 'The export failed.')}</p>
      </section>
    );
  }
  return (
    <section className="export-outcome" aria-label="Export result">
      <p className="export-outcome-head" role="status">
        <CircleCheck size={16} aria-hidden="true" /> {result?.summary ?? formatCountsIn(job.message ?? 'Done.')}
      </p>
      {error && <p className="export-field-error">{error}</p>}
      {!result && !error && <p className="export-hint">Reading what was written…</p>}
      {result && (
        <>
          {result.warnings.length > 0 && <WarningsBanner warnings={result.warnings.map(formatCountsIn)} degraded={[]} />}
          {result.hub && (
            <dl className="export-kv">
              <div>
                <dt>Commit</dt>
                <dd>
                  <code aria-label="Commit">{result.hub.commit}</code>
                </dd>
              </div>
              <div>
                <dt>Repository</dt>
                <dd>
                  <code aria-label="Repository URL">{result.hub.url}</code> <span className="muted">{result.hub.visibility}</span>
                </dd>
              </div>
              <div>
                <dt>Load exactly this push</dt>
                <dd>
                  <code>
                    load_dataset(&quot;{result.hub.repo_id}&quot;, revision=&quot;{result.hub.commit}&quot;)
                  </code>
                </dd>
              </div>
            </dl>
          )}
          {result.environment && (
            <dl className="export-kv">
              <div>
                <dt>Environment package</dt>
                <dd>
                  <code aria-label="Environment package">{result.environment}</code>
                </dd>
              </div>
              <div>
                <dt>Install</dt>
                <dd>
                  <code>pip install -e {result.environment}</code>
                </dd>
              </div>
            </dl>
          )}
          {result.files.length > 0 && (
            <>
              <h3 className="export-section-title">{result.hub ? 'Local copy' : 'Files written'}</h3>
              <ul className="export-files" aria-label="Files written">
                {result.files.map((file) => (
                  <li key={file}>
                    <code>{file}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
