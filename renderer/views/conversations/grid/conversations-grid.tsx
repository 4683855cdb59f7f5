import { useTable, type ColumnVisibilityState, type SortingState, type Updater } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_ROW_SORT, type RowColumn, type RowFilters, type RowSort, type RowSummary } from '../../../../shared/api/rows';
import type { PageCache } from '../../../stores/conversations/page-cache';
import { PAGE_SIZE, pagesFor } from '../../../stores/conversations/query';
import { useConversationsStore } from '../../../stores/conversations/store';
import { COLUMN_LAYOUT, columns, features } from './columns';
import { GridHeader } from './grid-header';
import { GridRow } from './grid-row';
import { useProgressiveFill } from './progressive-fill';
import { arrivalPlace, type Arrival } from './table-place';

/** Fixed heights (px) keep scrolling free of measurement. */
export const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 32;
const EMPTY: RowSummary[] = [];
/**
 * Lines are keyed by their position modulo a number larger than any screen of lines: a line keeps its DOM while it
 * stays on screen, and a line scrolling in is new (drawn a few per frame, see useProgressiveFill).
 */
const LINE_KEYS = 256;

interface ConversationsGridProps {
  hidden: readonly RowColumn[];
  sort: RowSort;
  filters: RowFilters;
  onSort(sort: RowSort): void;
  onFilter(filters: RowFilters): void;
  onOpen(row: RowSummary, index: number): void;
  /** Rows checked for export; Space checks or unchecks the focused row. */
  checked: ReadonlySet<string>;
  onToggle(rowId: string): void;
}

/** The loaded rows of the pages on screen: the table's data, so its row model stays a few hundred rows at most. */
function useWindowRows(pages: PageCache['pages'], total: number, first: number, last: number): RowSummary[] {
  const indexes = pagesFor(first, last, total);
  const from = indexes[0] ?? 0;
  const to = indexes.at(-1) ?? -1;
  return useMemo(() => {
    const rows: RowSummary[] = [];
    for (let page = from; page <= to; page += 1) rows.push(...(pages[page] ?? EMPTY));
    return rows.length > 0 ? rows : EMPTY;
  }, [pages, from, to]);
}

function summaryAt(pages: PageCache['pages'], index: number): RowSummary | undefined {
  return pages[Math.floor(index / PAGE_SIZE)]?.[index % PAGE_SIZE];
}

/**
 * Takes the keyboard focus as the table appears when a conversation was opened from it (the grid's active row is the
 * focused one), and notes where the table is as it goes away.
 */
function useTablePlace(scrollRef: RefObject<HTMLDivElement | null>, queryKey: string, arrival: Arrival): void {
  const takeTablePlace = useConversationsStore((state) => state.takeTablePlace);
  const leaveTable = useConversationsStore((state) => state.leaveTable);
  const latestKey = useRef(queryKey);
  latestKey.current = queryKey;
  useLayoutEffect(() => {
    takeTablePlace();
    const element = scrollRef.current;
    if (arrival.focus) element?.focus({ preventScroll: true });
    // A layout cleanup runs while the grid is still in the document, so its scroll offset is still there to read.
    return () => {
      if (element) leaveTable({ queryKey: latestKey.current, scrollTop: element.scrollTop, height: element.clientHeight });
    };
    // Every value here is fixed for the grid's life (store actions, a ref, the place it arrived at): once per mount.
  }, [takeTablePlace, leaveTable, scrollRef, arrival.focus]);
}

/**
 * The conversations table: every row of the query is a position in one scrolling grid, but only the rows on screen
 * exist in the page, and only their pages are fetched. Arrow keys, Page Up/Down, Home and End move the focused row;
 * Enter opens it; Space checks it for export.
 */
export function ConversationsGrid({ hidden, sort, filters, onSort, onFilter, onOpen, checked, onToggle }: ConversationsGridProps) {
  const { total, queryKey, shownKey, focusedIndex, facets, isBusy, pages } = useConversationsStore(
    useShallow((state) => ({
      total: state.total ?? 0,
      queryKey: state.queryKey,
      shownKey: state.shownKey,
      focusedIndex: state.focusedIndex,
      facets: state.facets,
      isBusy: state.status === 'loading',
      pages: state.cache.pages,
    })),
  );
  const ensureRange = useConversationsStore((state) => state.ensureRange);
  const setFocusedIndex = useConversationsStore((state) => state.setFocusedIndex);
  const scrollRef = useRef<HTMLDivElement>(null);
  // Back from a conversation, the table is where it was left, with the keyboard on the row that was opened.
  const [arrival] = useState(() =>
    arrivalPlace(useConversationsStore.getState().tablePlace, queryKey, focusedIndex, {
      rowHeight: ROW_HEIGHT,
      headerHeight: HEADER_HEIGHT,
    }),
  );
  useTablePlace(scrollRef, queryKey, arrival);

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 3,
    // Let React batch scroll updates instead of rendering synchronously inside each scroll event.
    useFlushSync: false,
    scrollMargin: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
    initialOffset: () => arrival.scrollTop,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? 0;

  useEffect(() => {
    ensureRange(Math.max(0, first - PAGE_SIZE / 2), last + PAGE_SIZE / 2);
  }, [first, last, shownKey, ensureRange]);

  // A new query starts at its top. Scrolled when it is asked for, while the old rows are laid out, so the new page
  // lands without a forced layout.
  const requestedQuery = useRef(queryKey);
  useEffect(() => {
    if (requestedQuery.current !== queryKey) {
      if (scrollRef.current) scrollRef.current.scrollTop = 0;
      setFocusedIndex(0);
    }
    requestedQuery.current = queryKey;
  }, [queryKey, setFocusedIndex]);

  const lines = useMemo(() => items.map((item) => ({ index: item.index, rowId: summaryAt(pages, item.index)?.row_id })), [items, pages]);
  const filled = useProgressiveFill(
    lines,
    { first: virtualizer.range?.startIndex ?? first, last: virtualizer.range?.endIndex ?? last, focused: focusedIndex },
    shownKey,
  );

  // A sort keeps the table where it was sideways. The offset is taken when the press starts (pointer or key), before
  // the browser scrolls a half-hidden header it focuses into view, and put back until the sorted rows are shown.
  const pressedLeft = useRef(0);
  const keptLeft = useRef<number | null>(null);
  const notePress = () => {
    pressedLeft.current = scrollRef.current?.scrollLeft ?? 0;
  };
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (keptLeft.current === null || !element) return;
    if (element.scrollLeft !== keptLeft.current) element.scrollLeft = keptLeft.current;
    if (shownKey === queryKey) keptLeft.current = null;
  }, [queryKey, shownKey, sort]);

  const data = useWindowRows(pages, total, first, last);
  const columnVisibility = useMemo<ColumnVisibilityState>(() => Object.fromEntries(hidden.map((column) => [column, false])), [hidden]);
  const sorting = useMemo<SortingState>(() => [{ id: sort.column, desc: sort.direction === 'desc' }], [sort]);
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row) => row.row_id,
    manualSorting: true,
    enableMultiSort: false,
    state: { sorting, columnVisibility },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const chosen = next[0];
      keptLeft.current = pressedLeft.current;
      onSort(chosen ? { column: chosen.id as RowSort['column'], direction: chosen.desc ? 'desc' : 'asc' } : DEFAULT_ROW_SORT);
    },
  });
  const rowsById = table.getRowModel().rowsById;
  const visibleColumns = table.getVisibleLeafColumns();
  const columnsKey = visibleColumns.map((column) => column.id).join(' ');
  const minWidth = visibleColumns.reduce((sum, column) => sum + COLUMN_LAYOUT[column.id as RowColumn].width, 0);

  const latest = useRef({ pages, onOpen });
  latest.current = { pages, onOpen };
  const activate = useCallback(
    (index: number) => {
      setFocusedIndex(index);
      const summary = summaryAt(latest.current.pages, index);
      if (summary) latest.current.onOpen(summary, index);
    },
    [setFocusedIndex],
  );

  const move = (index: number) => {
    if (total === 0) return;
    const next = Math.max(0, Math.min(total - 1, index));
    setFocusedIndex(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const pageRows = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? 300) / ROW_HEIGHT) - 2);
    const moves: Record<string, number> = {
      ArrowDown: focusedIndex + 1,
      ArrowUp: focusedIndex - 1,
      PageDown: focusedIndex + pageRows,
      PageUp: focusedIndex - pageRows,
      Home: 0,
      End: total - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      move(moves[event.key]!);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      activate(focusedIndex);
    } else if (event.key === ' ') {
      event.preventDefault();
      const summary = summaryAt(pages, focusedIndex);
      if (summary) onToggle(summary.row_id);
    }
  };

  const gridStyle = { '--conversation-min-width': `${minWidth}px` } as CSSProperties;
  return (
    <div
      ref={scrollRef}
      className={total === 0 ? 'conversations-grid is-empty' : 'conversations-grid'}
      role="grid"
      aria-label="Conversations"
      aria-rowcount={total + 1}
      aria-colcount={visibleColumns.length}
      aria-busy={isBusy || shownKey !== queryKey}
      aria-activedescendant={total > 0 ? `conversation-row-${focusedIndex}` : undefined}
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDownCapture={notePress}
      onKeyDownCapture={notePress}
      style={gridStyle}
    >
      <GridHeader
        headerGroups={table.getHeaderGroups()}
        Render={table.FlexRender}
        facets={facets}
        filters={filters}
        onFilter={onFilter}
        sortKey={`${sort.column}:${sort.direction}:${columnsKey}`}
      />
      <div className="grid-body" role="rowgroup" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const summary = summaryAt(pages, item.index);
          // A line waiting for its turn to be drawn (see useProgressiveFill) shows its placeholder, as while it loads.
          const isDrawn = summary !== undefined && filled.has(summary.row_id);
          return (
            <GridRow
              key={item.index % LINE_KEYS}
              summary={summary}
              index={item.index}
              top={item.start - HEADER_HEIGHT}
              row={isDrawn ? rowsById[summary.row_id] : undefined}
              columnsKey={columnsKey}
              isFocused={item.index === focusedIndex}
              isChecked={summary !== undefined && checked.has(summary.row_id)}
              Render={table.FlexRender}
              onActivate={activate}
              onToggle={onToggle}
            />
          );
        })}
      </div>
    </div>
  );
}
