import { cohenKappa, type Confusion, type Verdict } from './confusion';
import { judgeKappaDefinition } from './kappa-definition';
import { round4 } from './numbers';
import { wilson } from './wilson';

/** Most points a series holds: past it, points are spread evenly over the gold rows (the last one always in). */
export const AGREEMENT_SERIES_POINTS = 60;

/** Agreement and kappa after the first n pairs, with agreement's Wilson 95% band. */
export interface AgreementPoint {
  n: number;
  agreement: number;
  lo: number;
  hi: number;
  kappa: number | null;
  kappa_defined: boolean;
}

/** The places (1-based counts) a series of `total` pairs reports at. */
function reportedCounts(total: number, points: number): Set<number> {
  if (total <= points) return new Set(Array.from({ length: total }, (_, index) => index + 1));
  return new Set(Array.from({ length: points }, (_, index) => Math.max(1, Math.round(((index + 1) * total) / points))));
}

/**
 * How a judge's agreement with gold settles as gold grows: `pairs` in the order their rows became gold, and after the
 * first n pairs with both a verdict and gold, agreement, its Wilson interval and kappa (undefined where it measures
 * nothing). Pairs missing a side are passed over, as judge_agreement skips them.
 */
export function agreementSeries(
  pairs: readonly { judge: Verdict | null; gold: Verdict | null }[],
  points = AGREEMENT_SERIES_POINTS,
): AgreementPoint[] {
  const counted = pairs.filter((pair) => pair.judge !== null && pair.gold !== null);
  const reported = reportedCounts(counted.length, points);
  const confusion: Confusion = { tp: 0, fp: 0, tn: 0, fn: 0 };
  const series: AgreementPoint[] = [];
  counted.forEach((pair, index) => {
    if (pair.judge === 1) confusion[pair.gold === 1 ? 'tp' : 'fp'] += 1;
    else confusion[pair.gold === 1 ? 'fn' : 'tn'] += 1;
    const n = index + 1;
    if (!reported.has(n)) return;
    const agreed = confusion.tp + confusion.tn;
    const band = wilson(agreed, n);
    series.push({
      n,
      agreement: round4(agreed / n),
      lo: band.lo,
      hi: band.hi,
      kappa: cohenKappa(confusion),
      kappa_defined: judgeKappaDefinition(confusion).kappa_defined,
    });
  });
  return series;
}
