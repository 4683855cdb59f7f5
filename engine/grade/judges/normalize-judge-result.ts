import type { JUDGE_STATUSES } from '../../../shared/domain';
import { JudgeConfigError } from './judge-config-error';

export type JudgeStatusValue = (typeof JUDGE_STATUSES)[number];

/** A judge's answer in the contract's shape. `reward` is null whenever `judge_status` is not `ok`: never a silent 0. */
export interface NormalizedJudgeResult {
  /** In [0, 1], or null. */
  reward: number | null;
  reason: string;
  judge_status: JudgeStatusValue;
  /** Every returned key but reward/score/reason, a nested `judge_meta` object flattened in (nested wins). */
  judge_meta: Record<string, unknown>;
}

const SCALED_DIGITS = 1e6;

/** The type name reported in `judge_meta.reward_type` / `returned_type`. */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function reasonOf(raw: Record<string, unknown>): string {
  const reason = raw['reason'];
  if (reason === undefined || reason === null || reason === '') return '';
  return typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason));
}

function verdictMeta(raw: Record<string, unknown>, drop: readonly string[]): Record<string, unknown> {
  const outer: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!drop.includes(key) && !(key === 'judge_meta' && isRecord(value))) outer[key] = value;
  }
  const nested = raw['judge_meta'];
  return isRecord(nested) ? { ...outer, ...nested } : outer;
}

function failed(judgeStatus: Exclude<JudgeStatusValue, 'ok'>, reason: string, meta: Record<string, unknown>): NormalizedJudgeResult {
  return { reward: null, reason, judge_status: judgeStatus, judge_meta: meta };
}

/** Throws JudgeConfigError unless the scale is [lo, hi] with finite numbers and hi > lo. */
export function checkScale(scale: readonly [number, number]): void {
  const [lo, hi] = scale;
  if (!Number.isFinite(lo) || !Number.isFinite(hi) || !(hi > lo)) {
    throw new JudgeConfigError(`scale must be [lo, hi] with finite numbers and hi > lo, got [${lo}, ${hi}]`);
  }
}

function normalizeScaled(raw: unknown, scale: readonly [number, number]): NormalizedJudgeResult {
  const [lo, hi] = scale;
  let number: unknown = raw;
  let reason = '';
  let meta: Record<string, unknown> = {};
  if (isRecord(raw)) {
    reason = reasonOf(raw);
    number = raw['rating'] ?? raw['score'] ?? raw['reward'];
    meta = verdictMeta(raw, ['rating', 'score', 'reward', 'reason']);
    if (number === undefined || number === null) {
      return failed('missing_reward', reason, { returned_keys: Object.keys(raw).sort() });
    }
  }
  if (typeof number !== 'number') return failed('invalid_result', reason, { reward_type: typeName(number) });
  if (!(number >= lo && number <= hi)) {
    return failed('invalid_result', reason, { rating_out_of_scale: number, scale: [lo, hi] });
  }
  const reward = Math.round(((number - lo) / (hi - lo)) * SCALED_DIGITS) / SCALED_DIGITS;
  return { reward, reason, judge_status: 'ok', judge_meta: { ...meta, rating: number, scale: [lo, hi] } };
}

/**
 * Coerces one judge answer into the contract (SDK `normalize_judge_result`): a boolean is 0/1; a number in [0, 1]
 * is the reward; an object's `reward` (else `score`) is, with a boolean read as 0/1. A number outside [0, 1] is
 * `invalid_result` (`reward_out_of_range`), an object without reward/score `missing_reward` (`returned_keys`), a
 * reward of another type `invalid_result` (`reward_type`), any other answer `invalid_result` (`returned_type`).
 * With `scale = [lo, hi]` the number (an object's `rating`, `score` or `reward`) is a rating mapped to
 * (v - lo) / (hi - lo), keeping `rating` and `scale` in judge_meta. Throws JudgeConfigError for a bad scale.
 */
export function normalizeJudgeResult(raw: unknown, scale?: readonly [number, number]): NormalizedJudgeResult {
  if (scale !== undefined) {
    checkScale(scale);
    return normalizeScaled(raw, scale);
  }
  if (typeof raw === 'boolean') return { reward: raw ? 1 : 0, reason: '', judge_status: 'ok', judge_meta: {} };
  if (typeof raw === 'number') {
    if (!(raw >= 0 && raw <= 1)) return failed('invalid_result', '', { reward_out_of_range: raw });
    return { reward: raw, reason: '', judge_status: 'ok', judge_meta: {} };
  }
  if (!isRecord(raw)) return failed('invalid_result', '', { returned_type: typeName(raw) });
  if (!('reward' in raw) && !('score' in raw)) {
    return failed('missing_reward', '', { returned_keys: Object.keys(raw).sort() });
  }
  const reason = reasonOf(raw);
  let value = 'reward' in raw ? raw['reward'] : raw['score'];
  if (typeof value === 'boolean') value = value ? 1 : 0;
  if (typeof value !== 'number') return failed('invalid_result', reason, { reward_type: typeName(value) });
  if (!(value >= 0 && value <= 1)) return failed('invalid_result', reason, { reward_out_of_range: value });
  return { reward: value, reason, judge_status: 'ok', judge_meta: verdictMeta(raw, ['reward', 'score', 'reason']) };
}
