import { Filter } from 'lucide-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { FacetValue } from '../../../../shared/api/rows';
import { Popover } from '../popover';

const VALUE_TEXT: Record<string, string> = {
  error: 'no reward',
  ungraded: 'ungraded',
  unlabelled: 'unlabelled',
  simulator_error: 'simulator error',
  conflict: 'conflict (annotators disagree)',
};

interface FilterMenuProps {
  /** The column's name, e.g. "Stance": the button is "Filter Stance". */
  label: string;
  /** The run's values with their counts; undefined while they load. */
  values: readonly FacetValue[] | undefined;
  selected: readonly string[];
  onChange(values: string[]): void;
}

/** A column's filter: its values with their counts (under the table's other filters) as checkboxes, any of them matching. */
export function FilterMenu({ label, values, selected, onChange }: FilterMenuProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [find, setFind] = useState('');
  const close = useCallback(() => setOpen(false), []);
  const shown = useMemo(() => {
    const needle = find.trim().toLowerCase();
    return (values ?? []).filter((facet) => facet.value.toLowerCase().includes(needle));
  }, [values, find]);
  const toggle = (value: string, isChecked: boolean) =>
    onChange(isChecked ? [...selected, value] : selected.filter((entry) => entry !== value));

  return (
    <>
      <button
        ref={button}
        type="button"
        className={selected.length > 0 ? 'icon-button filter-button is-active' : 'icon-button filter-button'}
        aria-label={`Filter ${label}`}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        title={selected.length > 0 ? `${label}: ${selected.join(', ')}` : `Filter ${label}`}
        onClick={(event) => {
          event.stopPropagation();
          setOpen((open) => !open);
        }}
      >
        <Filter size={12} aria-hidden="true" />
        {selected.length > 0 && <span className="filter-count">{selected.length}</span>}
      </button>
      {isOpen && (
        <Popover label={`Filter ${label}`} anchor={button} onClose={close}>
          {(values?.length ?? 0) > 8 && (
            <input
              type="search"
              className="popover-find"
              aria-label={`Find a ${label.toLowerCase()} value`}
              placeholder="Find a value"
              value={find}
              onChange={(event) => setFind(event.target.value)}
            />
          )}
          {values === undefined && (
            <p className="muted popover-note" role="status">
              Loading values…
            </p>
          )}
          {values !== undefined && values.length === 0 && <p className="muted popover-note">No values in this run yet.</p>}
          <ul className="popover-list" aria-label={`${label} values`}>
            {shown.map((facet) => (
              <li key={facet.value}>
                <label className="check-row">
                  <input
                    type="checkbox"
                    checked={selected.includes(facet.value)}
                    onChange={(event) => toggle(facet.value, event.target.checked)}
                  />
                  <span className="check-value" title={facet.value}>
                    {VALUE_TEXT[facet.value] ?? facet.value}
                  </span>
                  <span className="n">{facet.count.toLocaleString()}</span>
                </label>
              </li>
            ))}
          </ul>
          <div className="popover-actions">
            <button type="button" onClick={() => onChange([])} disabled={selected.length === 0}>
              Clear
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
