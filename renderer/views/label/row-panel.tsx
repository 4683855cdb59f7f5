import { EyeOff } from 'lucide-react';
import type { KeyboardEvent, RefObject } from 'react';
import type { QueueItem } from '../../../shared/api/labels';
import type { RowDetail } from '../../../shared/api/rows';
import type { Grade, LabelValue } from '../../../shared/domain';
import { verdictOfGrade } from '../../stores/labeling/selectors';
import { LabelBadge, VerdictBadge } from '../conversations/verdict-badge';
import { LABEL_KEYS, MOVE_KEYS } from './use-label-hotkeys';

export type SaveState = 'saving' | 'saved' | 'unsaved' | null;

interface RowPanelProps {
  item: QueueItem;
  detail: RowDetail | null;
  judgeKey: string | null;
  judgeGrade: Grade | null;
  conduct: Grade | null;
  isHidden: boolean;
  saveState: SaveState;
  note: string;
  noteRef: RefObject<HTMLTextAreaElement | null>;
  onNote(text: string): void;
  /** Enter in the note: send it with the row's label (if any) and hand the keys back to the queue. */
  onNoteDone(save: boolean): void;
  onGive(label: LabelValue): void;
  onShowSpan(): void;
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
        <EyeOff size={12} aria-hidden="true" /> Blind: the judge&apos;s verdict shows once you have labelled this row.
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

function ConductLine({ grade, onShowSpan }: { grade: Grade; onShowSpan(): void }) {
  const rule = typeof grade.judge_meta.rule === 'string' ? grade.judge_meta.rule : null;
  return (
    <div className="judge-line">
      <div className="grade-head">
        <span className="muted">Conduct</span>
        <VerdictBadge verdict={verdictOfGrade(grade)} />
        {rule ? <code>{rule}</code> : <span className="muted">no rule fired</span>}
        {grade.span && (
          <button type="button" className="link-button" onClick={onShowSpan}>
            show the text
          </button>
        )}
      </div>
      {grade.reason && grade.reason !== rule && <p className="judge-reason">{grade.reason}</p>}
    </div>
  );
}

/** The row on screen: the five labels with their keys, the note, and the judge (hidden in blind mode until labelled). */
export function RowPanel(props: RowPanelProps) {
  const { item, detail } = props;
  const onNoteKey = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      props.onNoteDone(true);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      props.onNoteDone(false);
    }
  };
  return (
    <section className="label-panel row-panel" aria-labelledby="row-panel-title">
      <div className="row-panel-head">
        <h2 id="row-panel-title">Row #{item.ordinal}</h2>
        <span className="muted">your label</span>
        <LabelBadge label={item.label} />
        {props.saveState && <span className={`save-state save-${props.saveState}`}>{SAVE_TEXT[props.saveState]}</span>}
      </div>
      <div className="label-keys" role="group" aria-label="Label this row">
        {LABEL_KEYS.map(({ key, label, name }) => (
          <button
            key={label}
            type="button"
            className={`label-key key-${label}`}
            aria-pressed={item.label === label}
            aria-keyshortcuts={key}
            onClick={() => props.onGive(label)}
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
          ref={props.noteRef}
          rows={2}
          value={props.note}
          onChange={(event) => props.onNote(event.target.value)}
          onKeyDown={onNoteKey}
        />
      </label>
      <div className="row-verdicts" role="group" aria-label="Judge verdict">
        <JudgeVerdict
          isLoaded={detail !== null}
          judgeKey={props.judgeKey}
          grade={props.judgeGrade}
          isHidden={props.isHidden}
          onShowSpan={props.onShowSpan}
        />
        {!props.isHidden && props.conduct && props.judgeGrade !== props.conduct && (
          <ConductLine grade={props.conduct} onShowSpan={props.onShowSpan} />
        )}
      </div>
    </section>
  );
}
