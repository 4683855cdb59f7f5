import type { TraceImport } from '../../../shared/api/traces';
import { useShallow } from 'zustand/react/shallow';
import { useTracesStore } from '../../stores/traces/store';
import { formatDateTime } from '../runs/format';

function fileLine(file: TraceImport['files'][number]): string {
  const already = file.already_imported ? `, ${file.already_imported} already imported` : '';
  return `${file.file} (${file.format}, ${file.rows}${already})`;
}

/** Every trace import with its files, counts and warnings; removing one takes its traces off the map. */
export function ImportsTable() {
  const { imports, removeImport } = useTracesStore(useShallow((store) => ({ imports: store.imports, removeImport: store.removeImport })));
  return (
    <table className="data-table" aria-label="Trace imports">
      <thead>
        <tr>
          <th scope="col">Import</th>
          <th scope="col">Files</th>
          <th scope="col" className="numeric">
            Traces
          </th>
          <th scope="col">Model versions</th>
          <th scope="col">Imported</th>
          <th scope="col">
            <span className="visually-hidden">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {imports.map((entry) => (
          <tr key={entry.id}>
            <td>
              <div>{entry.name}</div>
              <code className="muted">{entry.id}</code>
              {entry.warnings.length > 0 && (
                <details>
                  <summary>{entry.warnings.length === 1 ? '1 warning' : `${entry.warnings.length} warnings`}</summary>
                  <ul aria-label={`Warnings of ${entry.name}`}>
                    {entry.warnings.map((warning) => (
                      <li key={warning}>{warning}</li>
                    ))}
                  </ul>
                </details>
              )}
            </td>
            <td>{entry.files.map(fileLine).join(', ')}</td>
            <td className="numeric">{entry.n_rows}</td>
            <td>{entry.model_versions.join(' → ') || '—'}</td>
            <td className="nowrap">{formatDateTime(entry.created_at)}</td>
            <td>
              <button type="button" aria-label={`Remove ${entry.name}`} onClick={() => void removeImport(entry.id)}>
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
