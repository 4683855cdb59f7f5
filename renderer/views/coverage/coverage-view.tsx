import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { AXES } from '../../../shared/domain';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { WarningsBanner } from '../../components/warnings-banner';
import { useOpenExport } from '../../components/export-dialog/use-open-export';
import { useCoverageStore } from '../../stores/coverage/store';
import { AXIS_LABELS } from '../../stores/axis-labels';
import { conversationsOfCell, defaultFillTarget, formatFraction } from '../../stores/coverage/selectors';
import { useNavigationStore } from '../../stores/navigation/store';
import { LabelDialog } from '../conversations/label-dialog';
import '../../styles/coverage.css';
import { AxisPairPicker } from './axis-pair-picker';
import { AxisPairsOverview } from './axis-pairs-overview';
import { CoverageFigures } from './coverage-figures';
import { FILL_BUTTON_ID, FillCellPanel } from './fill-cell-panel';
import { Heatmap } from './heatmap';
import { HeatmapLegend } from './heatmap-legend';
import { PairsPlannedNote } from './pairs-planned-note';
import { PolicyGapPanel } from './policy-gap-panel';

type Target = { x: string; y: string };

/** A run's coverage: pairwise figures, a heatmap per pair of axes, "fill this cell", and the policy coverage gap. */
export function CoverageView({ runId }: { runId: string }) {
  const state = useCoverageStore(
    useShallow((store) => ({
      isCurrent: store.runId === runId,
      summary: store.summary,
      summaryStatus: store.summaryStatus,
      summaryError: store.summaryError,
      axes: store.axes,
      matrix: store.matrix,
      matrixStatus: store.matrixStatus,
      matrixError: store.matrixError,
      fillStatus: store.fillStatus,
      fillError: store.fillError,
      filling: store.filling,
    })),
  );
  const { open, reload, chooseAxes, fill } = useCoverageStore(
    useShallow((store) => ({ open: store.open, reload: store.reload, chooseAxes: store.chooseAxes, fill: store.fill })),
  );
  const navigate = useNavigationStore((store) => store.navigate);
  const openExport = useOpenExport();
  const [target, setTarget] = useState<{ key: string; cell: Target | null } | null>(null);

  useEffect(() => {
    void open(runId);
  }, [open, runId]);

  const summary = state.isCurrent ? state.summary : null;
  const matrix = state.isCurrent ? state.matrix : null;
  const matrixKey = matrix ? `${matrix.run_id}|${matrix.x}|${matrix.y}` : '';
  const fillTarget = matrix ? (target?.key === matrixKey ? target.cell : defaultFillTarget(matrix)) : null;
  const chooseTarget = (cell: Target) => setTarget({ key: matrixKey, cell });

  if (!summary) {
    return (
      <section className="view coverage-view" aria-label="Coverage">
        {state.summaryStatus === 'error' ? (
          <ErrorBanner message={`The coverage could not be loaded: ${state.summaryError}`} onRetry={() => void reload()} />
        ) : (
          <p className="muted" role="status">
            Loading coverage…
          </p>
        )}
      </section>
    );
  }

  const aimed = summary.aim ? AXES.filter((axis) => summary.aim?.[axis] !== undefined) : [];
  const isLive = summary.run_status === 'running' || summary.run_status === 'queued';
  // The rows land in this run: the screen stays, and the heatmap fills as they do.
  const startFill = (budget: number) => {
    if (!matrix || !fillTarget) return;
    void fill({ [matrix.x]: fillTarget.x, [matrix.y]: fillTarget.y }, budget);
  };
  const exportCell = () => {
    if (!matrix || !fillTarget) return;
    const cell = { [matrix.x]: fillTarget.x, [matrix.y]: fillTarget.y };
    openExport({ kind: 'cell', run_id: summary.run_id, run_name: summary.run_name, cell });
  };

  return (
    <section className="view coverage-view" aria-labelledby="coverage-title">
      <header className="view-header coverage-header">
        <div>
          <h1 id="coverage-title">Coverage</h1>
          <div className="coverage-meta">
            <span className="coverage-run-name">{summary.run_name}</span>
            <span className={`state state-${summary.run_status}`} aria-label="Status">
              {summary.run_status}
            </span>
            <code className="muted">{summary.run_id}</code>
          </div>
        </div>
        {isLive && (
          <p className="muted coverage-live" role="status">
            Still running: the squares refresh after each batch.
          </p>
        )}
      </header>
      <WarningsBanner warnings={summary.warnings} degraded={summary.degraded} />
      {aimed.length > 0 && (
        <p className="coverage-aim">
          This run fills one cell: every situation it planned carries{' '}
          {aimed.map((axis, index) => (
            <span key={axis}>
              {index > 0 && ' and '}
              {AXIS_LABELS[axis].toLowerCase()} <strong>{summary.aim?.[axis]}</strong>
            </span>
          ))}
          .
        </p>
      )}
      <CoverageFigures summary={summary} />
      <PairsPlannedNote accounting={summary.pairs_accounting} />
      {summary.n_rows === 0 && (
        <EmptyState title="No rows yet">
          <p>The squares fill as the run lands rows; the planned grid is drawn already.</p>
        </EmptyState>
      )}
      <div className="coverage-layout">
        <div className="coverage-main">
          <section className="coverage-panel" aria-labelledby="coverage-map-title" aria-busy={state.matrixStatus === 'loading'}>
            <div className="coverage-map-head">
              <h2 className="coverage-panel-title" id="coverage-map-title">
                Heatmap
              </h2>
              <AxisPairPicker axes={state.axes} onChoose={(choice) => void chooseAxes(choice)} />
              {matrix && (
                <span className="coverage-map-figure" aria-label="Pairs covered on this map">
                  {matrix.pairwise.pairs_covered} <span className="n">/ {matrix.pairwise.pairs_planned} planned pairs</span> ·{' '}
                  {formatFraction(matrix.pairwise.fraction)}
                </span>
              )}
            </div>
            {state.matrixStatus === 'error' && (
              <ErrorBanner message={`This heatmap could not be loaded: ${state.matrixError}`} onRetry={() => void chooseAxes(state.axes)} />
            )}
            {matrix ? (
              <>
                <HeatmapLegend />
                <Heatmap
                  key={matrixKey}
                  matrix={matrix}
                  target={fillTarget}
                  onOpen={(cell) => navigate(conversationsOfCell(summary.run_id, matrix.x, matrix.y, cell))}
                  onFocusCell={(cell) => chooseTarget({ x: cell.x, y: cell.y })}
                  onChooseForFill={(cell) => {
                    chooseTarget({ x: cell.x, y: cell.y });
                    document.getElementById(FILL_BUTTON_ID)?.focus();
                  }}
                />
              </>
            ) : (
              state.matrixStatus === 'loading' && (
                <p className="muted" role="status">
                  Loading the heatmap…
                </p>
              )
            )}
          </section>
          <AxisPairsOverview pairs={summary.axis_pairs} axes={state.axes} onChoose={(pair) => void chooseAxes(pair)} />
        </div>
        <aside className="coverage-side" aria-label="Fill a cell and policy coverage">
          {matrix && (
            <FillCellPanel
              matrix={matrix}
              target={fillTarget}
              onTarget={chooseTarget}
              status={state.fillStatus}
              filling={state.filling}
              isLive={isLive && state.fillStatus === 'idle'}
              error={state.fillError}
              onFill={startFill}
              onExport={exportCell}
            />
          )}
          <PolicyGapPanel gap={summary.gap} />
        </aside>
      </div>
      <LabelDialog />
    </section>
  );
}
