import * as Dialog from '@radix-ui/react-dialog';
import { Download, X } from 'lucide-react';
import { useMemo, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../stores/app/store';
import {
  selectFolderProblem,
  selectIsJobActive,
  selectPreviewKey,
  selectPreviewWarnings,
  selectStartPrompt,
  selectVisibleIssues,
} from '../../stores/export/selectors';
import { describeSource } from '../../stores/export/source';
import { useExportStore } from '../../stores/export/store';
import { useNavigationStore } from '../../stores/navigation/store';
import { countOf } from '../../stores/export/words';
import { ErrorBanner } from '../error-banner';
import '../../styles/export-dialog.css';
import { DestinationFields } from './destination-fields';
import { ExportPreviewPanel } from './export-preview';
import { ExportProgress } from './export-progress';
import { ExportOutcome } from './export-result';
import { RowsFields } from './rows-fields';
import { WhatFields } from './what-fields';

const START_LABELS = { folder: 'Export', hub: 'Export and push', environment: 'Write the environment' } as const;

/** The input of each field a problem can name, to move focus to the first one once Export was pressed. */
const FIELD_IDS: Readonly<Record<string, string>> = {
  repo_id: 'export-repo',
  folder: 'export-folder',
  endpoint: 'export-endpoint',
  holdout: 'export-holdout',
  eval: 'export-eval',
};

const linesSentence = (lines: number, isEnvironment: boolean) =>
  `${isEnvironment ? countOf(lines, 'task', 'tasks') : countOf(lines, 'line', 'lines')} will be written.`;

/**
 * The one Export dialog (mounted once by the app): what to train, the format, the splits, what to decontaminate
 * against and where it goes; the counts and every warning before anything is written; then progress, Cancel, and
 * the result. Opened through `useExportStore().open(source)` from the table, a run or a coverage cell.
 */
export function ExportDialog() {
  const state = useExportStore(
    useShallow((store) => ({
      isOpen: store.isOpen,
      source: store.source,
      form: store.form,
      formats: store.formats,
      otherRuns: store.otherRuns,
      hubToken: store.hubToken,
      selection: store.selection,
      preview: store.preview,
      job: store.job,
      result: store.result,
      error: store.error,
      touched: store.touched,
      attempted: store.attempted,
    })),
  );
  const actions = useExportStore(
    useShallow((store) => ({
      close: store.close,
      setForm: store.setForm,
      refreshPreview: store.refreshPreview,
      start: store.start,
      cancel: store.cancel,
      chooseFolder: store.chooseFolder,
      again: store.again,
    })),
  );
  const isDesktop = useAppStore((store) => store.info?.mode === 'desktop');
  const navigate = useNavigationStore((store) => store.navigate);
  const { form, selection, preview, job, touched, attempted } = state;
  const issues = useMemo(() => selectVisibleIssues({ form, selection, touched, attempted }), [form, selection, touched, attempted]);
  const previewKey = useMemo(() => selectPreviewKey({ form, selection }), [form, selection]);
  const prompt = useExportStore(useShallow(selectStartPrompt));
  const warnings = useExportStore(useShallow(selectPreviewWarnings));
  // The picker's error, else the disk's word on the folder (a path that is a file), at the folder field.
  const folderProblem = useExportStore((store) => store.folderError ?? selectFolderProblem(store));
  const isActive = selectIsJobActive({ job });
  const isEnvironment = form.destination === 'environment';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A blank field nobody has typed in yet lets Export be pressed: `start` then marks every field's problem.
    if (!prompt.canPress) return;
    void actions.start().then(() => {
      // Refused for a field to fix: the keyboard lands on it, where its problem is now shown.
      const after = useExportStore.getState();
      const [issue] = after.job === null ? selectVisibleIssues(after) : [];
      if (issue) document.getElementById(FIELD_IDS[issue.path] ?? '')?.focus();
    });
  };
  const openSettings = () => {
    actions.close();
    navigate({ view: 'settings' });
  };

  return (
    <Dialog.Root open={state.isOpen} onOpenChange={(open) => !open && actions.close()}>
      <Dialog.Portal>
        {/* Our own backdrop: Radix's overlay injects a <style> tag, which the strict CSP refuses. */}
        <div className="dialog-backdrop" aria-hidden="true" />
        <Dialog.Content
          className="export-dialog"
          onEscapeKeyDown={(event) => isActive && event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <header className="export-dialog-header">
            <div>
              <Dialog.Title className="export-dialog-title">Export</Dialog.Title>
              <Dialog.Description className="export-dialog-source">{state.source ? describeSource(state.source) : ''}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button type="button" className="icon-button export-close" aria-label="Close" disabled={isActive}>
                <X size={16} aria-hidden="true" />
              </button>
            </Dialog.Close>
          </header>
          {state.error && job === null && <ErrorBanner message={state.error} />}
          {job === null ? (
            <form className="export-body" onSubmit={submit} noValidate>
              <div className="export-options">
                {selection.status === 'loading' && (
                  <p className="export-hint" role="status">
                    Reading the rows of this filter…
                  </p>
                )}
                {selection.status === 'error' && <ErrorBanner message={selection.error ?? 'The selection could not be read.'} />}
                <WhatFields form={form} formats={state.formats} isEnvironment={isEnvironment} onChange={actions.setForm} />
                <RowsFields
                  form={form}
                  issues={issues}
                  isEnvironment={isEnvironment}
                  otherRuns={state.otherRuns}
                  onChange={actions.setForm}
                />
                <DestinationFields
                  form={form}
                  issues={issues}
                  canChooseFolder={isDesktop}
                  folderError={folderProblem}
                  hubToken={state.hubToken}
                  onChange={actions.setForm}
                  onChooseFolder={() => void actions.chooseFolder()}
                  onOpenSettings={openSettings}
                />
                <label className="export-choice">
                  <input
                    type="checkbox"
                    checked={form.validate}
                    onChange={(event) => actions.setForm({ validate: event.target.checked })}
                  />
                  Refuse the files when a gate fails <span className="muted">(recommended; off writes them and reports)</span>
                </label>
              </div>
              <ExportPreviewPanel
                preview={preview}
                warnings={warnings}
                isCurrent={preview.key !== null && preview.key === previewKey}
                isHeldBack={selection.value !== null && previewKey === null}
                onRetry={() => void actions.refreshPreview()}
              />
              <footer className="export-footer">
                <span className="export-blocker" role="status">
                  {prompt.message ?? (preview.value ? linesSentence(preview.value.n_lines, isEnvironment) : '')}
                </span>
                <button type="button" onClick={actions.close}>
                  Cancel
                </button>
                <button
                  type="submit"
                  className="primary"
                  disabled={!prompt.canPress}
                  title={prompt.canPress ? undefined : (prompt.message ?? undefined)}
                >
                  <Download size={13} aria-hidden="true" /> {START_LABELS[form.destination]}
                </button>
              </footer>
            </form>
          ) : (
            <div className="export-body export-body-job">
              {isActive ? (
                <ExportProgress job={job} error={state.error} onCancel={() => void actions.cancel()} />
              ) : (
                <ExportOutcome job={job} result={state.result} error={state.error} />
              )}
              {!isActive && (
                <footer className="export-footer">
                  <span className="export-blocker" />
                  <button type="button" onClick={actions.again}>
                    Back to the options
                  </button>
                  <button type="button" className="primary" onClick={actions.close}>
                    Close
                  </button>
                </footer>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
