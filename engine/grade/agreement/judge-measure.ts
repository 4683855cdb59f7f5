import { agreementSeries, type AgreementPoint } from './agreement-series';
import type { JudgedPair } from './compare-judges';
import { disagreementsWithGold, type GoldRowVerdict } from './gold-pairs';
import { inDecidedOrder } from './gold/gold-summary';
import { judgeAgreementFromGold, type JudgeAgreement, type RowsWithoutGold } from './judge-agreement';
import { judgeTrustFromGold, type JudgeTrust, type TrustOptions, type TrustPair } from './judge-trust';

/** A gold row as one judge saw it: the pair judge_agreement counts, the row, and when its gold was decided. */
export type GoldPair = JudgedPair & TrustPair & GoldRowVerdict & { decided_at: string };

export interface JudgeMeasure {
  judge_agreement: JudgeAgreement;
  judge_trust: JudgeTrust;
  /** How agreement and kappa settled as gold grew (gold rows in the order they were decided). */
  series: AgreementPoint[];
  disagreements: ReturnType<typeof disagreementsWithGold>;
}

/** One judge against the gold: the same figures for the app's trust panel and `wai agreement`. */
export function measureJudge(pairs: readonly GoldPair[], withoutGold: RowsWithoutGold, options: TrustOptions = {}): JudgeMeasure {
  return {
    judge_agreement: judgeAgreementFromGold(pairs, withoutGold, options),
    judge_trust: judgeTrustFromGold(pairs, withoutGold, options),
    series: agreementSeries(inDecidedOrder(pairs)),
    disagreements: disagreementsWithGold(pairs),
  };
}
