import { EyeOff } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Grade, Message } from '../../../shared/domain';
import { verdictOfGrade } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { evidencePlace } from '../conversation/evidence';
import { LabelBadge, VerdictBadge } from '../conversations/verdict-badge';
import { RowAnnotators } from './row-annotators';
import { useCurrentRow } from './use-current-row';
import { LABEL_KEYS, MOVE_KEYS } from './use-label-hotkeys';

type SaveState = 'saving' | 'saved' | 'unsaved' | null;

interface RowPanelProps {
  noteRef: RefObject<HTMLTextAreaElement | null>;
  onShowSpan(): void;
  /** Enter or Esc in the note: the keys go back to the queue. */
  onNoteDone(): void;
}

const SAVE_TEXT: Record<Exclude<SaveState, null>, string> = { saving: 'saving…', saved: 'saved', unsaved: 'not saved' };

interface JudgeVerdictProps {
  judgeKey: string | null;
  grade: Grade | null;
  isHidden: boolean;
  isLoaded: boolean;
  onShowSpan(): void;
}

function JudgeVerdict({ judgeKey, grade, isHidden, isLoaded, onShowSpan }: JudgeVerdictProps) {
  if (judgeKey === null)
    return <p className="muted judge-line">Ungraded: no judge has graded this run. Your labels still count as gold.</p>;
  if (isHidden) {
    return (
      <p className="muted judge-line">
        <EyeOff size={12} aria-hidden="true" /> Blind: every judge&apos;s verdict, reward and reason show once you have labelled this row.
      </p>
    );
  }
  if (!grade) {
    return (
      <p className="muted judge-line">
        {isLoaded ? (
          <>
            <code>{judgeKey}</code> did not grade this row.
          </>
        ) : (
          'Reading the grades…'
        )}
      </p>
    );
  }
  return (
    <div className="judge-line">
      <div className="grade-head">
        <VerdictBadge verdict={verdictOfGrade(grade)} />
        <span className="numeric">{grade.reward === null ? 'no reward' : grade.reward.toFixed(2)}</span>
        <code>{judgeKey}</code>
        {grade.judge_status !== 'ok' && <span className="state state-degraded">{grade.judge_status}</span>}
        {grade.failure_class && <span className="muted">{grade.failure_class}</span>}
      </div>
      <p className="judge-reason">{grade.reason}</p>
      {grade.span && (
        <button type="button" className="link-button" onClick={onShowSpan}>
          Show the text that fired it
        </button>
      )}
    </div>
  );
}

function ConductLine({ grade, messages, onShowSpan }: { grade: Grade; messages: readonly Message[]; onShowSpan(): void }) {
  const rule = typeof grade.judge_meta.rule === 'string' ? grade.judge_meta.rule : null;
  return (
    <div className="judge-line">
      <div className="grade-head">
        <span className="muted">Conduct</span>
        <VerdictBadge verdict={verdictOfGrade(grade)} />
        {rule ? <code>{rule}</code> : <span className="muted">no rule fired</span>}
        {grade.span && (
          <button type="button" className="link-button" onClick={onShowSpan}>
            show the text ({evidencePlace(messages, grade.span)})
          </button>
        )}
      </div>
      {grade.reason && grade.reason !== rule && <p className="judge-reason">{grade.reason}</p>}
    </div>
  );
}

/** The label's fate on the row: on its way to main, refused (and undone), or stored. */
function useSaveState(rowId: string | null, hasLabel: boolean): SaveState {
  const { isSaving, isRefused } = useLabelingStore(
    useShallow((state) => ({
      isSaving: state.pending.some((entry) => entry.rowId === rowId),
      isRefused: state.saveError?.rowId === rowId,
    })),
  );
  if (rowId === null) return null;
  return isSaving ? 'saving' : isRefused ? 'unsaved' : hasLabel ? 'saved' : null;
}

/** The row on screen: the five labels with their keys, the note, and the judge (hidden in blind mode until labelled). */
export function RowPanel({ noteRef, onShowSpan, onNoteDone }: RowPanelProps) {
  const { item, detail, judgeKey, judgeGrade, conduct, isHidden, conflict } = useCurrentRow();
  const { note, give, setNote, saveNote, annotator } = useLabelingStore(
    useShallow((state) => ({
      note: state.note,
      give: state.give,
      setNote: state.setNote,
      saveNote: state.saveNote,
      annotator: state.annotator,
    })),
  );
  const saveState = useSaveState(item?.row_id ?? null, Boolean(item?.label));
  if (!item) return null;
  /** Enter in the note sends it with the row's label (if any); either key hands the keys back to the queue. */
  const onNoteKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const isDone = event.key === 'Escape' || (event.key === 'Enter' && !event.shiftKey);
    if (!isDone) return;
    event.preventDefault();
    if (event.key === 'Enter') saveNote();
    onNoteDone();
  };
  return (
    <section className="label-panel row-panel" aria-labelledby="row-panel-title">
      <div className="row-panel-head">
        <h2 id="row-panel-title">Row #{item.ordinal}</h2>
        <span className="muted">your label</span>
        <LabelBadge label={item.label} />
        {saveState && <span className={`save-state save-${saveState}`}>{SAVE_TEXT[saveState]}</span>}
      </div>
      <div className="label-keys" role="group" aria-label="Label this row">
        {LABEL_KEYS.map(({ key, label, name }) => (
          <button
            key={label}
            type="button"
            className={`label-key key-${label}`}
            aria-pressed={item.label === label}
            aria-keyshortcuts={key}
            onClick={() => give(label)}
          >
            <kbd>{key}</kbd> {name}
          </button>
        ))}
      </div>
      <label className="note-field">
        <span>
          Note <kbd>{MOVE_KEYS.note.shown}</kbd> <span className="muted">sent with the next label · Enter keeps it · Esc leaves</span>
        </span>
        <textarea
          ref={noteRef}
          rows={2}
          value={note.rowId === item.row_id ? note.text : ''}
          onChange={(event) => setNote(event.target.value)}
          onKeyDown={onNoteKey}
        />
      </label>
      <RowAnnotators conflict={conflict} isHidden={isHidden} annotator={annotator} />
      <div className="row-verdicts" role="group" aria-label="Judge verdict">
        <JudgeVerdict isLoaded={detail !== null} judgeKey={judgeKey} grade={judgeGrade} isHidden={isHidden} onShowSpan={onShowSpan} />
        {!isHidden && conduct && judgeGrade !== conduct && detail && (
          <ConductLine grade={conduct} messages={detail.row.messages} onShowSpan={onShowSpan} />
        )}
      </div>
    </section>
  );
}
