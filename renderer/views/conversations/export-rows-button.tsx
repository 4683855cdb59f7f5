import { Download } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { RowsQuery } from '../../../shared/api/rows';
import { useOpenExport } from '../../components/export-dialog/use-open-export';
import { useConversationsStore } from '../../stores/conversations/store';

interface ExportRowsButtonProps {
  runId: string;
  query: RowsQuery | null;
  /** The checked rows: exported alone when there are any, else every row of the filter. */
  checked: ReadonlySet<string>;
}

export function ExportRowsButton({ runId, query, checked }: ExportRowsButtonProps) {
  const { runName, isEmpty } = useConversationsStore(useShallow((state) => ({ runName: state.run?.name, isEmpty: state.total === 0 })));
  const openExport = useOpenExport();
  const count = checked.size;
  const exportRows = () => {
    if (query) openExport({ kind: 'table', run_id: runId, run_name: runName ?? runId, query, row_ids: [...checked] });
  };
  return (
    <button
      type="button"
      onClick={exportRows}
      disabled={!query || isEmpty}
      title={count > 0 ? 'Export the checked conversations' : 'Export every conversation this filter shows'}
    >
      <Download size={13} aria-hidden="true" /> {count > 0 ? `Export ${count.toLocaleString()} checked…` : 'Export…'}
    </button>
  );
}
