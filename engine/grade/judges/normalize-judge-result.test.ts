import { describe, expect, it } from 'vitest';
import { JudgeConfigError } from './judge-config-error';
import { normalizeJudgeResult } from './normalize-judge-result';

describe('normalizeJudgeResult', () => {
  it('reads booleans as 0 and 1', () => {
    expect(normalizeJudgeResult(true)).toEqual({ reward: 1, reason: '', judge_status: 'ok', judge_meta: {} });
    expect(normalizeJudgeResult(false)).toEqual({ reward: 0, reason: '', judge_status: 'ok', judge_meta: {} });
  });

  it('takes a number in [0, 1] as the reward, ends included', () => {
    expect(normalizeJudgeResult(0.7)).toMatchObject({ reward: 0.7, judge_status: 'ok' });
    expect(normalizeJudgeResult(0)).toMatchObject({ reward: 0, judge_status: 'ok' });
    expect(normalizeJudgeResult(1)).toMatchObject({ reward: 1, judge_status: 'ok' });
  });

  it('refuses a number outside [0, 1] with the value, never clamping it', () => {
    expect(normalizeJudgeResult(1.5)).toEqual({
      reward: null,
      reason: '',
      judge_status: 'invalid_result',
      judge_meta: { reward_out_of_range: 1.5 },
    });
    expect(normalizeJudgeResult(-0.1)).toMatchObject({ reward: null, judge_status: 'invalid_result' });
    expect(normalizeJudgeResult(Number.NaN)).toMatchObject({ reward: null, judge_status: 'invalid_result' });
  });

  it('reads an object by reward, else score, keeping the other keys as judge_meta', () => {
    expect(normalizeJudgeResult({ reward: 1, reason: 'polite and correct', failure_class: null, tokens: 312 })).toEqual({
      reward: 1,
      reason: 'polite and correct',
      judge_status: 'ok',
      judge_meta: { failure_class: null, tokens: 312 },
    });
    expect(normalizeJudgeResult({ score: 0.25 })).toMatchObject({ reward: 0.25, judge_status: 'ok' });
    expect(normalizeJudgeResult({ reward: true })).toMatchObject({ reward: 1, judge_status: 'ok' });
  });

  it('flattens a nested judge_meta, the nested value winning', () => {
    expect(normalizeJudgeResult({ reward: 0, verifier: 'outer', judge_meta: { verifier: 'inner', checks: 3 } }).judge_meta).toEqual({
      verifier: 'inner',
      checks: 3,
    });
    expect(normalizeJudgeResult({ reward: 0, judge_meta: 'plain' }).judge_meta).toEqual({ judge_meta: 'plain' });
  });

  it('reports an object without a reward as missing_reward with the keys it had', () => {
    expect(normalizeJudgeResult({ verdict: 'pass', reason: 'fine' })).toEqual({
      reward: null,
      reason: '',
      judge_status: 'missing_reward',
      judge_meta: { returned_keys: ['reason', 'verdict'] },
    });
  });

  it('reports a reward of the wrong type or out of range as invalid_result, keeping the reason', () => {
    expect(normalizeJudgeResult({ reward: 'pass', reason: 'looks right' })).toEqual({
      reward: null,
      reason: 'looks right',
      judge_status: 'invalid_result',
      judge_meta: { reward_type: 'string' },
    });
    expect(normalizeJudgeResult({ reward: null })).toMatchObject({ judge_status: 'invalid_result', judge_meta: { reward_type: 'null' } });
    expect(normalizeJudgeResult({ reward: 7 })).toMatchObject({ judge_status: 'invalid_result', judge_meta: { reward_out_of_range: 7 } });
  });

  it('reports any other answer as invalid_result with its type', () => {
    expect(normalizeJudgeResult('pass')).toMatchObject({
      reward: null,
      judge_status: 'invalid_result',
      judge_meta: { returned_type: 'string' },
    });
    expect(normalizeJudgeResult(null)).toMatchObject({ judge_meta: { returned_type: 'null' } });
    expect(normalizeJudgeResult(undefined)).toMatchObject({ judge_meta: { returned_type: 'undefined' } });
    expect(normalizeJudgeResult([1])).toMatchObject({ judge_meta: { returned_type: 'array' } });
  });

  it('maps a rating on a scale to [0, 1] and keeps the rating', () => {
    expect(normalizeJudgeResult(4, [1, 5])).toEqual({
      reward: 0.75,
      reason: '',
      judge_status: 'ok',
      judge_meta: { rating: 4, scale: [1, 5] },
    });
    expect(normalizeJudgeResult({ rating: 2, reason: 'partly' }, [0, 3])).toMatchObject({
      reward: 0.666667,
      reason: 'partly',
      judge_status: 'ok',
    });
    expect(normalizeJudgeResult(6, [1, 5])).toMatchObject({
      reward: null,
      judge_status: 'invalid_result',
      judge_meta: { rating_out_of_scale: 6, scale: [1, 5] },
    });
    expect(normalizeJudgeResult({ comment: 'good' }, [1, 5])).toMatchObject({
      judge_status: 'missing_reward',
      judge_meta: { returned_keys: ['comment'] },
    });
    expect(() => normalizeJudgeResult(3, [5, 1])).toThrow(JudgeConfigError);
  });
});
