import { ENV_HOLDOUT_FRACTION } from '../constants';
import { sha1Hex } from '../sha1';

export const SPLITS = ['train', 'holdout', 'eval'] as const;
export type SplitName = (typeof SPLITS)[number];

/** Shares (0..1) of scenarios that go to holdout and eval; the rest is train. */
export interface SplitFractions {
  holdout?: number;
  eval?: number;
}

/** The SDK's bucket: `int(sha1(key)[:8], 16) / 0xFFFFFFFF`, in [0, 1], decided by the key alone. */
export const splitBucket = (key: string): number => Number.parseInt(sha1Hex(key).slice(0, 8), 16) / 0xffffffff;

export function checkFractions(fractions: SplitFractions): { holdout: number; eval: number } {
  const holdout = fractions.holdout ?? ENV_HOLDOUT_FRACTION;
  const evaluation = fractions.eval ?? 0;
  for (const [name, value] of [
    ['holdout', holdout],
    ['eval', evaluation],
  ] as const) {
    if (!(value >= 0 && value <= 1)) throw new RangeError(`${name} fraction must be in [0, 1], got ${value}`);
  }
  if (holdout + evaluation > 1) throw new RangeError(`holdout + eval fractions must not exceed 1, got ${holdout + evaluation}`);
  return { holdout, eval: evaluation };
}

/**
 * The split a scenario belongs to, by hashing its id: every row of a scenario lands on the same side, the same
 * id always lands in the same split, and adding rows never moves an old scenario. Buckets below `holdout` are
 * holdout, the next `eval` are eval, the rest train.
 */
export function splitOf(scenarioId: string, fractions: SplitFractions = {}): SplitName {
  const { holdout, eval: evaluation } = checkFractions(fractions);
  const bucket = splitBucket(scenarioId);
  if (bucket < holdout) return 'holdout';
  if (bucket < holdout + evaluation) return 'eval';
  return 'train';
}

/** What an export says of a split with no line: `load_dataset` fails on every split when one file is empty. */
export const emptySplitWarning = (split: string): string =>
  `split ${split} has no line: no file is written for it and the dataset card does not name it`;
