import type { RunSummary } from '../../../shared/domain';
import { passRate } from '../../stores/runs/selectors';

export function formatPercent(value: number | null | undefined): string {
  return value == null ? '—' : `${(value * 100).toFixed(0)}%`;
}

export function formatPassRate(run: RunSummary): string {
  const rate = passRate(run);
  return rate === null ? '—' : `${formatPercent(rate)} of ${run.n_graded}`;
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
