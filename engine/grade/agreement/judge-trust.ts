import { MAX_SKIPPED_SHARE, MIN_AGREEMENT, MIN_GOLD, MIN_KAPPA } from './constants';
import { halfOf } from './fnv1a';
import {
  judgeAgreement,
  judgeAgreementFromGold,
  NO_ROWS_WITHOUT_GOLD,
  type AgreementOptions,
  type AgreementPair,
  type GoldKindSummary,
  type RowsWithoutGold,
} from './judge-agreement';
import type { KappaDefinition } from './kappa-definition';
import { rate } from './numbers';
import { wilson, type Interval } from './wilson';

/** A pair tied to its task. Repeats of one task share `id`, so they land in the same held-out half. */
export interface TrustPair extends AgreementPair {
  id: string;
}

export interface TrustOptions extends AgreementOptions {
  /** Floor on the Wilson lower bound of agreement; default MIN_AGREEMENT 0.8. */
  minAgreement?: number;
  minKappa?: number;
  /** Largest share of gold-labelled rows the judge may leave without a grade; default 0.1. */
  maxSkippedShare?: number;
}

export interface HalfAgreement {
  agreement: number | null;
  kappa: number | null;
  kappa_defined: boolean;
  n: number;
}

export interface JudgeTrust {
  /** Human gold (or allowModelGold), all authored, Wilson lo >= floor, kappa >= floor, skipped share <= floor. */
  ok: boolean;
  /** No pair of a judge grade and an authored gold label: the judge has not been measured at all. */
  unmeasured: boolean;
  agreement: { agreement: number | null; ci95: Interval; kappa: number | null; n: number } & KappaDefinition;
  gold_kind: GoldKindSummary | null;
  /** Rows with a gold label, judged or not. */
  n_labeled: number;
  n_rows: number;
  /** Agreement on the two halves of the tasks split by FNV-1a hash of the task id: a steady judge agrees alike on both. */
  held_out_halves: [HalfAgreement, HalfAgreement];
  floors: { min_agreement: number; min_kappa: number; max_skipped_share: number };
  /** Gold-labelled rows the judge left without a grade; share of n_labeled, null when nothing is labelled. */
  skipped: { n: number; share: number | null };
  /** More gold labels needed to reach MIN_GOLD measured pairs ("label N more to reach 50"). */
  labels_needed: number;
  warnings: string[];
}

/** How many more measured labels reach `minGold`; 0 once there are enough. */
export function labelsNeeded(nMeasured: number, minGold: number = MIN_GOLD): number {
  return Math.max(0, minGold - nMeasured);
}

function halfAgreement(pairs: readonly TrustPair[], half: 0 | 1): HalfAgreement {
  const result = judgeAgreement(pairs.filter((pair) => halfOf(pair.id) === half));
  return { agreement: result.agreement, kappa: result.kappa, kappa_defined: result.kappa_defined, n: result.n };
}

/**
 * The label-only part of the SDK's judge_trust: how far the judge's grades can be trusted,
 * measured against gold labels already on the rows (no re-judging, no probes).
 */
export function judgeTrust(pairs: readonly TrustPair[], options: TrustOptions = {}): JudgeTrust {
  return judgeTrustFromGold(pairs, NO_ROWS_WITHOUT_GOLD, options);
}

/**
 * judgeTrust of `pairs` plus `withoutGold.n` rows without gold that are only counted: equal to judgeTrust over all
 * the rows as pairs (rows without gold fall in no half and no measure), at the cost of the labelled ones alone.
 */
export function judgeTrustFromGold(pairs: readonly TrustPair[], withoutGold: RowsWithoutGold, options: TrustOptions = {}): JudgeTrust {
  const floors = {
    min_agreement: options.minAgreement ?? MIN_AGREEMENT,
    min_kappa: options.minKappa ?? MIN_KAPPA,
    max_skipped_share: options.maxSkippedShare ?? MAX_SKIPPED_SHARE,
  };
  const measure = judgeAgreementFromGold(pairs, withoutGold, options);
  const { tp, tn } = measure.confusion;
  const ci95 = wilson(tp + tn, measure.n);
  const labeled = pairs.filter((pair) => pair.gold !== null);
  const skippedCount = labeled.filter((pair) => pair.judge === null).length;
  const skippedShare = rate(skippedCount, labeled.length);
  const nMeasured = measure.n - measure.n_unmeasured;
  const unmeasured = nMeasured === 0;

  const warnings: string[] = [];
  if (unmeasured) {
    warnings.push(
      labeled.length === 0
        ? `Unmeasured: no row has a gold label; label ${MIN_GOLD} rows by hand to measure the judge.`
        : 'Unmeasured: no judged row has a gold label with an author, so the judge has not been measured; ' +
            'sign your labels (an annotator name) on rows the judge graded.',
    );
  }
  warnings.push(...measure.warnings);
  const isAgreementHigh = measure.n > 0 && ci95.lo >= floors.min_agreement;
  if (measure.n > 0 && !isAgreementHigh) {
    warnings.push(
      `Agreement ${measure.agreement} has a Wilson lower bound of ${ci95.lo}, under the floor ` +
        `${floors.min_agreement}: label more rows or fix the judge.`,
    );
  }
  const isKappaHigh = measure.kappa_defined && measure.kappa !== null && measure.kappa >= floors.min_kappa;
  if (measure.kappa !== null && !measure.kappa_defined && measure.n > 0) {
    warnings.push(`Kappa is undefined here, so it cannot clear the floor ${floors.min_kappa}: ${measure.kappa_undefined_reason}`);
  } else if (measure.kappa !== null && !isKappaHigh) {
    warnings.push(
      `Kappa ${measure.kappa} is under the floor ${floors.min_kappa}: the judge agrees with your ` +
        `labels little beyond chance; label more rows or fix the judge.`,
    );
  }
  const isSkippedLow = skippedShare === null || skippedShare <= floors.max_skipped_share;
  if (!isSkippedLow) {
    warnings.push(
      `The judge left ${skippedCount} of ${labeled.length} labelled rows ungraded (share ` +
        `${skippedShare} > ${floors.max_skipped_share}): grade those rows again, or find why the judge ` +
        `skipped them.`,
    );
  }

  return {
    ok: measure.ok && isAgreementHigh && isKappaHigh && isSkippedLow,
    unmeasured,
    agreement: {
      agreement: measure.agreement,
      ci95,
      kappa: measure.kappa,
      kappa_defined: measure.kappa_defined,
      kappa_undefined_reason: measure.kappa_undefined_reason,
      n: measure.n,
    },
    gold_kind: measure.gold_kind,
    n_labeled: labeled.length,
    n_rows: pairs.length + withoutGold.n,
    held_out_halves: [halfAgreement(pairs, 0), halfAgreement(pairs, 1)],
    floors,
    skipped: { n: skippedCount, share: skippedShare },
    labels_needed: labelsNeeded(nMeasured),
    warnings,
  };
}
