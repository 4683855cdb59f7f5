import type { Cell, Row } from '@tanstack/react-table';
import { memo, type ComponentType } from 'react';
import type { RowColumn, RowSummary } from '../../../../shared/api/rows';
import { COLUMN_LAYOUT, type features } from './columns';

type Features = typeof features;

interface GridRowProps {
  /** What the line shows: when it is the same object, the line is the same, whichever Row wraps it. */
  summary: RowSummary | undefined;
  index: number;
  /** Pixels from the top of the body. */
  top: number;
  /** Undefined while its page loads: the row is drawn as placeholders. */
  row: Row<Features, RowSummary> | undefined;
  /** The visible columns, joined: a change redraws the row. */
  columnsKey: string;
  isFocused: boolean;
  /** Checked for export (the box sits in the # cell). */
  isChecked: boolean;
  Render: ComponentType<{ cell: Cell<Features, RowSummary, unknown> }>;
  onActivate(index: number): void;
  onToggle(rowId: string): void;
}

/**
 * One line of the table. Memoized on what it shows: scrolling, and pages landing (which rebuild the table's Row
 * objects), redraw only the lines that come into view.
 */
export const GridRow = memo(function GridRow({
  summary,
  index,
  top,
  row,
  columnsKey,
  isFocused,
  isChecked,
  Render,
  onActivate,
  onToggle,
}: GridRowProps) {
  return (
    <div
      id={`conversation-row-${index}`}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={isFocused}
      className={isFocused ? 'grid-row grid-body-row is-focused' : 'grid-row grid-body-row'}
      style={{ transform: `translateY(${top}px)` }}
      onClick={() => onActivate(index)}
    >
      {row ? (
        row.getVisibleCells().map((cell) => {
          const layout = COLUMN_LAYOUT[cell.column.id as RowColumn];
          const value = cell.getValue();
          return (
            <div
              key={cell.column.id}
              role="gridcell"
              className={`grid-cell${layout.numeric ? ' numeric' : ''}${layout.monospace ? ' mono' : ''}`}
              style={{ width: layout.width }}
              title={typeof value === 'string' ? value : Array.isArray(value) ? value.join(', ') : undefined}
            >
              {cell.column.id === 'ordinal' && summary && (
                <input
                  type="checkbox"
                  className="row-check"
                  tabIndex={-1}
                  aria-label={`Select conversation #${summary.ordinal} for export`}
                  checked={isChecked}
                  onClick={(event) => event.stopPropagation()}
                  onChange={() => onToggle(summary.row_id)}
                />
              )}
              <Render cell={cell} />
            </div>
          );
        })
      ) : (
        <div role="gridcell" aria-colspan={columnsKey.split(' ').length} className="grid-cell placeholder-cell">
          <span className="placeholder" aria-label="Loading" />
        </div>
      )}
    </div>
  );
}, isSameLine);

function isSameLine(before: GridRowProps, after: GridRowProps): boolean {
  return (
    before.summary === after.summary &&
    (before.row === undefined) === (after.row === undefined) &&
    before.index === after.index &&
    before.top === after.top &&
    before.columnsKey === after.columnsKey &&
    before.isFocused === after.isFocused &&
    before.isChecked === after.isChecked &&
    before.Render === after.Render &&
    before.onActivate === after.onActivate &&
    before.onToggle === after.onToggle
  );
}
