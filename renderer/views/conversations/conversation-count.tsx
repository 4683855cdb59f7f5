import { useShallow } from 'zustand/react/shallow';
import { selectIsStale, selectRunTotal } from '../../stores/conversations/selectors';
import { useConversationsStore } from '../../stores/conversations/store';

/** How many conversations the table shows, of the run's when a filter or search narrows it; live as rows land. */
export function ConversationCount({ hasFilters }: { hasFilters: boolean }) {
  const { total, runTotal, isStale } = useConversationsStore(
    useShallow((state) => ({ total: state.total, runTotal: selectRunTotal(state), isStale: selectIsStale(state) })),
  );
  return (
    <span className="count" role="status" aria-live="polite">
      {total === null
        ? 'Loading conversations…'
        : hasFilters && runTotal !== null
          ? `${total.toLocaleString()} of ${runTotal.toLocaleString()} conversations`
          : `${total.toLocaleString()} ${total === 1 ? 'conversation' : 'conversations'}`}
      {isStale && ' · updating…'}
    </span>
  );
}
