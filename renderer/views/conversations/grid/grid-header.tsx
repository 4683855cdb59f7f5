import type { HeaderGroup } from '@tanstack/react-table';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { memo, type ComponentType } from 'react';
import type { RowColumn, RowFacets, RowFilters, RowSummary } from '../../../../shared/api/rows';
import { COLUMN_LAYOUT, type features } from './columns';
import { FilterMenu } from './filter-menu';

type Features = typeof features;

interface GridHeaderProps {
  headerGroups: HeaderGroup<Features, RowSummary>[];
  Render: ComponentType<{ header: HeaderGroup<Features, RowSummary>['headers'][number] }>;
  facets: RowFacets | null;
  filters: RowFilters;
  onFilter(filters: RowFilters): void;
  /** Changes whenever the sort does, so the header redraws its arrows. */
  sortKey: string;
}

/** The sticky header: a sort button and a filter menu per column. Drawn again only when columns, sort or filters change. */
export const GridHeader = memo(function GridHeader({ headerGroups, Render, facets, filters, onFilter }: GridHeaderProps) {
  return (
    <div className="grid-header" role="rowgroup">
      {headerGroups.map((group) => (
        <div key={group.id} role="row" aria-rowindex={1} className="grid-row grid-header-row">
          {group.headers.map((header) => {
            const layout = COLUMN_LAYOUT[header.column.id as RowColumn];
            const sorted = header.column.getIsSorted();
            const filterKey = layout.filter;
            return (
              <div
                key={header.id}
                role="columnheader"
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                className={layout.numeric ? 'grid-cell numeric' : 'grid-cell'}
                style={{ width: layout.width }}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    className="sort-button"
                    title={`Sort by ${layout.label}`}
                    onClick={header.column.getToggleSortingHandler()}
                  >
                    <Render header={header} />
                    {sorted === 'asc' && <ArrowUp size={12} aria-hidden="true" />}
                    {sorted === 'desc' && <ArrowDown size={12} aria-hidden="true" />}
                  </button>
                ) : (
                  <span className="header-label">
                    <Render header={header} />
                  </span>
                )}
                {filterKey && (
                  <FilterMenu
                    label={layout.label}
                    values={facets?.columns[filterKey]}
                    selected={filters[filterKey] ?? []}
                    onChange={(values) => onFilter({ ...filters, [filterKey]: values })}
                  />
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
});
