import * as Dialog from '@radix-ui/react-dialog';
import { Tag } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import type { LabelRequest } from '../../stores/grading/initial-state';
import { confirmQuestion, describeTarget, LABEL_TEXT, outcomeSentence } from '../../stores/grading/selectors';
import { useGradingStore } from '../../stores/grading/store';

/** One row labelled from the Conversation view opens the dialog only to ask the annotator's name. */
function isShown(request: LabelRequest | null): request is LabelRequest {
  if (!request) return false;
  return request.target.kind !== 'row' || request.stage === 'name';
}

function NameStep({
  request,
  isSaving,
  onGive,
  onCancel,
}: {
  request: LabelRequest;
  isSaving: boolean;
  onGive(name: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onGive(name);
  };
  const n = request.row_ids?.length ?? 0;
  return (
    <form onSubmit={submit}>
      <p className="label-dialog-text">
        Labels are signed with your name, once: it is kept in Settings and stamped on every label you give. Gold nobody signed is reported
        as unmeasured.
      </p>
      <label htmlFor={`${id}-name`}>Your name</label>
      <input
        id={`${id}-name`}
        type="text"
        value={name}
        maxLength={200}
        autoFocus
        placeholder="e.g. Ana"
        aria-invalid={request.error !== null}
        onChange={(event) => setName(event.target.value)}
      />
      {request.error && (
        <p className="grade-message grade-message-error" role="alert">
          {request.error}
        </p>
      )}
      <footer className="label-dialog-footer">
        <button type="button" onClick={onCancel} disabled={isSaving}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={isSaving || name.trim() === ''}>
          {isSaving ? 'Saving…' : `Sign and label ${n === 1 ? 'the row' : `${n.toLocaleString('en-US')} rows`}`}
        </button>
      </footer>
    </form>
  );
}

function ConfirmStep({
  request,
  author,
  onConfirm,
  onCancel,
}: {
  request: LabelRequest;
  author: string | null;
  onConfirm(): void;
  onCancel(): void;
}) {
  const confirm = useRef<HTMLButtonElement>(null);
  useEffect(() => confirm.current?.focus(), []);
  const n = request.row_ids?.length ?? 0;
  return (
    <>
      <p className="label-dialog-text">
        The {n === 1 ? 'row' : `${n.toLocaleString('en-US')} rows`} {describeTarget(request.target)} get a human label{' '}
        <strong>{LABEL_TEXT[request.label]}</strong>
        {author ? `, signed ${author}` : ''}. Each row keeps its earlier labels; your latest one counts.
        {request.label === 'simulator_error' && ' Simulator errors are left out of the agent’s scores and of training exports.'}
      </p>
      <footer className="label-dialog-footer">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button ref={confirm} type="button" className="primary" onClick={onConfirm}>
          <Tag size={13} aria-hidden="true" /> Label {n.toLocaleString('en-US')} {n === 1 ? 'row' : 'rows'}
        </button>
      </footer>
    </>
  );
}

/**
 * Confirming a bulk label (it states N), asking the annotator's name once when none is set, and what was stored.
 * Driven by the grading store's label request; mounted by each screen that labels.
 */
export function LabelDialog() {
  const { request, annotator } = useGradingStore(useShallow((store) => ({ request: store.request, annotator: store.annotator })));
  const { confirmLabel, giveName, closeLabel } = useGradingStore(
    useShallow((store) => ({ confirmLabel: store.confirmLabel, giveName: store.giveName, closeLabel: store.closeLabel })),
  );
  // A request belongs to the screen that asked: leaving the screen drops it (a write already under way finishes).
  useEffect(() => () => closeLabel(), [closeLabel]);
  const shown = isShown(request) ? request : null;
  const isSaving = shown?.stage === 'saving' || annotator.isSaving;
  const title = !shown
    ? ''
    : shown.stage === 'name'
      ? 'Who is labelling?'
      : shown.stage === 'resolving'
        ? 'Reading the rows of this cell…'
        : shown.stage === 'done'
          ? 'Labelled'
          : confirmQuestion(shown);

  return (
    <Dialog.Root open={shown !== null} onOpenChange={(open) => !open && closeLabel()}>
      <Dialog.Portal>
        {/* Our own backdrop: Radix's overlay injects a <style> tag, which the strict CSP refuses. */}
        <div className="label-dialog-backdrop" aria-hidden="true" />
        <Dialog.Content
          className="label-dialog"
          aria-describedby={undefined}
          onInteractOutside={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => isSaving && event.preventDefault()}
        >
          <Dialog.Title className="label-dialog-title">{title}</Dialog.Title>
          {shown?.stage === 'resolving' && (
            <p className="label-dialog-text" role="status">
              The labels wait until every row {describeTarget(shown.target)} is counted.
            </p>
          )}
          {shown?.stage === 'confirm' && (
            <ConfirmStep request={shown} author={annotator.name} onConfirm={() => void confirmLabel()} onCancel={closeLabel} />
          )}
          {shown?.stage === 'name' && (
            <NameStep request={shown} isSaving={isSaving} onGive={(name) => void giveName(name)} onCancel={closeLabel} />
          )}
          {shown?.stage === 'saving' && (
            <p className="label-dialog-text" role="status">
              Storing {shown.row_ids?.length.toLocaleString('en-US')} labels in one write…
            </p>
          )}
          {(shown?.stage === 'done' || shown?.stage === 'error') && (
            <>
              <WarningsBanner warnings={shown.warnings} degraded={[]} />
              {shown.stage === 'error' ? (
                <ErrorBanner message={shown.error ?? 'The labels could not be stored.'} />
              ) : (
                <p className="label-dialog-text" role="status">
                  {outcomeSentence(shown, annotator.name)}
                </p>
              )}
              <footer className="label-dialog-footer">
                <button type="button" className="primary" autoFocus onClick={closeLabel}>
                  Close
                </button>
              </footer>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
