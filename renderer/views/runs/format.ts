import type { RunSummary } from '../../../shared/domain';
import { passRate } from '../../stores/runs/selectors';

export function formatPercent(value: number | null | undefined): string {
  return value == null ? '—' : `${(value * 100).toFixed(0)}%`;
}

/** The pass rate with its n, or null when no row is graded (the list says "not graded" rather than a bare dash). */
export function formatPassRate(run: RunSummary): string | null {
  const rate = passRate(run);
  return rate === null ? null : `${formatPercent(rate)} of ${run.n_graded.toLocaleString()}`;
}

/** "2026-11-02 10:00 UTC": the form every screen uses for a stored time (the Run screen's grades, Traces' imports). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 16)} UTC`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * A stored time short enough for a list column, in UTC like formatDateTime: "Nov 30 12:16" in `now`'s year, else
 * "2025-11-30". The full form belongs in the cell's title.
 */
export function formatListDate(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const text = date.toISOString();
  if (date.getUTCFullYear() !== now.getUTCFullYear()) return text.slice(0, 10);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ${text.slice(11, 16)}`;
}

/**
 * What a fill run aims at: `mark` for a list cell ("fills 1 cell" when two or more axes are fixed, the square of a
 * Coverage map; "aims at one stance" for one axis) and `words` naming the values ("tool=get_balance ·
 * stance=ambiguous"). Null for a run over the whole grid.
 */
export function fillTarget(aim: Readonly<Record<string, string | undefined>> | undefined): { mark: string; words: string } | null {
  const values = Object.entries(aim ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined);
  const [only] = values;
  if (!only) return null;
  const words = values.map(([axis, value]) => `${axis}=${value}`).join(' · ');
  return { mark: values.length === 1 ? `aims at one ${only[0].replace('_', ' ')}` : 'fills 1 cell', words };
}
