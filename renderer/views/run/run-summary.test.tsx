// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SimulationSummary } from '../../../shared/domain';
import { batch, storedRun } from '../../stores/run/__fixtures__/run-detail';
import { spentSeries } from '../../stores/run/selectors';
import { RunSettings } from './run-settings';
import { RunSummary } from './run-summary';

afterEach(cleanup);

const ARMS = { structured: 0, llm_guided: 0, open_ended: 0, behavior_targeted: 0, failure_mutation: 0 };

/** A 200-row offline run graded in the loop by a command grader. */
function summary(overrides: Partial<SimulationSummary['search']> = {}): SimulationSummary {
  return {
    rows: 200,
    stopped_because: 'budget',
    degraded: [],
    warnings: [],
    coverage: {
      pairwise: { pairs_planned: 635, pairs_covered: 600, fraction: 0.9449 },
      rows: 200,
      unique_scenario_ids: 150,
      unique_cells: 140,
      unique_signatures: 50,
      unique_prompts: 200,
      cells_unvisited: 10,
      delivered: {
        rows: 200,
        fault_share: 0.085,
        fault_share_planned: 0.0778,
        fault_rate: 0.5,
        hard_share: 0.43,
        hard_share_requested: 0.4,
        mean_turns: 5.3,
        avg_turns: null,
        user_turns_3plus_share: 0.27,
        missed_followups: 0,
      },
    },
    search: {
      batches: [],
      arm_weights: { ...ARMS, structured: 0.9, open_ended: 0.1 },
      arm_rows: { ...ARMS, structured: 160, open_ended: 20, behavior_targeted: 10, failure_mutation: 10 },
      arm_shares: { ...ARMS, structured: 0.8, open_ended: 0.1, behavior_targeted: 0.05, failure_mutation: 0.05 },
      writer_errors: [],
      rollouts: { landed: 200, resumed: 0, rerolled: 0, lost: 0, lost_by: {} },
      first_agent_error: null,
      mutation_aims: { graded_failure: 7, world_fault: 3 },
      tier_mix: {
        hard_share_requested: 0.4,
        hard_share_realized: 0.43,
        counts: { ordinary: 114, boundary: 40, adversarial: 20, ambiguous: 26 },
      },
      ended_on_question: { n: 50, user_left: 50 },
      grid: { cells: 90, flipped: 60 },
      grader: { judge_name: 'my-grader', version: 'sha-0a1b2c3d4e5f', rows: 200, failures: 62, unjudged: 1 },
      ...overrides,
    },
  };
}

const figure = (panel: string, label: string) => {
  const region = screen.getByRole('region', { name: panel });
  return within(region).getByText(label).closest('div')!.textContent;
};

describe("the Run view's loop figures", () => {
  it("show each writer's share of the rows beside the bandit's weight, and which arms the bandit does not weigh", () => {
    render(<RunSummary summary={summary()} />);
    expect(figure('Writers', 'structured')).toBe('structuredweight 90%80% · 160 rows');
    expect(figure('Writers', 'failure_mutation')).toBe('failure_mutationnot weighted5% · 10 rows');
    expect(within(screen.getByRole('region', { name: 'Writers' })).queryByText('llm_guided')).toBeNull();
  });

  it('show what the run delivered of what it was asked, and its grader with its failures and unjudged rows', () => {
    render(<RunSummary summary={summary()} />);
    expect(figure('Delivered', 'Fault rows')).toBe('Fault rows7.8% of grid cells planned at fault rate 0.58.5%');
    expect(figure('Delivered', 'Hard stances')).toBe('Hard stances40% asked43%');
    expect(figure('Grading in the loop', 'Grader')).toBe('Gradermy-grader@sha-0a1b2c3d4e5f');
    expect(figure('Grading in the loop', 'Graded failures')).toBe('Graded failures62 / 200');
    expect(figure('Grading in the loop', 'Unjudged')).toBe('Unjudged1');
    expect(figure('Grading in the loop', 'Mutations of graded failures')).toBe('Mutations of graded failures7');
  });

  it('say the conduct checks gave the reward when the run had no grader', () => {
    render(<RunSummary summary={summary({ grader: undefined })} />);
    expect(figure('Grading in the loop', 'In-loop reward')).toBe('In-loop rewardconduct checks');
  });

  it("list the run's grader and people dials with its settings", () => {
    const config = {
      ...storedRun().config,
      grader: { judge: 'command:"node my-grader.mjs"', version: 'sha-0a1b2c3d4e5f', mode: 'per-row' as const },
      patience: 'endless' as const,
      avg_turns: 8,
    };
    render(<RunSettings config={config} />);
    expect(figure('Settings', 'Grader')).toBe('Gradercommand:"node my-grader.mjs" @ sha-0a1b2c3d4e5f');
    expect(figure('Settings', 'Patience')).toBe('Patienceendless');
    expect(figure('Settings', 'Average turns')).toBe('Average turns8');
    expect(figure('Settings', 'Hard share')).toBe('Hard share0.4');
  });

  it('chart the rows each writer wrote per batch, apart from the weights it was allocated with', () => {
    const record = { ...batch(0, 40, { structured: 0.9, open_ended: 0.1 }), arm_rows: { ...ARMS, structured: 6, failure_mutation: 2 } };
    expect(spentSeries([record])[0]!.shares).toMatchObject({ structured: 0.75, failure_mutation: 0.25, open_ended: 0 });
  });
});
