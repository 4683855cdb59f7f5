import { Crosshair, Download } from 'lucide-react';
import { useId, useState } from 'react';
import { FILL_BUDGET_DEFAULT, FILL_BUDGET_MAX, type CoverageMatrix } from '../../../shared/api/coverage';
import { AXIS_LABELS } from '../../stores/axis-labels';
import { cellStatus, findCell } from '../../stores/coverage/selectors';
import { BulkLabel } from '../conversations/bulk-label';

interface FillCellPanelProps {
  matrix: CoverageMatrix;
  target: { x: string; y: string } | null;
  onTarget(target: { x: string; y: string }): void;
  isStarting: boolean;
  error: string | null;
  onFill(budget: number): void;
  /** Opens the Export dialog for the rows of the chosen square. */
  onExport(): void;
}

/**
 * "Fill this cell": a new run with this run's spec and settings, aimed at one square. The square follows the
 * heatmap's keyboard focus, or is picked here.
 */
export function FillCellPanel({ matrix, target, onTarget, isStarting, error, onFill, onExport }: FillCellPanelProps) {
  const [budgetText, setBudgetText] = useState(String(FILL_BUDGET_DEFAULT));
  const id = useId();
  const budget = Number(budgetText);
  const isBudgetValid = Number.isInteger(budget) && budget >= 1 && budget <= FILL_BUDGET_MAX;
  const cell = target ? findCell(matrix, target.x, target.y) : undefined;
  const canFill = cell !== undefined && cell.feasible && isBudgetValid && !isStarting;
  return (
    <section className="coverage-panel fill-cell" aria-labelledby="fill-cell-title">
      <h2 className="coverage-panel-title" id="fill-cell-title">
        Fill a cell
      </h2>
      <p className="muted fill-cell-intro">
        A new run with this run&apos;s spec and settings, aimed at one square: every situation it plans carries both values.
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
        {isBudgetValid ? `A modest budget: the run stops at this many rows.` : `A whole number from 1 to ${FILL_BUDGET_MAX}.`}
      </p>
      <div className="fill-cell-actions">
        <button type="button" className="primary" disabled={!canFill} onClick={() => onFill(budget)}>
          <Crosshair size={13} aria-hidden="true" /> {isStarting ? 'Starting…' : 'Fill this cell'}
        </button>
        <button type="button" disabled={!cell || cell.rows === 0} onClick={onExport} title="Export the rows of this square">
          <Download size={13} aria-hidden="true" /> Export this cell
        </button>
      </div>
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
