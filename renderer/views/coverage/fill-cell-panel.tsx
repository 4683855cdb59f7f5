import { Crosshair, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { FILL_BUDGET_DEFAULT, FILL_BUDGET_MAX, type CoverageMatrix } from '../../../shared/api/coverage';
import { AXES } from '../../../shared/domain';
import { AXIS_LABELS } from '../../stores/axis-labels';
import type { CoverageState } from '../../stores/coverage/initial-state';
import { cellStatus, findCell } from '../../stores/coverage/selectors';
import { BulkLabel } from '../conversations/bulk-label';

/** The Fill button's id: choosing an empty square on the heatmap puts the keyboard here. */
export const FILL_BUTTON_ID = 'fill-cell-button';

interface FillCellPanelProps {
  matrix: CoverageMatrix;
  target: { x: string; y: string } | null;
  onTarget(target: { x: string; y: string }): void;
  status: CoverageState['fillStatus'];
  filling: CoverageState['filling'];
  /** The run is still simulating: a fill waits until it ends. */
  isLive: boolean;
  error: string | null;
  onFill(budget: number): void;
  /** Opens the Export dialog for the rows of the chosen square. */
  onExport(): void;
}

const cellText = (aim: NonNullable<CoverageState['filling']>['aim']) =>
  AXES.filter((axis) => aim[axis] !== undefined)
    .map((axis) => `${AXIS_LABELS[axis].toLowerCase()} ${aim[axis]}`)
    .join(' · ');

/** Where the fill is: its rows landing, or what it added. */
function FillProgress({ status, filling: fill }: Pick<FillCellPanelProps, 'status' | 'filling'>) {
  if (!fill || status === 'starting') return null;
  const rows = `${fill.rows.toLocaleString('en-US')} ${fill.rows === 1 ? 'row' : 'rows'}`;
  return (
    <p className="fill-cell-progress" role="status" aria-label="Fill progress">
      {status === 'filling'
        ? `Filling ${cellText(fill.aim)}: ${rows} of ${fill.budget.toLocaleString('en-US')} landed in this run.`
        : `Added ${rows} to this run in ${cellText(fill.aim)}${fill.ended && fill.ended !== 'budget' ? ` (stopped: ${fill.ended})` : ''}.`}
    </p>
  );
}

/**
 * "Fill this cell" in place: more rows for this run, aimed at one square; they land in this run, so its heatmap fills
 * as they do. The square follows the heatmap's keyboard focus (an empty square is chosen by a click), or is picked here.
 */
export function FillCellPanel({ matrix, target, onTarget, status, filling, isLive, error, onFill, onExport }: FillCellPanelProps) {
  const [budgetText, setBudgetText] = useState(String(FILL_BUDGET_DEFAULT));
  const id = useId();
  const budget = Number(budgetText);
  const isBudgetValid = Number.isInteger(budget) && budget >= 1 && budget <= FILL_BUDGET_MAX;
  const cell = target ? findCell(matrix, target.x, target.y) : undefined;
  const canFill = cell !== undefined && cell.feasible && isBudgetValid && status === 'idle' && !isLive;
  return (
    <section className="coverage-panel fill-cell" aria-labelledby="fill-cell-title">
      <h2 className="coverage-panel-title" id="fill-cell-title">
        Fill a cell
      </h2>
      <p className="muted fill-cell-intro">
        More rows for this run, aimed at one square: every situation they play carries both values, and they land in this run, so the
        heatmap fills as they do.
      </p>
      <div className="fill-cell-field">
        <label htmlFor={`${id}-x`}>{AXIS_LABELS[matrix.x]}</label>
        <select
          id={`${id}-x`}
          value={target?.x ?? ''}
          onChange={(event) => onTarget({ x: event.target.value, y: target?.y ?? matrix.y_values[0]! })}
        >
          {matrix.x_values.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      <div className="fill-cell-field">
        <label htmlFor={`${id}-y`}>{AXIS_LABELS[matrix.y]}</label>
        <select
          id={`${id}-y`}
          value={target?.y ?? ''}
          onChange={(event) => onTarget({ x: target?.x ?? matrix.x_values[0]!, y: event.target.value })}
        >
          {matrix.y_values.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      </div>
      {cell && <p className="fill-cell-now">{cellStatus(cell)}</p>}
      <div className="fill-cell-field fill-cell-budget">
        <label htmlFor={`${id}-budget`}>Budget (rows)</label>
        <input
          id={`${id}-budget`}
          type="number"
          min={1}
          max={FILL_BUDGET_MAX}
          step={1}
          value={budgetText}
          aria-invalid={!isBudgetValid}
          aria-describedby="fill-cell-budget-help"
          onChange={(event) => setBudgetText(event.target.value)}
        />
      </div>
      <p id="fill-cell-budget-help" className={isBudgetValid ? 'muted fill-cell-help' : 'fill-cell-help fill-cell-invalid'}>
        {isBudgetValid ? `A modest budget: the fill stops at this many rows.` : `A whole number from 1 to ${FILL_BUDGET_MAX}.`}
      </p>
      <div className="fill-cell-actions">
        <button id={FILL_BUTTON_ID} type="button" className="primary" disabled={!canFill} onClick={() => onFill(budget)}>
          <Crosshair size={13} aria-hidden="true" />{' '}
          {status === 'starting' ? 'Starting…' : status === 'filling' ? 'Filling…' : 'Fill this cell'}
        </button>
        <button type="button" disabled={!cell || cell.rows === 0} onClick={onExport} title="Export the rows of this square">
          <Download size={13} aria-hidden="true" /> Export this cell
        </button>
      </div>
      {isLive && <p className="muted fill-cell-help">The run is still simulating: fill a cell once it ends.</p>}
      <FillProgress status={status} filling={filling} />
      {cell && (
        <BulkLabel
          className="cell-label"
          target={{ kind: 'cell', run_id: matrix.run_id, cell: { [matrix.x]: cell.x, [matrix.y]: cell.y } }}
          count={cell.rows}
          title={
            cell.rows === 0
              ? 'No rows in this cell to label.'
              : `Label this cell’s ${cell.rows.toLocaleString('en-US')} ${cell.rows === 1 ? 'row' : 'rows'} as`
          }
        />
      )}
      {error && (
        <p className="fill-cell-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
