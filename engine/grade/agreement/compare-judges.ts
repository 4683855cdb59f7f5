import { MIN_AGREEMENT, MIN_KAPPA } from './constants';
import {
  judgeAgreementFromGold,
  NO_ROWS_WITHOUT_GOLD,
  type AgreementOptions,
  type AgreementPair,
  type GoldKindSummary,
  type RowsWithoutGold,
} from './judge-agreement';
import { wilson, type Interval } from './wilson';

export interface JudgedPair extends AgreementPair {
  /** The decision judge's confidence sat within DECISION_UNSURE_BAND of even. */
  unsure?: boolean;
}

/** One judge's grades of the rows, each beside the same gold label as every other judge's. */
export interface JudgeRun {
  name: string;
  pairs: readonly JudgedPair[];
}

/** A judge's grades of the labelled rows as pairs, and of the rows without gold as counts only. */
export interface GoldJudgeRun extends JudgeRun {
  withoutGold: RowsWithoutGold;
}

export interface CompareOptions extends AgreementOptions {
  /** Floor on the Wilson lower bound of agreement; default MIN_AGREEMENT 0.8. */
  minAgreement?: number;
  minKappa?: number;
}

export interface JudgeScore {
  name: string;
  n: number;
  agreement: number | null;
  /** Wilson interval on tp + tn of n. */
  ci95: Interval;
  kappa: number | null;
  /** False where kappa measures nothing (judge_agreement's kappa_defined): such a kappa never clears its floor. */
  kappa_defined: boolean;
  /** pass_when_gold_fail. */
  leak: number | null;
  /** fail_when_gold_pass. */
  miss: number | null;
  /** Rows the judge marked unsure. */
  unsure: number;
  /** Rows the judge left without a grade. */
  unjudged: number;
  /** judge_agreement's ok, and the Wilson lower bound and kappa both clear their floors. */
  ok: boolean;
  warnings: string[];
}

export interface JudgeComparison {
  /** Best first: by kappa, then agreement; missing and undefined kappas last. */
  scores: JudgeScore[];
  n_rows: number;
  gold_kind: GoldKindSummary | null;
  floors: { min_agreement: number; min_kappa: number };
  /** The first ok judge, else the top-ranked one; null with no judges. */
  best: JudgeScore | null;
  warnings: string[];
}

function descendingNullsLast(left: number | null, right: number | null): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return right - left;
}

/** A kappa that measures something, else null: an undefined kappa ranks with the missing ones. */
const measuredKappa = (score: JudgeScore): number | null => (score.kappa_defined ? score.kappa : null);

function rowCount(run: GoldJudgeRun): number {
  return run.pairs.length + run.withoutGold.n;
}

function scoreJudge(
  run: GoldJudgeRun,
  options: CompareOptions,
  floors: JudgeComparison['floors'],
): { score: JudgeScore; goldKind: GoldKindSummary | null } {
  const measure = judgeAgreementFromGold(run.pairs, run.withoutGold, options);
  const ci95 = wilson(measure.confusion.tp + measure.confusion.tn, measure.n);
  const isKappaHigh = measure.kappa_defined && measure.kappa !== null && measure.kappa >= floors.min_kappa;
  const score: JudgeScore = {
    name: run.name,
    n: measure.n,
    agreement: measure.agreement,
    ci95,
    kappa: measure.kappa,
    kappa_defined: measure.kappa_defined,
    leak: measure.pass_when_gold_fail,
    miss: measure.fail_when_gold_pass,
    unsure: run.pairs.filter((pair) => pair.unsure === true).length + run.withoutGold.unsure,
    unjudged: run.pairs.filter((pair) => pair.judge === null).length + run.withoutGold.unjudged,
    ok: measure.ok && measure.n > 0 && ci95.lo >= floors.min_agreement && isKappaHigh,
    warnings: measure.warnings,
  };
  return { score, goldKind: measure.gold_kind };
}

/** Ranks several judges measured on the same gold labels (the label-only part of SDK compare_judges). */
export function compareJudges(runs: readonly JudgeRun[], options: CompareOptions = {}): JudgeComparison {
  return compareJudgesFromGold(
    runs.map((run) => ({ ...run, withoutGold: NO_ROWS_WITHOUT_GOLD })),
    options,
  );
}

/**
 * compareJudges where each judge's rows without gold are counts (`withoutGold`), not pairs: equal to compareJudges
 * over all the rows as pairs, at the cost of the labelled ones alone.
 */
export function compareJudgesFromGold(runs: readonly GoldJudgeRun[], options: CompareOptions = {}): JudgeComparison {
  const floors = {
    min_agreement: options.minAgreement ?? MIN_AGREEMENT,
    min_kappa: options.minKappa ?? MIN_KAPPA,
  };
  const scored = runs.map((run) => scoreJudge(run, options, floors));
  const warnings: string[] = [];
  if (runs.length === 0) warnings.push('There are no judges to compare: give at least one judge.');

  const rowCounts = new Set(runs.map(rowCount));
  if (rowCounts.size > 1) {
    warnings.push(`The judges graded different numbers of rows (${[...rowCounts].join(', ')}): compare them on the same rows.`);
  }
  const goldKinds = new Set(scored.map((entry) => entry.goldKind));
  let goldKind: GoldKindSummary | null = null;
  if (goldKinds.size === 1) {
    const [only] = goldKinds;
    goldKind = only ?? null;
  } else if (goldKinds.size > 1) {
    goldKind = 'mixed';
    warnings.push(
      'The judges were measured against different gold, so their numbers do not compare: measure them against the same labels.',
    );
  }

  const scores = scored
    .map(({ score }) => score)
    .sort(
      (left, right) =>
        descendingNullsLast(measuredKappa(left), measuredKappa(right)) || descendingNullsLast(left.agreement, right.agreement),
    );
  const best = scores.find((score) => score.ok) ?? scores[0] ?? null;
  if (best !== null && !best.ok) {
    warnings.push(
      `No judge clears the floors (Wilson lower bound >= ${floors.min_agreement}, kappa >= ` +
        `${floors.min_kappa}); ${best.name} ranks first: label more rows or improve the judges.`,
    );
  }

  return {
    scores,
    n_rows: Math.max(0, ...runs.map(rowCount)),
    gold_kind: goldKind,
    floors,
    best,
    warnings,
  };
}
