import type { LabelKind } from '../../../shared/domain';
import { LEAK_THRESHOLD, MIN_GOLD } from './constants';
import { cohenKappa, tally, type Confusion, type Verdict } from './confusion';
import { judgeKappaDefinition, type KappaDefinition } from './kappa-definition';
import { rate, round4 } from './numbers';

/** One row seen by a judge and, maybe, by a gold labeller. null = that side is missing. */
export interface AgreementPair {
  judge: Verdict | null;
  gold: Verdict | null;
  /** Who or what made the gold label; null = not recorded (reported as `unknown`). */
  gold_kind: LabelKind | null;
  /** The gold label's author; null or blank = unmeasured gold. */
  author: string | null;
}

/** `human` only when every counted gold label is human; `unknown` is gold with no kind. */
export type GoldKindSummary = LabelKind | 'unknown' | 'mixed';

/**
 * Rows left out of the pairs because they have no gold label, given as counts: they never enter a measure, only its
 * totals (n_skipped, n_rows) and the warnings that name them. Lets a caller pass only its labelled rows as pairs.
 */
export interface RowsWithoutGold {
  n: number;
  /** Of those rows, how many the judge left without a verdict. */
  unjudged: number;
  /** Of those rows, how many the judge marked unsure. */
  unsure: number;
}

export const NO_ROWS_WITHOUT_GOLD: RowsWithoutGold = { n: 0, unjudged: 0, unsure: 0 };

export interface AgreementOptions {
  /** Accept program, model or unknown gold as the yardstick (the SDK's allow_model_gold). */
  allowModelGold?: boolean;
}

export interface JudgeAgreement extends KappaDefinition {
  /** Pairs where both the judge and the gold label are present. */
  n: number;
  /** Pairs missing either side. */
  n_skipped: number;
  /** Counted pairs whose gold label has no author. Any such pair keeps `ok` false. */
  n_unmeasured: number;
  /** (tp + tn) / n, 4 dp; null when n = 0. */
  agreement: number | null;
  /** Cohen's kappa in [-1, 1], 4 dp, as the SDK gives it (1 or 0 when chance agreement is 1); null when n = 0. */
  kappa: number | null;
  confusion: Confusion;
  /** fp / (fp + tn): the leak. null when there is no gold failure. */
  pass_when_gold_fail: number | null;
  /** fn / (fn + tp); null when there is no gold pass. */
  fail_when_gold_pass: number | null;
  judge_pass_rate: number | null;
  gold_pass_rate: number | null;
  gold_kind: GoldKindSummary | null;
  /** n > 0, every counted gold label has an author, and the gold is human (or allowModelGold). */
  ok: boolean;
  warnings: string[];
}

function hasAuthor(pair: AgreementPair): boolean {
  return pair.author !== null && pair.author.trim() !== '';
}

export function summarizeGoldKind(pairs: readonly AgreementPair[]): GoldKindSummary | null {
  if (pairs.length === 0) return null;
  const kinds = new Set(pairs.map((pair) => pair.gold_kind ?? 'unknown'));
  if (kinds.size > 1) return 'mixed';
  const [only] = kinds;
  return only ?? null;
}

function missingHalves(pairs: readonly AgreementPair[], withoutGold: RowsWithoutGold): string {
  const rows = pairs.length + withoutGold.n;
  if (rows === 0) return 'No rows were given, so there is nothing to measure: grade a run and label some of its rows by hand.';
  const noJudge = pairs.filter((pair) => pair.judge === null).length + withoutGold.unjudged;
  const noGold = pairs.filter((pair) => pair.gold === null).length + withoutGold.n;
  const missing: string[] = [];
  if (noGold > 0) missing.push(`${noGold} of ${rows} rows have no gold label`);
  if (noJudge > 0) missing.push(`${noJudge} of ${rows} rows have no judge grade`);
  const fix =
    noJudge === 0
      ? 'label some graded rows by hand'
      : noGold === 0
        ? 'grade the labelled rows with a judge'
        : 'grade the rows with a judge and label some of them by hand';
  return `No row has both a judge grade and a gold label (${missing.join('; ')}): ${fix}.`;
}

function untrustedGoldReason(kind: GoldKindSummary): string {
  switch (kind) {
    case 'human':
      return '';
    case 'unknown':
      return (
        'The gold labels carry no kind, so nobody knows who made them: attach them as human labels ' +
        '(attach_labels with kind human) to measure the judge.'
      );
    case 'model':
      return (
        'The gold labels come from a model, and a judge measured against another model is not measured: ' +
        'label rows by hand (kind human), or allow model gold explicitly.'
      );
    case 'program':
      return (
        'The gold labels come from a program, and only human gold is trusted here: label rows by hand ' +
        '(kind human), or allow model gold explicitly.'
      );
    case 'mixed':
      return (
        'The gold labels mix kinds, and only all-human gold is trusted: label the rest by hand (kind ' +
        'human), or allow model gold explicitly.'
      );
    default: {
      const exhaustive: never = kind;
      return exhaustive;
    }
  }
}

function classWarnings(confusion: Confusion, n: number): string[] {
  const { tp, fp, fn } = confusion;
  const warnings: string[] = [];
  const goldPasses = tp + fn;
  const judgePasses = tp + fp;
  if (goldPasses === n) {
    warnings.push(
      'Every gold label is pass, so the leak (pass_when_gold_fail) is undefined and kappa cannot tell ' +
        'the judge from chance: label some failing rows.',
    );
  } else if (goldPasses === 0) {
    warnings.push(
      'Every gold label is fail, so fail_when_gold_pass is undefined and kappa cannot tell the judge from chance: label some passing rows.',
    );
  } else if (judgePasses === n || judgePasses === 0) {
    const word = judgePasses === n ? 'pass' : 'fail';
    warnings.push(
      `The judge said ${word} on every pair: kappa 0 means it is no better than always saying ${word}; ` +
        `check its rubric on the rows your labels ${word === 'pass' ? 'fail' : 'pass'}.`,
    );
  }
  return warnings;
}

/**
 * How well a judge agrees with gold labels (SDK judge_agreement). Pure: never throws, never NaN.
 * A pair enters the measure when both sides are 0 or 1; the rest are `n_skipped`.
 */
export function judgeAgreement(pairs: readonly AgreementPair[], options: AgreementOptions = {}): JudgeAgreement {
  return judgeAgreementFromGold(pairs, NO_ROWS_WITHOUT_GOLD, options);
}

/**
 * judgeAgreement of `pairs` plus `withoutGold.n` rows without gold that are only counted: equal to judgeAgreement
 * over all the rows as pairs, at the cost of the labelled ones alone.
 */
export function judgeAgreementFromGold(
  pairs: readonly AgreementPair[],
  withoutGold: RowsWithoutGold,
  options: AgreementOptions = {},
): JudgeAgreement {
  const counted = pairs.filter((pair) => pair.judge !== null && pair.gold !== null);
  const confusion = tally(counted.map((pair) => [pair.judge ?? 0, pair.gold ?? 0] as const));
  const n = counted.length;
  const { tp, fp, tn, fn } = confusion;
  const goldKind = summarizeGoldKind(counted);
  const unmeasured = counted.filter((pair) => !hasAuthor(pair)).length;
  const isTrustedKind = goldKind === 'human' || (options.allowModelGold ?? false);
  const leak = rate(fp, fp + tn);

  const warnings: string[] = [];
  if (n === 0) {
    warnings.push(missingHalves(pairs, withoutGold));
  } else {
    if (unmeasured > 0) {
      warnings.push(
        `No author is named on ${unmeasured} of ${n} gold labels: gold nobody signed is unmeasured, so ` +
          `ok stays false until every label names who made it; sign them (an annotator name, or --author on import).`,
      );
    }
    if (goldKind !== null && !isTrustedKind) warnings.push(untrustedGoldReason(goldKind));
    if (n < MIN_GOLD) {
      const missing = MIN_GOLD - n;
      warnings.push(
        `Agreement and kappa are coarse on only ${n} labelled ${n === 1 ? 'pair' : 'pairs'} (MIN_GOLD is ${MIN_GOLD}): ` +
          `label ${missing} more ${missing === 1 ? 'row' : 'rows'} by hand.`,
      );
    }
    if (fp > 0 && fp / (fp + tn) >= LEAK_THRESHOLD) {
      warnings.push(
        `The judge passed ${fp} of ${fp + tn} gold failures (pass_when_gold_fail ${leak} >= ` +
          `${LEAK_THRESHOLD}): read the rows it passed and tighten its rubric before trusting its passes.`,
      );
    }
    warnings.push(...classWarnings(confusion, n));
  }

  return {
    n,
    n_skipped: pairs.length + withoutGold.n - n,
    n_unmeasured: unmeasured,
    agreement: n === 0 ? null : round4((tp + tn) / n),
    kappa: cohenKappa(confusion),
    ...judgeKappaDefinition(confusion),
    confusion,
    pass_when_gold_fail: leak,
    fail_when_gold_pass: rate(fn, fn + tp),
    judge_pass_rate: rate(tp + fp, n),
    gold_pass_rate: rate(tp + fn, n),
    gold_kind: goldKind,
    ok: n > 0 && unmeasured === 0 && isTrustedKind,
    warnings,
  };
}
