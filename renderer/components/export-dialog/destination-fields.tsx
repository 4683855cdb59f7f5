import { FolderOpen } from 'lucide-react';
import type { Issue } from '../../../shared/api';
import type { HubTokenStatus } from '../../../shared/api/settings';
import { type DestinationKind, type ExportForm, issuesAt } from '../../stores/export/form';
import { FieldError } from './field-error';

const DESTINATIONS: { kind: DestinationKind; label: string }[] = [
  { kind: 'folder', label: 'A folder' },
  { kind: 'hub', label: 'Hugging Face Hub' },
  { kind: 'environment', label: 'RL environment package' },
];

interface DestinationFieldsProps {
  form: ExportForm;
  issues: readonly Issue[];
  canChooseFolder: boolean;
  folderError: string | null;
  hubToken: HubTokenStatus | null;
  onChange(patch: Partial<ExportForm>): void;
  onChooseFolder(): void;
  onOpenSettings(): void;
}

function FolderField({
  label,
  hint,
  form,
  issues,
  canChooseFolder,
  folderError,
  onChange,
  onChooseFolder,
}: Omit<DestinationFieldsProps, 'hubToken' | 'onOpenSettings'> & { label: string; hint: string }) {
  const own = issuesAt(issues, 'folder');
  return (
    <div className="export-field">
      <label htmlFor="export-folder" className="export-label">
        {label}
      </label>
      <div className="export-path">
        <input
          id="export-folder"
          type="text"
          className="mono"
          spellCheck={false}
          value={form.folder}
          aria-invalid={own.length > 0 || folderError !== null || undefined}
          aria-describedby="export-folder-hint export-folder-error"
          onChange={(event) => onChange({ folder: event.target.value })}
        />
        {canChooseFolder && (
          <button type="button" onClick={onChooseFolder}>
            <FolderOpen size={13} aria-hidden="true" /> Choose…
          </button>
        )}
      </div>
      <span id="export-folder-hint" className="export-hint">
        {hint}
        {!canChooseFolder && ' Type the full path of a folder on the machine running While Studio; it is created when missing.'}
      </span>
      <FieldError id="export-folder-error" issues={folderError ? [...own, { path: 'folder', message: folderError }] : own} />
    </div>
  );
}

function TokenLine({ token, onOpenSettings }: { token: HubTokenStatus | null; onOpenSettings(): void }) {
  if (!token) return null;
  if (token.source === 'missing') {
    return (
      <p className="export-token export-token-missing" role="status">
        No Hugging Face token: the push would fail.{' '}
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Set one in Settings
        </button>
      </p>
    );
  }
  const where =
    token.source === 'environment'
      ? 'HF_TOKEN from the environment'
      : token.storage === 'encrypted'
        ? 'the token stored in Settings'
        : 'the token set in Settings (kept in memory until the server stops)';
  return (
    <p className="export-token" role="status">
      Pushes with {where}.
    </p>
  );
}

/** Where it goes: a folder, a Hub dataset repository (private unless switched), or an installable RL environment. */
export function DestinationFields(props: DestinationFieldsProps) {
  const { form, issues, hubToken, onChange, onOpenSettings } = props;
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
          {...props}
          label="Folder"
          hint="Writes data/<split>.jsonl and a dataset card (README.md); files of the same names are replaced."
        />
      )}
      {form.destination === 'environment' && (
        <>
          <FolderField
            {...props}
            label="Package folder"
            hint="An installable verifiers package: pyproject.toml, README, the module with load_environment, spec.json, train and holdout tasks."
          />
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
          <TokenLine token={hubToken} onOpenSettings={onOpenSettings} />
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
          <FolderField {...props} label="Local copy" hint="The files are written here first, then pushed as one commit." />
        </>
      )}
    </fieldset>
  );
}
