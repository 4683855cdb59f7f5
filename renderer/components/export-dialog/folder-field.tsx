import { FolderOpen } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { Issue } from '../../../shared/api';
import { useAppStore } from '../../stores/app/store';
import { issuesAt } from '../../stores/export/form';
import { selectFolderProblem } from '../../stores/export/selectors';
import { useExportStore } from '../../stores/export/store';
import { FieldError } from './field-error';

interface FolderFieldProps {
  label: string;
  hint: string;
  issues: readonly Issue[];
}

/** The folder written to, typed or (on the desktop) chosen; the picker's or the disk's problem with it shown at the field. */
export function FolderField({ label, hint, issues }: FolderFieldProps) {
  const { folder, folderError, setForm, chooseFolder } = useExportStore(
    useShallow((store) => ({
      folder: store.form.folder,
      // The picker's error, else the disk's word on the folder (a path that is a file).
      folderError: store.folderError ?? selectFolderProblem(store),
      setForm: store.setForm,
      chooseFolder: store.chooseFolder,
    })),
  );
  const canChooseFolder = useAppStore((store) => store.info?.mode === 'desktop');
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
          value={folder}
          aria-invalid={own.length > 0 || folderError !== null || undefined}
          aria-describedby="export-folder-hint export-folder-error"
          onChange={(event) => setForm({ folder: event.target.value })}
        />
        {canChooseFolder && (
          <button type="button" onClick={() => void chooseFolder()}>
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
