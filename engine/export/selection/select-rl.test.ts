import { describe, expect, it } from 'vitest';
import { REFUND_CONTEXT, refundMessages, rollouts } from '../__fixtures__/refund-rows';
import type { ExportInput } from '../export-input';
import { exportGrpo } from '../formats/grpo-export';
import { bandUncertainty } from './rl-difficulty';
import { selectForRl } from './select-rl';
import { groupConsecutive } from '../source';
import { validateTrlLine } from '../gates/validate-trl';

const noFaultMessages = () => refundMessages().map((message) => (message.role === 'tool' ? { ...message, fault: undefined } : message));

function fixtureRun(): ExportInput[][] {
  return [
    rollouts('sc-mixed', [1, 0, 1, 0]),
    rollouts('sc-all-pass', [1, 1, 1, 1]),
    rollouts('sc-all-fail', [0, 0, 0]),
    rollouts('sc-too-hard', [1, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    rollouts('sc-too-easy', [1, 1, 1, 1, 1, 1, 1, 1, 1, 0]),
    rollouts('sc-single', [1]),
    rollouts('sc-clean', [1, 0, 0, 1], { messages: undefined }).map((input) => ({
      ...input,
      row: { ...input.row, messages: noFaultMessages() },
    })),
  ];
}

describe('select_for_rl', () => {
  it('drop unanimous and out-of-band asks, keep mixed asks and singles', async () => {
    const { groups, report } = await selectForRl(fixtureRun());
    expect(groups.map((group) => group.scenario_id).sort()).toEqual(['sc-clean', 'sc-mixed', 'sc-single']);
    expect(report.dropped).toMatchObject({ unanimous_groups: 2, unanimous_rows: 7, too_easy_groups: 1, too_hard_groups: 1 });
    expect(report).toMatchObject({ n_rows: 36, n_groups: 7, n_groups_kept: 3, n_rows_kept: 9, singles: 1 });
    expect(report.warnings).toEqual([
      `Difficulty was measured from 4 rollouts per task for 2 of the 3 asks kept, so a task's band ` +
        `assignment can be off by about ±${bandUncertainty(4)}. Use repeats=16 for a band you can trust.`,
      '1 of the 3 asks kept has a single graded rollout, so its difficulty is unmeasured and the band ' +
        'could not filter it: simulate again with repeats of 2 or more (16 for a band you can trust) and ' +
        'grade the new run.',
    ]);
    expect(report.lines[0]).toBe('kept 9 of 36 rows (3 of 7 asks)');
  });

  it('keep out-of-band asks when the band is not enforced, and band edges are inclusive', async () => {
    const { groups } = await selectForRl(fixtureRun(), { enforce_band: false });
    expect(groups).toHaveLength(5);
    const edge = await selectForRl([rollouts('sc-edge', [1, 0, 0, 0, 0])]);
    expect(edge.groups[0]!.calibration.pass_rate).toBe(0.2);
  });

  it('name ungraded rows as the reason no ask survives, before anything else', async () => {
    const ungraded = await selectForRl([rollouts('sc-a', [null, null]), rollouts('sc-b', [null])]);
    expect(ungraded.groups).toEqual([]);
    expect(ungraded.report.warnings[0]).toBe('3 rows are ungraded: grade the run before a GRPO export (no ask survived the gates)');
    const one = await selectForRl([rollouts('sc-a', [null])]);
    expect(one.report.warnings[0]).toBe('1 row is ungraded: grade the run before a GRPO export (no ask survived the gates)');
    const unanimous = await selectForRl([rollouts('sc-a', [1, 1])]);
    expect(unanimous.report.warnings[0]).toBe('no ask survived the gates: RL needs asks the agent sometimes passes and sometimes fails');
  });

  it('never split a group: whole asks until the row target, the last may overshoot', async () => {
    const scenarios = ['a', 'b', 'c'].map((name) => rollouts(`sc-${name}`, [1, 0, 1, 0]));
    const { groups, report } = await selectForRl(scenarios, { target: 5 });
    expect(groups).toHaveLength(2);
    for (const group of groups) expect(group.rollout_ids).toHaveLength(4);
    expect(report.n_rows_kept).toBe(8);
    expect(report.dropped.over_target_groups).toBe(1);
  });

  it("word a one-repeat run honestly: singles stay and are counted, and the measured k is the asks' own", async () => {
    // One repeat per wording: most asks have one graded rollout; a few prompts came up twice in a scenario.
    const singles = Array.from({ length: 12 }, (_, index) => rollouts(`sc-one-${index}`, [index % 2]));
    const twice = ['a', 'b', 'c'].map((name) => rollouts(`sc-two-${name}`, [1, 0]));
    const { groups, report } = await selectForRl([...singles, ...twice]);
    expect(groups).toHaveLength(15);
    expect(report).toMatchObject({ singles: 12, n_groups_kept: 15, n_rows_kept: 18 });
    expect(report.warnings).toEqual([
      `Difficulty was measured from 2 rollouts per task for 3 of the 15 asks kept, so a task's band ` +
        `assignment can be off by about ±${bandUncertainty(2)}. Use repeats=16 for a band you can trust.`,
      '12 of the 15 asks kept have a single graded rollout, so their difficulty is unmeasured and the ' +
        'band could not filter them: simulate again with repeats of 2 or more (16 for a band you can ' +
        'trust) and grade the new run.',
    ]);
    const allSingles = await selectForRl(singles.slice(0, 4));
    expect(allSingles.report.warnings).toEqual([
      'All 4 asks kept have a single graded rollout, so their difficulty is unmeasured and the band ' +
        'could not filter them: simulate again with repeats of 2 or more (16 for a band you can trust) ' +
        'and grade the new run.',
    ]);
  });

  it('give the range and median of rollouts per task over the asks kept, and count only those kept', async () => {
    const mixedK = [
      rollouts('sc-k2', [1, 0]),
      rollouts('sc-k4', [1, 0, 1, 0]),
      rollouts('sc-k6', [1, 0, 1, 0, 1, 0]),
      rollouts('sc-k8', [1, 0, 1, 0, 1, 0, 1, 0]),
    ];
    const { report } = await selectForRl(mixedK);
    expect(report.warnings).toEqual([
      `Difficulty was measured from 2 to 8 rollouts per task (median 4), so a task's band assignment ` +
        `can be off by about ±${bandUncertainty(4)}. Use repeats=16 for a band you can trust.`,
    ]);
    const enough = await selectForRl([
      rollouts(
        'sc-k16',
        Array.from({ length: 16 }, (_, index) => index % 2),
      ),
    ]);
    expect(enough.report.warnings).toEqual([]);
    // Over the target, the asks left out are not counted as singles written.
    const capped = await selectForRl([rollouts('sc-k4', [1, 0, 1, 0]), ...['x', 'y'].map((name) => rollouts(`sc-one-${name}`, [1]))], {
      target: 5,
    });
    expect(capped.report.n_groups_kept + capped.report.dropped.over_target_groups).toBe(3);
    expect(capped.report.singles).toBe(capped.groups.filter((group) => group.k === 1).length);
  });

  it('judge a deduplicated ask by the pass rate the grader measured, not as a single', async () => {
    const easy = rollouts('sc-easy-dupes', [1, 1, 1, 1, 1, 0], { behavior_signature: 'same', final: 'Same reply.' });
    const { groups, report } = await selectForRl([easy]);
    expect(groups).toEqual([]);
    expect(report.dropped.too_easy_groups).toBe(1);
    expect(report.singles).toBe(0);
  });

  it('take asks round-robin across observed fault kinds', async () => {
    const faulted = ['a', 'b', 'c'].map((name) => rollouts(`sc-fault-${name}`, [1, 0]));
    const clean = rollouts('sc-none', [1, 0]).map((input) => ({ ...input, row: { ...input.row, messages: noFaultMessages() } }));
    const { groups } = await selectForRl([...faulted, clean], { target: 4 });
    expect(groups.map((group) => group.fault_kind)).toEqual(['none', 'timeout']);
  });

  it('drop duplicate trajectories and truncated rows, or penalize them', async () => {
    const duplicates = rollouts('sc-dupe', [1, 1, 0, 0], { behavior_signature: 'same', final: 'Same reply.' });
    const dupe = await selectForRl([duplicates]);
    expect(dupe.report.dropped.duplicates).toBe(3);
    const truncated = rollouts('sc-trunc', [1, 0, 1, 1]);
    truncated[3]!.row.ended_by = 'max_turns';
    const dropped = await selectForRl([truncated]);
    expect(dropped.report.dropped.truncated).toBe(1);
    expect(dropped.groups[0]).toMatchObject({ k: 3, n1: 2, n0: 1 });
    const penalized = await selectForRl([truncated], { truncated: 'penalize' });
    expect(penalized.groups[0]).toMatchObject({ k: 4, n1: 2, n0: 2, reward_mean: 0.5, reward_std: 0.5 });
  });
});

describe('GRPO export', () => {
  it('write one prompt-only line per kept ask with its group statistics', async () => {
    const rows = fixtureRun().flat();
    const stream = exportGrpo(
      groupConsecutive(rows, (input) => input.row.situation.scenario_id),
      REFUND_CONTEXT,
    );
    const lines: Record<string, unknown>[] = [];
    for await (const line of stream.lines) lines.push(JSON.parse(line) as Record<string, unknown>);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(validateTrlLine(line, 'prompt_only')).toEqual([]);
    const mixed = lines.find((line) => line.scenario_id === 'sc-mixed')!;
    expect(mixed).toMatchObject({
      k: 4,
      n0: 2,
      n1: 2,
      reward_mean: 0.5,
      reward_std: 0.5,
      calibration: { pass_rate: 0.5, k: 4, n: 4, policy: 'demo' },
    });
    expect(mixed.prompt).toEqual([
      { role: 'system', content: REFUND_CONTEXT.system_prompt },
      { role: 'user', content: expect.stringContaining('charged twice') },
    ]);
    expect(mixed.rollout_ids).toEqual(['sc-mixed#0', 'sc-mixed#1', 'sc-mixed#2', 'sc-mixed#3']);
    expect(JSON.stringify(lines)).not.toContain('privileged');
    expect(stream.report()).toMatchObject({ n_written: 3, selection: { n_groups_kept: 3 } });
  });
});
