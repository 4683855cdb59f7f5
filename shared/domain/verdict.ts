// The pass/fail rule, once for every layer (SQL included). Free of zod: export workers load it without the schemas.

/** A reward at or above this passes; below it fails. */
export const PASS_THRESHOLD = 0.5;

export type Verdict = 'pass' | 'fail';

/** True when a reward passes. A missing reward (null) is unjudged: neither a pass nor a failure. */
export const isPass = (reward: number | null | undefined): boolean => reward != null && reward >= PASS_THRESHOLD;

/** True when a reward fails. A missing reward (null) is unjudged: never counted as a failure. */
export const isFailure = (reward: number | null | undefined): boolean => reward != null && reward < PASS_THRESHOLD;

/** The verdict of a reward; null when there is none to judge. */
export const verdictOf = (reward: number | null | undefined): Verdict | null =>
  reward == null ? null : reward >= PASS_THRESHOLD ? 'pass' : 'fail';

/** 1 for a pass, 0 for a failure: the form agreement and pass@1 count in. */
export const passBit = (reward: number): 0 | 1 => (reward >= PASS_THRESHOLD ? 1 : 0);

/** The same rule in SQL, over a column or expression that holds a reward (SQL's NULL stays unjudged). */
export const passSql = (reward: string): string => `${reward} >= ${PASS_THRESHOLD}`;
export const failSql = (reward: string): string => `${reward} < ${PASS_THRESHOLD}`;

/** A full pass: the reward "passes only" keeps (SFT imitates a row whole), so anything under it counts as failing there. */
export const FULL_PASS_REWARD = 1;

export const isFullPass = (reward: number): boolean => reward === FULL_PASS_REWARD;

/** The same rule in SQL, over a column or expression that holds a reward. */
export const fullPassSql = (reward: string): string => `${reward} = ${FULL_PASS_REWARD}`;

/**
 * A graded failure, what the generation loop mutates and splits repeats on: a failing reward, or any failed rubric
 * criterion (a marker below the threshold) however the reward came out. An unjudged row (reward null) is neither.
 */
export const isGradedFailure = (reward: number | null | undefined, markers?: Readonly<Record<string, number>> | null): boolean =>
  reward != null && (reward < PASS_THRESHOLD || Object.values(markers ?? {}).some((marker) => marker < PASS_THRESHOLD));
