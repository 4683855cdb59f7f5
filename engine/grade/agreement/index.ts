export { formatAgreement, parseAgreementFile, type AgreementFile, type AgreementFilePair, type LineError } from './agreement-file';
export {
  compareJudges,
  compareJudgesFromGold,
  type CompareOptions,
  type GoldJudgeRun,
  type JudgeComparison,
  type JudgedPair,
  type JudgeRun,
  type JudgeScore,
} from './compare-judges';
export { LEAK_THRESHOLD, MAX_SKIPPED_SHARE, MIN_AGREEMENT, MIN_GOLD, MIN_KAPPA } from './constants';
export { cohenKappa, type Confusion, type Verdict } from './confusion';
export { disagreementsWithGold, rowsWithoutGold, verdictWord, type GoldRowVerdict, type JudgeRowCounts } from './gold-pairs';
export { humanAgreement, humanAgreementsOf, type AuthoredLabel, type HumanAgreement } from './human-agreement';
export {
  judgeAgreement,
  judgeAgreementFromGold,
  NO_ROWS_WITHOUT_GOLD,
  type AgreementOptions,
  type RowsWithoutGold,
  type AgreementPair,
  type GoldKindSummary,
  type JudgeAgreement,
} from './judge-agreement';
export {
  judgeTrust,
  judgeTrustFromGold,
  labelsNeeded,
  type HalfAgreement,
  type JudgeTrust,
  type TrustOptions,
  type TrustPair,
} from './judge-trust';
export { NO_GOLD, rowGold, type RowGold } from './row-gold';
export { wilson, type Interval } from './wilson';
