import { useState } from 'react';
import { Gauge } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import type { AppInfo } from '../../shared/api';
import { useAppStore } from '../stores/app/store';
import '../styles/store-notice.css';

type Offer = NonNullable<AppInfo['store_optimize']>;

/** The rows without prepared lines, as a count a person reads: "about" when main counted a sample. */
function unpreparedText(rows: NonNullable<Offer['unprepared_rows']>): string {
  return `${rows.is_estimate ? 'about ' : ''}${rows.count.toLocaleString('en')} ${rows.count === 1 ? 'row' : 'rows'}`;
}

/** What is slow and what the command does, for the reasons main gave. */
function offerText(offer: Offer): { problem: string; action: string } {
  const freePercent = Math.round(offer.free_share * 100);
  const pages = `${offer.page_bytes / 1024} KiB pages${freePercent > 0 ? `, ${freePercent}% of them free` : ''}`;
  const rows = offer.unprepared_rows;
  if (offer.rewrites_pages === false && rows) {
    const text = unpreparedText(rows);
    return {
      problem:
        `${text.charAt(0).toUpperCase()}${text.slice(1)} of this run store have no prepared export line: SFT and TRL exports build ` +
        'those lines from the whole conversation each time, slower than reading prepared ones.',
      action: 'To prepare them (every run stays)',
    };
  }
  if (rows) {
    return {
      problem:
        `This run store has ${pages} and ${unpreparedText(rows)} without a prepared export line: ` +
        'exports read it slower than a new one.',
      action: 'To rewrite it and prepare those lines (every run stays)',
    };
  }
  return { problem: `This run store has ${pages}: exports read it slower than a new one.`, action: 'To rewrite it (every run stays)' };
}

/**
 * Offers `wai store optimize` when main says the store would read faster rewritten or with its rows' prepared lines
 * (AppInfo.store_optimize). It runs from a terminal with the app closed, since it refuses while any process has the
 * store open; hidden once dismissed, until the app starts again.
 */
export function StoreNotice() {
  const { optimize, dataDir } = useAppStore(
    useShallow((state) => ({ optimize: state.info?.store_optimize ?? null, dataDir: state.info?.data_dir })),
  );
  const [isDismissed, setIsDismissed] = useState(false);
  if (!optimize || isDismissed) return null;
  const { problem, action } = offerText(optimize);
  return (
    <section className="store-notice" aria-label="Store notice">
      <Gauge size={14} aria-hidden="true" />
      <p>
        {problem} {action}, close While Studio and run <code>wai --data-dir "{dataDir}" store optimize</code> in a terminal.
      </p>
      <button type="button" onClick={() => setIsDismissed(true)}>
        Dismiss
      </button>
    </section>
  );
}
