import { Download } from 'lucide-react';
import { useMemo, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useNavigationStore } from '../../stores/navigation/store';
import { NEW_RUN_REPEATS, selectDpoUnavailable, selectStartPrompt, selectVisibleIssues } from '../../stores/export/selectors';
import { useExportStore } from '../../stores/export/store';
import { countOf } from '../../stores/export/words';
import { ErrorBanner } from '../error-banner';
import { DestinationFields } from './destination-fields';
import { ExportPreviewPanel } from './export-preview';
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

/** The options before a job: what to train, the format, the splits, where it goes; the counts; Export. */
export function ExportOptions() {
  const { form, selection, touched, attempted, formats, otherRuns, lines, runId, dpoUnavailable, setForm, start, close } = useExportStore(
    useShallow((store) => ({
      form: store.form,
      selection: store.selection,
      touched: store.touched,
      attempted: store.attempted,
      formats: store.formats,
      otherRuns: store.otherRuns,
      lines: store.preview.value?.n_lines ?? null,
      runId: store.source?.run_id ?? null,
      dpoUnavailable: selectDpoUnavailable(store),
      setForm: store.setForm,
      start: store.start,
      close: store.close,
    })),
  );
  const navigate = useNavigationStore((state) => state.navigate);
  const newRunWithRepeats = () => {
    if (runId === null) return;
    close();
    navigate({ view: 'new-run', from_run: runId, repeats: NEW_RUN_REPEATS });
  };
  const issues = useMemo(() => selectVisibleIssues({ form, selection, touched, attempted }), [form, selection, touched, attempted]);
  const prompt = useExportStore(useShallow(selectStartPrompt));
  const isEnvironment = form.destination === 'environment';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A blank field nobody has typed in yet lets Export be pressed: `start` then marks every field's problem.
    if (!prompt.canPress) return;
    void start().then(() => {
      // Refused for a field to fix: the keyboard lands on it, where its problem is now shown.
      const after = useExportStore.getState();
      const [issue] = after.job === null ? selectVisibleIssues(after) : [];
      if (issue) document.getElementById(FIELD_IDS[issue.path] ?? '')?.focus();
    });
  };

  return (
    <form className="export-body" onSubmit={submit} noValidate>
      <div className="export-options">
        {selection.status === 'loading' && (
          <p className="export-hint" role="status">
            Reading the rows of this filter…
          </p>
        )}
        {selection.status === 'error' && <ErrorBanner message={selection.error ?? 'The selection could not be read.'} />}
        <WhatFields
          form={form}
          formats={formats}
          isEnvironment={isEnvironment}
          dpoUnavailable={dpoUnavailable}
          onChange={setForm}
          onNewRunWithRepeats={newRunWithRepeats}
        />
        <RowsFields form={form} issues={issues} isEnvironment={isEnvironment} otherRuns={otherRuns} onChange={setForm} />
        <DestinationFields form={form} issues={issues} onChange={setForm} />
        <label className="export-choice">
          <input type="checkbox" checked={form.validate} onChange={(event) => setForm({ validate: event.target.checked })} />
          Refuse the files when a gate fails <span className="muted">(recommended; off writes them and reports)</span>
        </label>
      </div>
      <ExportPreviewPanel />
      <footer className="export-footer">
        <span className="export-blocker" role="status">
          {prompt.message ?? (lines !== null ? linesSentence(lines, isEnvironment) : '')}
        </span>
        <button type="button" onClick={close}>
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
  );
}
