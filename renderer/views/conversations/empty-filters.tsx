import { useShallow } from 'zustand/react/shallow';
import { ROW_FILTER_KEYS, type RowFilters } from '../../../shared/api/rows';
import { useConversationsStore } from '../../stores/conversations/store';
import { filterLabel } from './active-filters';

interface EmptyFiltersProps {
  filters: RowFilters;
  search: string;
  onFilters(filters: RowFilters): void;
  onSearch(search: string): void;
}

const plural = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'row' : 'rows'}`;

/**
 * Under the table's headers when filters keep no row: which filters emptied it, each with the rows the table would
 * show without it (counted under the other filters), and a button to remove it.
 */
export function EmptyFilters({ filters, search, onFilters, onSearch }: EmptyFiltersProps) {
  const without = useConversationsStore(
    useShallow((state) => (state.facetsKey === state.queryKey && state.facetsStatus === 'ready' ? state.facets?.without : undefined)),
  );
  const active = ROW_FILTER_KEYS.filter((key) => (filters[key]?.length ?? 0) > 0);
  return (
    <section className="empty-filters" role="status" aria-labelledby="empty-filters-title">
      <h2 id="empty-filters-title">No conversation matches {active.length + (search ? 1 : 0) > 1 ? 'all of these together' : 'this'}</h2>
      <ul aria-label="What emptied the table">
        {active.map((key) => (
          <li key={key}>
            <span>
              {filterLabel(key)}: <strong>{filters[key]!.join(', ')}</strong>
            </span>
            {without?.[key] !== undefined && <span className="muted"> without it, {plural(without[key])}</span>}
            <button type="button" className="link-button" onClick={() => onFilters({ ...filters, [key]: [] })}>
              Remove it
            </button>
          </li>
        ))}
        {search && (
          <li>
            <span>
              Search: <strong>{search}</strong>
            </span>
            <button type="button" className="link-button" onClick={() => onSearch('')}>
              Clear the search
            </button>
          </li>
        )}
      </ul>
    </section>
  );
}
