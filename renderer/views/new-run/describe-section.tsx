import { Sparkles } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorBanner } from '../../components/error-banner';
import { selectSentenceError } from '../../stores/new-run/selectors';
import { useNewRunStore } from '../../stores/new-run/store';

const EXAMPLE = 'a personal finance assistant that confirms before it moves money';

/** One sentence in, a drafted spec out. Ctrl/Cmd+Enter drafts from the text box. */
export function DescribeSection() {
  const { sentence, sentenceError, draftStatus, draftError, hasSpec, setSentence, draft } = useNewRunStore(
    useShallow((state) => ({
      sentence: state.sentence,
      sentenceError: selectSentenceError(state),
      draftStatus: state.draftStatus,
      draftError: state.draftError,
      hasSpec: state.spec !== null,
      setSentence: state.setSentence,
      draft: state.draft,
    })),
  );
  const isDrafting = draftStatus === 'loading';
  const canDraft = !isDrafting && sentence.trim() !== '' && sentenceError === null;
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      if (canDraft) void draft();
    }
  };
  return (
    <section className="panel describe" aria-label="Describe">
      <label htmlFor="describe-sentence" className="describe-label">
        Describe the behavior
      </label>
      <textarea
        id="describe-sentence"
        rows={2}
        value={sentence}
        placeholder={`e.g. ${EXAMPLE}`}
        aria-invalid={sentenceError !== null || undefined}
        aria-describedby={sentenceError ? 'describe-error describe-hint' : 'describe-hint'}
        onChange={(event) => setSentence(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {sentenceError && (
        <p id="describe-error" className="field-error" role="alert">
          {sentenceError}
        </p>
      )}
      <div className="describe-actions">
        <button type="button" className={hasSpec ? undefined : 'primary'} onClick={() => void draft()} disabled={!canDraft}>
          <Sparkles size={13} aria-hidden="true" /> {isDrafting ? 'Drafting…' : 'Draft'}
        </button>
        <span id="describe-hint" className="muted">
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd> drafts offline: tools, a world, policy rules and the six axes, for you to review.
          {hasSpec && ' Drafting again replaces the spec below.'}
        </span>
      </div>
      {draftError && <ErrorBanner message={draftError} />}
    </section>
  );
}
