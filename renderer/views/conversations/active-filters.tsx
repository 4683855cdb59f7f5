import { X } from 'lucide-react';
import { ROW_FILTER_KEYS, type RowFilters } from '../../../shared/api/rows';
import { COLUMN_LAYOUT } from './grid/columns';

export const filterLabel = (key: (typeof ROW_FILTER_KEYS)[number]) => (key === 'conduct_rule' ? 'Conduct rule' : COLUMN_LAYOUT[key].label);

/** The filters in force, each with a button to remove it, and Clear all. */
export function ActiveFilters({ filters, onChange }: { filters: RowFilters; onChange(filters: RowFilters): void }) {
  const active = ROW_FILTER_KEYS.filter((key) => (filters[key]?.length ?? 0) > 0);
  if (active.length === 0) return null;
  return (
    <ul className="active-filters" aria-label="Active filters">
      {active.map((key) => (
        <li key={key} className="chip">
          <span>
            {filterLabel(key)}: {filters[key]!.join(', ')}
          </span>
          <button
            type="button"
            className="icon-button"
            aria-label={`Remove the ${filterLabel(key)} filter`}
            onClick={() => onChange({ ...filters, [key]: [] })}
          >
            <X size={12} aria-hidden="true" />
          </button>
        </li>
      ))}
      <li>
        <button type="button" className="link-button" onClick={() => onChange({})}>
          Clear all
        </button>
      </li>
    </ul>
  );
}
