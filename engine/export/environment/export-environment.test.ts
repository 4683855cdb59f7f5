import { describe, expect, it } from 'vitest';
import { environmentRows } from '../__fixtures__/environment-rows';
import { HIDDEN_STATE, REFERENCE, REFUND_CONTEXT, RUBRIC_TEXT, rollouts } from '../__fixtures__/refund-rows';
import { splitBucket } from '../selection/splits';
import { buildTasks } from './build-tasks';
import { EnvironmentExportError } from './environment-export-error';
import { distributionName, environmentFilePaths, environmentName } from './environment-name';
import { exportEnvironment } from './export-environment';

describe('build_tasks', () => {
  it('make one task per prompt with calibration, drop out-of-band tasks and split whole scenarios by hash', async () => {
    const rows = environmentRows(40);
    const built = await buildTasks(rows);
    expect(built.prompts).toBe(40);
    // patterns cycle mixed .5, .75, all-pass, all-fail, .5: the unanimous ones are outside [0.2, 0.8]
    expect(built.band_dropped).toBe(16);
    expect(built.graded_prompts).toBe(40);
    expect(built.graded_mixed).toBe(24);
    expect(built.train.length + built.holdout.length).toBe(24);
    for (const task of built.holdout) expect(splitBucket(String(task.info.scenario_id))).toBeLessThan(0.2);
    for (const task of built.train) expect(splitBucket(String(task.info.scenario_id))).toBeGreaterThanOrEqual(0.2);
    const task = built.train[0]!;
    expect(task.prompt).toEqual([{ role: 'user', content: expect.stringMatching(/^Order A1\d{3}: /) }]);
    expect(task.example_id).toMatch(/^[0-9a-f]{12}$/);
    expect(task.info).toMatchObject({ task_id: task.example_id, world_state: 'entity exists', calibration: { n: 4 } });
    expect(typeof task.info.seed).toBe('number');
    expect(built.decontamination).toMatchObject({ n_contaminated: 0, ngram: 8 });
  });

  it('keep every task without a band, and clamp labels while keeping partial credit', async () => {
    const built = await buildTasks([...rollouts('sc-x', [0.5, 1.7, -1]), ...environmentRows(5)], { band: null, holdout: 0 });
    expect(built.band_dropped).toBe(0);
    const partial = built.train.find((task) => task.info.scenario_id === 'sc-x')!;
    expect(partial.info.calibration).toEqual({ pass_rate: 0.5, n: 3 });
  });

  it('drop train tasks that near-copy a holdout task', async () => {
    const original = 'Please refund the duplicate charge on order A1001 to my original card because I was billed twice';
    const rows = [
      ...rollouts('sc-orig', [1, 0], { prompt: original }),
      ...rollouts('sc-copy', [1, 0], { prompt: `${original} last week` }),
      ...environmentRows(3),
    ];
    const built = await buildTasks(rows, { holdout_prompts: [original.toUpperCase()] });
    expect(built.holdout.map((task) => task.info.scenario_id)).toEqual(['sc-orig']);
    expect(built.train.map((task) => task.info.scenario_id)).not.toContain('sc-copy');
    expect(built.decontamination).toMatchObject({ n_contaminated: 1, ngram: 8 });
    expect(built.decontamination.examples[0]).toMatchObject({ match: 'near', task: 'sc-orig' });
  });
});

describe('export_environment', () => {
  it('write the package layout with spec, data and a report, and never privileged text', async () => {
    const { files, report } = await exportEnvironment(environmentRows(40), {
      name: 'Refund Desk (v2)',
      context: REFUND_CONTEXT,
      world: { known_ids: ['A1001', 'A1002'], exists_share: 0.7 },
    });
    expect(report.name).toBe('refund_desk_v2');
    expect(files.map((file) => file.path)).toEqual([
      'pyproject.toml',
      'README.md',
      'refund_desk_v2/__init__.py',
      'refund_desk_v2/world.py',
      'refund_desk_v2/rewards.py',
      'refund_desk_v2/pyproject.toml',
      'refund_desk_v2/spec.json',
      'refund_desk_v2/data/train.jsonl',
      'refund_desk_v2/data/holdout.jsonl',
    ]);
    expect(files.map((file) => file.path)).toEqual(environmentFilePaths('refund_desk_v2'));
    const spec = JSON.parse(files.find((file) => file.path.endsWith('spec.json'))!.content);
    expect(spec).toMatchObject({
      name: 'refund_desk_v2',
      system_prompt: REFUND_CONTEXT.system_prompt,
      max_turns: 10,
      reward: 'refund_desk_v2:checklist_reward',
      execute: null,
      world: { known_ids: ['A1001', 'A1002'], exists_share: 0.7 },
    });
    expect(spec.tools.map((tool: { name: string }) => tool.name)).toEqual(['lookup_order', 'issue_refund']);
    const train = files
      .find((file) => file.path.endsWith('train.jsonl'))!
      .content.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(train).toHaveLength(report.train);
    for (const task of train) expect(Object.keys(task)).toEqual(['prompt', 'info', 'example_id']);
    expect(report).toMatchObject({ runtime: 'verifiers', prompts: 40, tasks: 24, band: [0.2, 0.8], band_dropped: 16 });
    expect(report.warnings.join('\n')).toMatch(/process reward/);
    const text = files.map((file) => file.content).join('\n');
    for (const secret of [HIDDEN_STATE, REFERENCE, RUBRIC_TEXT]) expect(text).not.toContain(secret);
    expect(text).not.toContain('"privileged"');
    const pyproject = files[0]!.content;
    expect(pyproject).toContain('name = "refund-desk-v2"');
    expect(pyproject).toContain('requires-python = ">=3.11,<3.14"');
    expect(files.find((file) => file.path === 'refund_desk_v2/pyproject.toml')!.content).toContain('num_examples = 5');
    const readme = files[1]!.content;
    expect(readme).toContain(`| train | ${report.train} |`);
    expect(readme).toContain('never enters the prompt');
    expect(readme).toContain('imported inside `load_environment`');
  });

  it('write no holdout file when the holdout has no task, and say so', async () => {
    const { files, report } = await exportEnvironment(environmentRows(12), { context: REFUND_CONTEXT, holdout: 0 });
    expect(report.holdout).toBe(0);
    expect(files.map((file) => file.path)).not.toContain('whileai_env/data/holdout.jsonl');
    expect(files.find((file) => file.path === 'README.md')!.content).toContain('| holdout (eval_dataset) | 0 | none: no file is written');
    expect(report.warnings).toContain('holdout is empty, so no holdout file was written: eval_dataset falls back to the train tasks');
  });

  it('be byte-identical for the same rows in any order', async () => {
    const rows = environmentRows(12);
    const first = await exportEnvironment(rows, { context: REFUND_CONTEXT });
    const second = await exportEnvironment([...rows].reverse(), { context: REFUND_CONTEXT });
    expect(second.files).toEqual(first.files);
    expect(first.report.name).toBe('whileai_env');
  });

  it('warn when no graded prompt is mixed, and refuse when no train task is left', async () => {
    const mixedless = await exportEnvironment(
      environmentRows(30).filter((input) => input.row.situation.scenario_id.endsWith('2') || input.row.situation.scenario_id.endsWith('3')),
      {
        context: REFUND_CONTEXT,
        band: null,
      },
    );
    expect(mixedless.report.warnings[0]).toMatch(/^no_mixed_groups: /);
    await expect(exportEnvironment(rollouts('sc-pass', [1, 1, 1]), { context: REFUND_CONTEXT })).rejects.toSatisfy(
      (error: unknown) => EnvironmentExportError.isInstance(error) && /no train tasks/.test(String(error)),
    );
  });

  it('refuse references a trainer cannot import and unknown world dials', async () => {
    const rows = environmentRows(10);
    for (const reward of ['lambda x: 1', '__main__:score', 'rewards']) {
      await expect(exportEnvironment(rows, { context: REFUND_CONTEXT, reward })).rejects.toThrow(EnvironmentExportError);
    }
    await expect(
      exportEnvironment(rows, { context: REFUND_CONTEXT, reward: 'my_rewards.outcome:score', execute: 'backend.tools:call' }),
    ).resolves.toBeTruthy();
    await expect(exportEnvironment(rows, { context: REFUND_CONTEXT, world: { exist_share: 0.5 } })).rejects.toThrow(/world dials/);
  });

  it('name the module as the SDK does', () => {
    expect(environmentName(undefined)).toBe('whileai_env');
    expect(environmentName('My-Env 2')).toBe('my_env_2');
    expect(environmentName('2fast')).toBe('env_2fast');
    expect(environmentName('import')).toBe('import_env');
    expect(distributionName('my_env_2')).toBe('my-env-2');
  });
});
