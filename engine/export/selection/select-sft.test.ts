import { describe, expect, it } from 'vitest';
import { refundInput, rollouts } from '../__fixtures__/refund-rows';
import { selectForSft } from './select-sft';

describe('select_for_sft', () => {
  const run = [
    ...rollouts('sc-a', [1, 1, 1, 0], { prompt: 'Refund the duplicate on A1001 please.' }),
    ...rollouts('sc-b', [1, 0], { prompt: 'Can you refund order A1002?' }),
    ...rollouts('sc-c', [0, 0], { prompt: 'Where is my refund for A1001?' }),
    refundInput({ id: 'errored', scenario_id: 'sc-d', reward: 1, prompt: 'Refund A1001 now.' }),
    refundInput({ id: 'ungraded', scenario_id: 'sc-e', reward: null, prompt: 'Refund twice?' }),
  ];
  run.find((input) => input.row.rollout_id === 'errored')!.row.ended_by = 'agent_error';

  it("take each prompt's best before any prompt's second, passes only", () => {
    const { selected, report } = selectForSft(run, { target: 3 });
    expect(selected.map((input) => input.row.rollout_id)).toEqual(['sc-a#0', 'sc-b#0', 'sc-a#1']);
    expect(report).toMatchObject({ n: 10, n_eligible: 4, n_selected: 3, n_prompts: 5, n_prompts_selected: 2, regime: 'pass_filter' });
    expect(report.dropped).toEqual({ junk: 1, ungraded: 1, below_min_reward: 4 });
  });

  it('vary behaviour signatures within a prompt and cap rows per prompt with k', () => {
    const same = rollouts('sc-sig', [1, 1, 1], { prompt: 'Refund it.' });
    same[0]!.row.behavior_signature = 'x';
    same[1]!.row.behavior_signature = 'x';
    same[2]!.row.behavior_signature = 'y';
    expect(selectForSft(same).selected.map((input) => input.row.rollout_id)).toEqual(['sc-sig#0', 'sc-sig#2', 'sc-sig#1']);
    expect(selectForSft(same, { k: 1 }).selected).toHaveLength(1);
  });

  it('rank by reward when rewards spread, and draw the chance controls from the seed', () => {
    const ranked = selectForSft(run, { min_reward: 0, select: 'top_k_overall', target: 5 });
    expect(ranked.selected.map((input) => input.reward)).toEqual([1, 1, 1, 1, 0]);
    expect(ranked.report.regime).toBe('ranked');

    const draw = (seed: number) =>
      selectForSft(run, { min_reward: 0, select: 'random_k_overall', target: 4, seed }).selected.map((input) => input.row.rollout_id);
    expect(draw(7)).toEqual(draw(7));
    expect(selectForSft(run, { select: 'random_per_prompt', seed: 3 }).selected).toHaveLength(4);
  });
});
