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
