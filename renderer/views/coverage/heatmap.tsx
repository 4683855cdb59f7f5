import { useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import type { CoverageCell, CoverageMatrix } from '../../../shared/api/coverage';
import { AXIS_LABELS } from '../../stores/axis-labels';
import { cellDescription, cellKind, failShare, gridRows, heatLevel, maxRows } from '../../stores/coverage/selectors';
import { failMix, STRONG_FAIL_SHARE } from './fail-shade';

interface HeatmapProps {
  matrix: CoverageMatrix;
  /** The square "Fill this cell" aims at, ringed on the map. */
  target: { x: string; y: string } | null;
  onOpen(cell: CoverageCell): void;
  /** A square took the keyboard focus. */
  onFocusCell(cell: CoverageCell): void;
  /** An empty square that can occur was clicked (or Enter pressed on it): it is chosen for "Fill this cell". */
  onChooseForFill(cell: CoverageCell): void;
}

/** An empty square holds no conversation to open: choosing it means filling it. */
const isFillable = (cell: CoverageCell) => cell.rows === 0 && cell.feasible;

interface Position {
  row: number;
  column: number;
}

/** Room kept for the tooltip below a square before it flips above (px). */
const TOOLTIP_HEIGHT = 150;

/** Long values (rules, tool names) are set sideways so every column stays one square wide. */
const SIDEWAYS_AFTER = 9;

function moved(position: Position, key: string, rows: number, columns: number): Position | null {
  switch (key) {
    case 'ArrowRight':
      return { ...position, column: Math.min(columns - 1, position.column + 1) };
    case 'ArrowLeft':
      return { ...position, column: Math.max(0, position.column - 1) };
    case 'ArrowDown':
      return { ...position, row: Math.min(rows - 1, position.row + 1) };
    case 'ArrowUp':
      return { ...position, row: Math.max(0, position.row - 1) };
    case 'Home':
      return { ...position, column: 0 };
    case 'End':
      return { ...position, column: columns - 1 };
    default:
      return null;
  }
}

function cellStyle(cell: CoverageCell, most: number): CSSProperties {
  return { '--heat': heatLevel(cell.rows, most).toFixed(3), '--fail-mix': failMix(failShare(cell) ?? 0) } as CSSProperties;
}

/**
 * One pair of axes as a grid of squares: planned, covered (rows), failing. Arrow keys move between squares, Enter opens
 * a square's conversations (an empty one is chosen for filling instead); a tooltip gives the numbers of the square under
 * the pointer or focus.
 */
export function Heatmap({ matrix, target, onOpen, onFocusCell, onChooseForFill }: HeatmapProps) {
  const choose = (cell: CoverageCell) => (isFillable(cell) ? onChooseForFill(cell) : onOpen(cell));
  const rows = gridRows(matrix);
  const most = maxRows(matrix);
  const [active, setActive] = useState<Position>({ row: 0, column: 0 });
  const [shown, setShown] = useState<{ position: Position; by: 'pointer' | 'focus' } | null>(null);
  const [tooltipAt, setTooltipAt] = useState<{ left: number; top: number; below: boolean } | null>(null);
  const cells = useRef(new Map<string, HTMLTableCellElement>());
  const key = (position: Position) => `${position.row}:${position.column}`;
  const sideways = matrix.x_values.some((value) => value.length > SIDEWAYS_AFTER);
  const label = `${AXIS_LABELS[matrix.x]} × ${AXIS_LABELS[matrix.y]}`;

  const safe = { row: Math.min(active.row, rows.length - 1), column: Math.min(active.column, matrix.x_values.length - 1) };
  const shownCell = shown ? rows[shown.position.row]?.[shown.position.column] : undefined;

  // The tooltip is fixed to the window so no scrolling panel clips it; it sits below the square, or above near the bottom.
  useLayoutEffect(() => {
    const element = shown ? cells.current.get(key(shown.position)) : undefined;
    if (!element) return setTooltipAt(null);
    const square = element.getBoundingClientRect();
    const below = square.bottom + TOOLTIP_HEIGHT + 12 < window.innerHeight;
    setTooltipAt({ left: square.left + square.width / 2, top: below ? square.bottom + 6 : square.top - 6, below });
  }, [shown, matrix]);

  useEffect(() => {
    if (!shown) return;
    const hide = () => setShown(null);
    window.addEventListener('scroll', hide, { capture: true, passive: true });
    return () => window.removeEventListener('scroll', hide, { capture: true });
  }, [shown]);

  const focusAt = (position: Position) => {
    setActive(position);
    cells.current.get(key(position))?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      const cell = rows[safe.row]?.[safe.column];
      if (cell) {
        event.preventDefault();
        choose(cell);
      }
      return;
    }
    const next = moved(safe, event.key, rows.length, matrix.x_values.length);
    if (!next) return;
    event.preventDefault();
    focusAt(next);
  };

  return (
    <div className="heatmap-frame" onMouseLeave={() => setShown((current) => (current?.by === 'pointer' ? null : current))}>
      <table
        className={`heatmap${sideways ? ' heatmap-sideways' : ''}`}
        role="grid"
        aria-label={label}
        aria-describedby="heatmap-keys"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            <th scope="col" className="heatmap-corner">
              <span className="heatmap-axis-y">{AXIS_LABELS[matrix.y]} ↓</span>
              <span className="heatmap-axis-x">{AXIS_LABELS[matrix.x]} →</span>
            </th>
            {matrix.x_values.map((value) => (
              <th key={value} scope="col" className="heatmap-column" title={value}>
                <span>{value}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={matrix.y_values[rowIndex]}>
              <th scope="row" className="heatmap-row" title={matrix.y_values[rowIndex]}>
                <span>{matrix.y_values[rowIndex]}</span>
              </th>
              {row.map((cell, column) => {
                const position = { row: rowIndex, column };
                const kind = cellKind(cell);
                const isTarget = target?.x === cell.x && target.y === cell.y;
                const isStrong = kind === 'failing' && (failShare(cell) ?? 0) >= STRONG_FAIL_SHARE;
                const classes = [
                  'heatmap-cell',
                  `heatmap-${kind}`,
                  isStrong ? 'heatmap-failing-strong' : '',
                  !cell.planned && cell.rows > 0 ? 'heatmap-offplan' : '',
                  isTarget ? 'heatmap-target' : '',
                ]
                  .filter(Boolean)
                  .join(' ');
                return (
                  <td
                    key={cell.x}
                    role="gridcell"
                    className={classes}
                    style={cellStyle(cell, most)}
                    tabIndex={safe.row === rowIndex && safe.column === column ? 0 : -1}
                    aria-label={cellDescription(cell, matrix.x, matrix.y)}
                    aria-selected={isTarget}
                    ref={(element) => {
                      if (element) cells.current.set(key(position), element);
                      else cells.current.delete(key(position));
                    }}
                    onClick={() => {
                      setActive(position);
                      choose(cell);
                    }}
                    onFocus={() => {
                      setActive(position);
                      setShown({ position, by: 'focus' });
                      onFocusCell(cell);
                    }}
                    onBlur={() => setShown((current) => (current?.by === 'focus' ? null : current))}
                    onMouseEnter={() => setShown({ position, by: 'pointer' })}
                  >
                    <span className="heatmap-rows" aria-hidden="true">
                      {kind === 'infeasible' ? '–' : cell.rows > 0 ? cell.rows.toLocaleString('en-US') : ''}
                    </span>
                    {cell.failing > 0 && (
                      <span className="heatmap-fail-count" aria-hidden="true">
                        {cell.failing.toLocaleString('en-US')}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id="heatmap-keys" className="heatmap-keys muted">
        Arrow keys move between squares; Enter or a click opens a square&apos;s conversations, or chooses an empty one for filling.
      </p>
      {shownCell && tooltipAt && (
        <div
          className={`heatmap-tooltip${tooltipAt.below ? '' : ' heatmap-tooltip-above'}`}
          role="tooltip"
          style={{ left: tooltipAt.left, top: tooltipAt.top }}
        >
          <CellNumbers cell={shownCell} matrix={matrix} />
        </div>
      )}
    </div>
  );
}

function CellNumbers({ cell, matrix }: { cell: CoverageCell; matrix: CoverageMatrix }) {
  const kind = cellKind(cell);
  return (
    <>
      <div className="heatmap-tooltip-where">
        <span>
          {AXIS_LABELS[matrix.x]}: <strong>{cell.x}</strong>
        </span>
        <span>
          {AXIS_LABELS[matrix.y]}: <strong>{cell.y}</strong>
        </span>
      </div>
      {kind === 'infeasible' ? (
        <div>Cannot occur: an unrelated ask meets no record and no fault.</div>
      ) : (
        <dl className="heatmap-tooltip-numbers">
          <dt>Planned</dt>
          <dd>{cell.planned ? 'yes' : 'no'}</dd>
          <dt>Rows</dt>
          <dd>{cell.rows.toLocaleString('en-US')}</dd>
          <dt>Graded</dt>
          <dd>{cell.graded.toLocaleString('en-US')}</dd>
          <dt>Failing</dt>
          <dd className={cell.failing > 0 ? 'heatmap-tooltip-fail' : undefined}>
            {cell.graded === 0 ? '—' : `${cell.failing.toLocaleString('en-US')} of ${cell.graded.toLocaleString('en-US')}`}
          </dd>
        </dl>
      )}
    </>
  );
}
