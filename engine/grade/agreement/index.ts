export { formatAgreement, parseAgreementFile, type AgreementFile, type AgreementFilePair, type LineError } from './agreement-file';
export { compareJudges, type CompareOptions, type JudgeComparison, type JudgedPair, type JudgeRun, type JudgeScore } from './compare-judges';
export { LEAK_THRESHOLD, MAX_SKIPPED_SHARE, MIN_AGREEMENT, MIN_GOLD, MIN_KAPPA } from './constants';
export { cohenKappa, type Confusion, type Verdict } from './confusion';
export { humanAgreement, type AuthoredLabel, type HumanAgreement } from './human-agreement';
export { judgeAgreement, type AgreementOptions, type AgreementPair, type GoldKindSummary, type JudgeAgreement } from './judge-agreement';
export { judgeTrust, labelsNeeded, type HalfAgreement, type JudgeTrust, type TrustOptions, type TrustPair } from './judge-trust';
export { wilson, type Interval } from './wilson';
