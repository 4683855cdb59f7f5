export { formatAgreement, parseAgreementFile, type AgreementFile, type AgreementFilePair, type LineError } from './agreement-file';
export { AGREEMENT_SERIES_POINTS, agreementSeries, type AgreementPoint } from './agreement-series';
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
export { fileAgreement, type FileAgreement, type FileAgreementOptions } from './gold/file-agreement';
export { formatGold, kappaText } from './gold/gold-format';
export { fleissKappa, type FleissKappa, type RowRatings } from './fleiss';
export {
  conflictWarnings,
  goldSummary,
  inDecidedOrder,
  type GoldOptions,
  type GoldRowOf,
  type GoldSummary,
  type GoldInput,
} from './gold/gold-summary';
export { humanAgreement, humanAgreementsOf, type AuthoredLabel, type HumanAgreement, type HumanFleiss } from './human-agreement';
export { measureJudge, type GoldPair, type JudgeMeasure } from './judge-measure';
export { judgeKappaDefinition, pairKappaDefinition, type KappaDefinition } from './kappa-definition';
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
export { currentLabels, NO_GOLD, rowGold, type RowGold, type Settlement } from './gold/row-gold';
export { wilson, type Interval } from './wilson';
