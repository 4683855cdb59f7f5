import { ChevronLeft, ChevronRight, Keyboard, UserRound } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { LABEL_QUEUE_ORDERS, type LabelQueueOrder } from '../../../shared/api/labels';
import { describeOrder, selectProgress } from '../../stores/labeling/selectors';
import { useLabelingStore } from '../../stores/labeling/store';
import { MOVE_KEYS } from './use-label-hotkeys';

const NO_JUDGES: readonly never[] = [];
const BLIND_TITLE =
  "Hide every judge's verdict, reward and reason (and other people's labels) on a row until you have labelled it. " +
  'On by default; kept per annotator.';

/** The run, and who is labelling (the button that changes the name). */
function QueueTitle({ runId, onHelp }: { runId: string; onHelp(): void }) {
  const { runName, annotator, openNameDialog } = useLabelingStore(
    useShallow((state) => ({ runName: state.run?.name ?? null, annotator: state.annotator, openNameDialog: state.openNameDialog })),
  );
  return (
    <div className="view-header label-title-row">
      <h1 id="label-title">Label</h1>
      {runName && <span className="label-run-name">{runName}</span>}
      <code className="muted">{runId}</code>
      <span className="toolbar-spacer" />
      <button type="button" className="annotator-button" onClick={openNameDialog} title="The name stamped on every label you give">
        <UserRound size={13} aria-hidden="true" />
        {annotator ? (
          <span>
            Labelling as <strong aria-label="Annotator">{annotator}</strong>
          </span>
        ) : (
          <span className="state state-degraded">No name: labels are unsigned</span>
        )}
      </button>
      <button type="button" onClick={onHelp} aria-keyshortcuts="Shift+?">
        <Keyboard size={13} aria-hidden="true" /> Shortcuts <kbd>?</kbd>
      </button>
    </div>
  );
}

/** The queue's order, the judge it follows (when the run has several) and blind mode; after a choice the keys go back to the queue. */
function QueueChoices({ onChosen }: { onChosen(): void }) {
  const { order, counts, judges, judgeKey, isBlind, setOrder, setJudge, setBlind } = useLabelingStore(
    useShallow((state) => ({
      order: state.order,
      counts: state.counts,
      judges: state.agreement.data?.judges ?? NO_JUDGES,
      judgeKey: state.judgeKey,
      isBlind: state.isBlind,
      setOrder: state.setOrder,
      setJudge: state.setJudge,
      setBlind: state.setBlind,
    })),
  );
  return (
    <>
      <label className="toolbar-field">
        <span>Order</span>
        <select
          value={order}
          onChange={(event) => {
            setOrder(event.target.value as LabelQueueOrder);
            onChosen();
          }}
        >
          {LABEL_QUEUE_ORDERS.map((order) => (
            <option key={order} value={order}>
              {describeOrder(order, counts)}
            </option>
          ))}
        </select>
      </label>
      {judges.length > 1 && (
        <label className="toolbar-field">
          <span>Judge</span>
          <select
            value={judgeKey ?? ''}
            onChange={(event) => {
              setJudge(event.target.value);
              onChosen();
            }}
          >
            {judges.map((judge) => (
              <option key={judge.judge_key} value={judge.judge_key}>
                {judge.judge_key}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className="toolbar-check" title={BLIND_TITLE}>
        <input
          type="checkbox"
          checked={isBlind}
          onChange={(event) => {
            setBlind(event.target.checked);
            onChosen();
          }}
        />
        Blind
      </label>
    </>
  );
}

/** How far the person has got, and the steps back and forth. */
function QueueProgress() {
  const { isReading, counts, total, position, previous, next } = useLabelingStore(
    useShallow((state) => ({
      isReading: state.status === 'loading',
      counts: state.counts,
      total: state.total,
      position: state.position,
      previous: state.previous,
      next: state.next,
    })),
  );
  const progress = selectProgress({ counts, total, position });
  return (
    <>
      <div className="label-progress" role="status" aria-label="Progress">
        <span>
          <strong className="numeric">{progress.labelled.toLocaleString()}</strong>
          <span className="muted"> / {progress.total.toLocaleString()} labelled</span>
        </span>
        <span className="progress-track" aria-hidden="true">
          <span className="progress-fill" style={{ width: `${Math.round(progress.share * 1000) / 10}%` }} />
        </span>
        {isReading ? (
          // The old row stays on screen with its keys off until the new queue answers: say so, or a key seems lost.
          <span className="state state-running">Reading the queue…</span>
        ) : (
          <span className="muted">
            {/* The place in the queue's order, not the row number (#N, from 0, as generated): "row 12" beside "#11" misled. */}
            {progress.place === null ? 'no rows' : `${progress.place.toLocaleString()} of ${progress.total.toLocaleString()} in this order`}
          </span>
        )}
      </div>
      <button
        type="button"
        onClick={previous}
        disabled={progress.place === null || progress.place <= 1}
        aria-keyshortcuts="k ArrowLeft"
        title={`Previous row (${MOVE_KEYS.previous.shown})`}
      >
        <ChevronLeft size={14} aria-hidden="true" /> Previous
      </button>
      <button
        type="button"
        onClick={next}
        disabled={progress.place === null || progress.place >= progress.total}
        aria-keyshortcuts="j ArrowRight"
        title={`Next row (${MOVE_KEYS.next.shown})`}
      >
        Next <ChevronRight size={14} aria-hidden="true" />
      </button>
    </>
  );
}

/** Title, who is labelling, the order and blind mode, and how far the person has got. */
export function QueueHeader({ runId, onHelp, onChosen }: { runId: string; onHelp(): void; onChosen(): void }) {
  return (
    <header className="label-header">
      <QueueTitle runId={runId} onHelp={onHelp} />
      <div className="label-toolbar">
        <QueueChoices onChosen={onChosen} />
        <span className="toolbar-spacer" />
        <QueueProgress />
      </div>
    </header>
  );
}
