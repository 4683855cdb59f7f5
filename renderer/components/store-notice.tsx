import { useState } from 'react';
import { Gauge } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../stores/app/store';
import '../styles/store-notice.css';

/**
 * Offers `wai store optimize` when main says the store would read faster rewritten (AppInfo.store_optimize). It runs
 * from a terminal with the app closed, since it refuses while any process has the store open; hidden once dismissed,
 * until the app starts again.
 */
export function StoreNotice() {
  const { optimize, dataDir } = useAppStore(
    useShallow((state) => ({ optimize: state.info?.store_optimize ?? null, dataDir: state.info?.data_dir })),
  );
  const [isDismissed, setIsDismissed] = useState(false);
  if (!optimize || isDismissed) return null;
  const freePercent = Math.round(optimize.free_share * 100);
  return (
    <section className="store-notice" aria-label="Store notice">
      <Gauge size={14} aria-hidden="true" />
      <p>
        This run store has {optimize.page_bytes / 1024} KiB pages{freePercent > 0 ? `, ${freePercent}% of them free` : ''}: exports read it
        slower than a new one. To rewrite it (every run stays), close While Studio and run{' '}
        <code>wai --data-dir "{dataDir}" store optimize</code> in a terminal.
      </p>
      <button type="button" onClick={() => setIsDismissed(true)}>
        Dismiss
      </button>
    </section>
  );
}
