import { useCallback, useState } from 'react';

const NONE: ReadonlySet<string> = new Set();

export interface RowSelection {
  /** Row ids checked for export, in the order they were checked. */
  ids: ReadonlySet<string>;
  toggle(rowId: string): void;
  clear(): void;
}

/**
 * The rows checked in the table, for "Export selected". A new filter or search (`resetKey`) starts an empty
 * selection, so what is exported is always among what is shown; sorting keeps it.
 */
export function useRowSelection(resetKey: string): RowSelection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: resetKey, ids: NONE });
  const ids = state.key === resetKey ? state.ids : NONE;
  const toggle = useCallback(
    (rowId: string) =>
      setState((previous) => {
        const next = new Set(previous.key === resetKey ? previous.ids : NONE);
        if (next.has(rowId)) next.delete(rowId);
        else next.add(rowId);
        return { key: resetKey, ids: next };
      }),
    [resetKey],
  );
  const clear = useCallback(() => setState({ key: resetKey, ids: NONE }), [resetKey]);
  return { ids, toggle, clear };
}
