import { Columns3 } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { ROW_COLUMNS, type RowColumn } from '../../../shared/api/rows';
import { ALWAYS_SHOWN, COLUMN_LAYOUT, DEFAULT_HIDDEN } from './grid/columns';
import { Popover } from './popover';

/** Which columns the table shows; the choice is saved and survives a restart. */
export function ColumnChooser({ hidden, onChange }: { hidden: readonly RowColumn[]; onChange(hidden: RowColumn[]): void }) {
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const choosable = ROW_COLUMNS.filter((column) => !ALWAYS_SHOWN.includes(column));
  return (
    <>
      <button ref={button} type="button" aria-haspopup="dialog" aria-expanded={isOpen} onClick={() => setOpen((open) => !open)}>
        <Columns3 size={14} aria-hidden="true" /> Columns
      </button>
      {isOpen && (
        <Popover label="Columns" anchor={button} onClose={close} width={240}>
          <ul className="popover-list" aria-label="Columns shown">
            {choosable.map((column) => (
              <li key={column}>
                <label className="check-row">
                  <input
                    type="checkbox"
                    checked={!hidden.includes(column)}
                    onChange={(event) => onChange(event.target.checked ? hidden.filter((entry) => entry !== column) : [...hidden, column])}
                  />
                  <span className="check-value">{COLUMN_LAYOUT[column].label}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="popover-actions">
            <button type="button" onClick={() => onChange([...DEFAULT_HIDDEN])}>
              Reset
            </button>
            <button type="button" onClick={close}>
              Done
            </button>
          </div>
        </Popover>
      )}
    </>
  );
}
