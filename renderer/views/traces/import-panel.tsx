import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { readChosenFile } from '../../api/chosen-file';
import { useTracesStore } from '../../stores/traces/store';

/** Choose trace files and import them together; a refused import lists each problem by file, line or span, field. */
export function ImportPanel() {
  const { importing, error, importFiles } = useTracesStore(
    useShallow((store) => ({ importing: store.importing, error: store.importError, importFiles: store.importFiles })),
  );
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<File[]>([]);
  // The files chosen last, read after an import: the list of imports is still reloading when its result shows.
  const latest = useRef<File[]>([]);
  const choose = (files: File[]) => {
    latest.current = files;
    setChosen(files);
  };

  const submit = async () => {
    const submitted = chosen;
    const files = await Promise.all(submitted.map(readChosenFile));
    // Files chosen while the import ran are the next import's: only the submitted ones are cleared.
    if ((await importFiles(files)) && latest.current === submitted) {
      choose([]);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <section className="traces-import" aria-labelledby="traces-import-title">
      <h2 id="traces-import-title">Import traces</h2>
      <p className="muted">
        {'OTLP JSON (OpenTelemetry GenAI conventions or OpenInference attributes) or JSONL rows. '}
        Rewards come from <code>whileai.reward</code> (or <code>reward</code> on a JSONL line); model versions from{' '}
        <code>gen_ai.request.model</code> or <code>whileai.model_version</code>.
      </p>
      <div className="traces-import-row">
        <label htmlFor="trace-files">Trace files</label>
        <input
          id="trace-files"
          ref={input}
          type="file"
          multiple
          accept=".json,.jsonl,.ndjson,application/json"
          onChange={(event) => choose([...(event.target.files ?? [])])}
        />
        <button type="button" className="primary" disabled={chosen.length === 0 || importing} onClick={() => void submit()}>
          {importing ? 'Importing…' : `Import${chosen.length > 1 ? ` ${chosen.length} files` : ''}`}
        </button>
      </div>
      {error && (
        <div className="error-banner traces-problems" role="alert">
          <div>
            <strong>{error.message.split(': ')[0]}</strong>
            {error.issues.length > 0 && (
              <ul aria-label="Problems">
                {error.issues.slice(0, 50).map((issue, index) => (
                  <li key={`${issue.path}:${index}`}>
                    <code>{issue.path}</code> {issue.message}
                  </li>
                ))}
                {error.issues.length > 50 && <li>… and {error.issues.length - 50} more</li>}
              </ul>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
