import type { ProveLine } from '../../../shared/api/prove';

export interface ForestScale {
  min: number;
  max: number;
  ticks: number[];
}

/** The x range of the forest plot: every interval and zero in view, rounded out to tenths, within [-1, 1]. */
export function forestScale(lines: readonly ProveLine[]): ForestScale {
  const values = lines.flatMap((line) => [line.ci_low, line.ci_high, line.delta]).filter((value): value is number => value !== null);
  const low = Math.max(-1, Math.floor(Math.min(0, ...values) * 10 - 0.5) / 10);
  const high = Math.min(1, Math.ceil(Math.max(0, ...values) * 10 + 0.5) / 10);
  const span = high - low;
  const step = span > 1 ? 0.5 : span > 0.4 ? 0.2 : 0.1;
  const ticks: number[] = [];
  for (let tick = Math.ceil(low / step - 1e-9) * step; tick <= high + 1e-9; tick += step) ticks.push(Math.round(tick * 100) / 100);
  return { min: low, max: high, ticks };
}

/** Tone of a headline: the same colours as pass / fail / unsure everywhere. */
export function headlineTone(headline: ProveLine['headline']): 'pass' | 'fail' | 'unsure' | 'muted' {
  if (headline === 'PASS') return 'pass';
  if (headline === 'FAIL') return 'fail';
  if (headline.startsWith('INCONCLUSIVE') || headline.startsWith('NOT COMPARABLE')) return 'unsure';
  return 'muted';
}

export const signed = (value: number | null, digits = 2): string =>
  value === null ? 'n/a' : `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(digits)}`;

export const rate = (value: number | null): string => (value === null ? 'n/a' : value.toFixed(2));

export const pValue = (value: number | null): string =>
  value === null ? 'p n/a' : value < 0.001 ? 'p < 0.001' : `p = ${value.toFixed(3)}`;
