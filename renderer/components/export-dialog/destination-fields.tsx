import type { Issue } from '../../../shared/api';
import { type DestinationKind, type ExportForm, issuesAt } from '../../stores/export/form';
import { FieldError } from './field-error';
import { FolderField } from './folder-field';
import { TokenLine } from './token-line';

const DESTINATIONS: { kind: DestinationKind; label: string }[] = [
  { kind: 'folder', label: 'A folder' },
  { kind: 'hub', label: 'Hugging Face Hub' },
  { kind: 'environment', label: 'RL environment package' },
];

const ENVIRONMENT_HINT =
  'An installable verifiers package: pyproject.toml, README, the module with load_environment, spec.json, train and holdout tasks.';

interface DestinationFieldsProps {
  form: ExportForm;
  issues: readonly Issue[];
  onChange(patch: Partial<ExportForm>): void;
}

/** Where it goes: a folder, a Hub dataset repository (private unless switched), or an installable RL environment. */
export function DestinationFields({ form, issues, onChange }: DestinationFieldsProps) {
  const repoIssues = issuesAt(issues, 'repo_id');
  const endpointIssues = issuesAt(issues, 'endpoint');
  return (
    <fieldset className="export-fieldset">
      <legend>Where it goes</legend>
      <div className="export-choices export-choices-inline">
        {DESTINATIONS.map((destination) => (
          <label key={destination.kind} className="export-choice">
            <input
              type="radio"
              name="export-destination"
              value={destination.kind}
              checked={form.destination === destination.kind}
              onChange={() => onChange({ destination: destination.kind })}
            />
            {destination.label}
          </label>
        ))}
      </div>
      {form.destination === 'folder' && (
        <FolderField
          issues={issues}
          label="Folder"
          hint="Writes data/<split>.jsonl and a dataset card (README.md); files of the same names are replaced."
        />
      )}
      {form.destination === 'environment' && (
        <>
          <FolderField issues={issues} label="Package folder" hint={ENVIRONMENT_HINT} />
          <div className="export-field">
            <label htmlFor="export-environment-name" className="export-label">
              Module name <span className="muted">(optional)</span>
            </label>
            <input
              id="export-environment-name"
              type="text"
              className="mono"
              spellCheck={false}
              placeholder="the folder’s name"
              value={form.environment_name}
              onChange={(event) => onChange({ environment_name: event.target.value })}
            />
          </div>
        </>
      )}
      {form.destination === 'hub' && (
        <>
          <div className="export-field">
            <label htmlFor="export-repo" className="export-label">
              Repository
            </label>
            <input
              id="export-repo"
              type="text"
              className="mono"
              spellCheck={false}
              placeholder="owner/name"
              value={form.repo_id}
              aria-invalid={repoIssues.length > 0 || undefined}
              aria-describedby="export-repo-hint export-repo-error"
              onChange={(event) => onChange({ repo_id: event.target.value })}
            />
            {repoIssues.length === 0 && (
              <span id="export-repo-hint" className="export-hint">
                A dataset repository, owner/name (e.g. ana/refund-conversations); created when missing.
              </span>
            )}
            <FieldError id="export-repo-error" issues={repoIssues} />
          </div>
          <label className="export-choice export-switch">
            <input
              type="checkbox"
              role="switch"
              checked={!form.is_public}
              aria-describedby="export-visibility-hint"
              onChange={(event) => onChange({ is_public: !event.target.checked })}
            />
            Private repository
          </label>
          <span id="export-visibility-hint" className={form.is_public ? 'export-hint export-public' : 'export-hint'}>
            {form.is_public
              ? 'Public: anyone can find, read and download this dataset. An existing repository keeps the visibility it has.'
              : 'Only you (and your organisation) can see it. An existing repository keeps the visibility it has.'}
          </span>
          <TokenLine />
          <div className="export-field">
            <label htmlFor="export-endpoint" className="export-label">
              Hub address <span className="muted">(optional)</span>
            </label>
            <input
              id="export-endpoint"
              type="text"
              className="mono"
              spellCheck={false}
              placeholder="https://huggingface.co"
              value={form.endpoint}
              aria-invalid={endpointIssues.length > 0 || undefined}
              aria-describedby="export-endpoint-error"
              onChange={(event) => onChange({ endpoint: event.target.value })}
            />
            <FieldError id="export-endpoint-error" issues={endpointIssues} />
          </div>
          <FolderField issues={issues} label="Local copy" hint="The files are written here first, then pushed as one commit." />
        </>
      )}
    </fieldset>
  );
}
