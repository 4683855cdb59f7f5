import { describe, expect, it } from 'vitest';
import { environmentRows } from '../__fixtures__/environment-rows';
import { REFUND_CONTEXT } from '../__fixtures__/refund-rows';
import { select } from './selection';

describe('Selection', () => {
  const rows = environmentRows(20);

  it('carry the run context through every slice', () => {
    const selection = select(rows, REFUND_CONTEXT);
    expect(selection.passes().context).toBe(REFUND_CONTEXT);
    expect(selection.passes().rows.every((input) => input.reward === 1)).toBe(true);
    expect(selection.failures().size + selection.passes().size).toBe(rows.length);
    expect(selection.slice(0, 3).size).toBe(3);
    expect(selection.unjudged().size).toBe(0);
  });

  it('split by scenario with every rollout of a scenario on one side', () => {
    const selection = select(rows, REFUND_CONTEXT);
    const train = selection.split('train', { holdout: 0.3 });
    const holdout = selection.split('holdout', { holdout: 0.3 });
    expect(train.size + holdout.size).toBe(rows.length);
    const trainScenarios = new Set(train.rows.map((input) => input.row.situation.scenario_id));
    expect(holdout.rows.some((input) => trainScenarios.has(input.row.situation.scenario_id))).toBe(false);
  });

  it('select for SFT and RL, and decontaminate, keeping the context', async () => {
    const selection = select(rows, REFUND_CONTEXT);
    const sft = selection.forSft({ target: 5 });
    expect(sft.selection.size).toBe(5);
    expect(sft.selection.context).toBe(REFUND_CONTEXT);
    const rl = await selection.forRl();
    expect(rl.selection.size).toBe(rl.report.n_rows_kept);
    const clean = selection.decontaminate([{ prompt: rows[0]!.row.prompt, task_id: null }]);
    expect(clean.report.n_exact).toBe(4);
    expect(clean.selection.size).toBe(rows.length - 4);
    expect(clean.selection.context).toBe(REFUND_CONTEXT);
  });
});
