import { CopyPlus, Download, RotateCcw, Square } from 'lucide-react';
import type { Run } from '../../../shared/domain';
import { fillTarget } from '../runs/format';
import { WRITER_NOTE_ID } from './progress-panel';

interface RunHeaderProps {
  run: Run;
  canCancel: boolean;
  canResume: boolean;
  /** Why Cancel cannot stop the run from here (another process writes it); the button is shown disabled with it. */
  cancelBlockedBy?: string | null;
  actionStatus: 'idle' | 'cancelling' | 'resuming';
  onCancel(): void;
  onResume(): void;
  onNewFromRun(): void;
  /** Opens the Export dialog for the whole run. */
  onExport(): void;
}

/** The run's name, status and id, with what can be done to it now. */
export function RunHeader({
  run,
  canCancel,
  canResume,
  cancelBlockedBy = null,
  actionStatus,
  onCancel,
  onResume,
  onNewFromRun,
  onExport,
}: RunHeaderProps) {
  const fill = fillTarget(run.config.aim);
  return (
    <header className="view-header run-header">
      <div className="run-title">
        <h1 id="run-title" title={run.name}>
          {run.name}
        </h1>
        <div className="run-meta">
          <span className={`state state-${run.status}`} aria-label="Run status">
            {run.status}
          </span>
          <code aria-label="Run id">{run.id}</code>
          <span className="muted">seed {run.config.seed}</span>
          {fill && (
            <span
              className="run-fill-mark"
              title={`A fill run: every row carries ${fill.words}. Its coverage counts only the squares it planned, all within that aim.`}
            >
              {fill.mark}
            </span>
          )}
        </div>
      </div>
      <div className="run-actions">
        {canCancel && (
          <button
            type="button"
            onClick={onCancel}
            disabled={actionStatus === 'cancelling' || cancelBlockedBy !== null}
            title={cancelBlockedBy ?? undefined}
            aria-describedby={cancelBlockedBy ? WRITER_NOTE_ID : undefined}
          >
            <Square size={12} aria-hidden="true" /> {actionStatus === 'cancelling' ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
        {canResume && (
          <button type="button" className="primary" onClick={onResume} disabled={actionStatus === 'resuming'}>
            <RotateCcw size={12} aria-hidden="true" /> {actionStatus === 'resuming' ? 'Resuming…' : 'Resume'}
          </button>
        )}
        <button
          type="button"
          onClick={onExport}
          disabled={run.rows_done === 0}
          title="Export this run's rows: SFT, DPO or GRPO data, the Hub, or an RL environment"
        >
          <Download size={12} aria-hidden="true" /> Export…
        </button>
        <button type="button" onClick={onNewFromRun}>
          <CopyPlus size={12} aria-hidden="true" /> New run from this run
        </button>
      </div>
    </header>
  );
}
