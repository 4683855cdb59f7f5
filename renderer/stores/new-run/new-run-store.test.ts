import { describe, expect, it } from 'vitest';
import type { PreflightOutput } from '../../../shared/api/runs';
import type { AxisValues } from '../../../shared/domain';
import { fakeClient, ok, type FakeClient } from '../../api/__fixtures__/fake-client';
import { storedRun } from '../run/__fixtures__/run-detail';
import { FINANCE_SPEC } from './__fixtures__/spec';
import {
  selectCanStart,
  selectPreflightChecks,
  selectSentenceError,
  selectSettingsIssues,
  selectSpecIssues,
  selectStartBlocker,
} from './selectors';
import { distinctRunName } from './actions';
import { formFromConfig, modeSettingsOfForm } from './settings-form';
import { composePrompt, promptIntro } from './spec-edits';
import { createNewRunStore } from './store';
import type { Scheduler } from '../helpers/debounce';

/** Runs the debounce by hand: `flush()` fires what is waiting. */
function manualScheduler(): Scheduler & { flush(): void; waiting(): number } {
  let pending: (() => void) | undefined;
  return {
    set: (callback) => (pending = callback),
    clear: () => (pending = undefined),
    flush() {
      const callback = pending;
      pending = undefined;
      callback?.();
    },
    waiting: () => (pending ? 1 : 0),
  };
}

const GRID = { cells: 40, pairs_planned: 300, axis_sizes: { tool: 4, rule: 4, stance: 3, world_state: 2, tool_condition: 2, history: 2 } };

function clientWith(preflight: PreflightOutput = { checks: [], grid: GRID }): FakeClient {
  return fakeClient({
    'specs.draft': () => ok({ spec: FINANCE_SPEC, warnings: ['no domain bank matched "x"'] }),
    'specs.check': (input) => {
      const rules = (input.spec as typeof FINANCE_SPEC).policy_rules;
      const empty = rules.findIndex((rule) => rule.trim() === '');
      return ok({
        ok: empty < 0,
        issues: empty < 0 ? [] : [{ path: `policy_rules.${empty}`, message: 'Too small' }],
        warnings: [],
        spec: null,
      });
    },
    'specs.axes': (input) =>
      ok({
        axes: { ...FINANCE_SPEC.axes, rule: [...(input.policy_rules ?? []), 'unspecified'] } as AxisValues,
        warnings: [],
        n_rules_total: 3,
        rules_truncated: false,
      }),
    'runs.preflight': () => ok(preflight),
    'runs.start': () => ok(storedRun({ id: 'run_new', status: 'running' })),
  });
}

async function drafted(client: FakeClient, scheduler = manualScheduler()) {
  const store = createNewRunStore({ client: () => client, scheduler });
  store.getState().setSentence(FINANCE_SPEC.sentence!);
  await store.getState().draft();
  await settle();
  return { store, scheduler };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('new run store', () => {
  it('drafts a spec for review and checks it with the settings right away', async () => {
    const client = clientWith();
    const { store } = await drafted(client);
    const state = store.getState();
    expect(state.spec?.name).toBe('Finance assistant');
    expect(state.parameterTexts[0]).toContain('"account_id"');
    expect(state.draftWarnings).toEqual(['no domain bank matched "x"']);
    expect(client.callsOf('specs.draft')).toEqual([{ sentence: FINANCE_SPEC.sentence, seed: 0 }]);
    expect(client.callsOf('runs.preflight')[0]).toMatchObject({ config: { source: { kind: 'spec', spec: FINANCE_SPEC }, budget: 1000 } });
    expect(selectCanStart(state)).toBe(true);
  });

  it('lets the prompt and the rule axis follow an edited rule, after the edits settle', async () => {
    const client = clientWith();
    const { store, scheduler } = await drafted(client);
    store.getState().setRule(1, 'Never read a full card number back.');
    store.getState().addRule('Ask before closing an account.');
    expect(selectStartBlocker(store.getState())).toBe('Checking…');
    expect(store.getState().spec!.system_prompt).toBe(
      composePrompt('You are Penny, a personal finance assistant.', [
        FINANCE_SPEC.policy_rules[0]!,
        'Never read a full card number back.',
        FINANCE_SPEC.policy_rules[2]!,
        'Ask before closing an account.',
      ]),
    );
    expect(scheduler.waiting()).toBe(1);
    scheduler.flush();
    await settle();
    expect(client.callsOf('specs.axes')).toHaveLength(1);
    expect(store.getState().spec!.axes.rule).toEqual([...store.getState().spec!.policy_rules, 'unspecified']);
    expect(selectCanStart(store.getState())).toBe(true);
  });

  it('shows a blank rule at its field from the check', async () => {
    const { store, scheduler } = await drafted(clientWith());
    store.getState().addRule();
    scheduler.flush();
    await settle();
    expect(selectSpecIssues(store.getState(), 'policy_rules.3')).toEqual([{ path: 'policy_rules.3', message: 'Too small' }]);
    store.getState().removeRule(3);
    scheduler.flush();
    await settle();
    expect(selectSpecIssues(store.getState(), 'policy_rules')).toEqual([]);
  });

  it('ignores a check that comes back after a newer edit', async () => {
    const client = clientWith();
    const { store, scheduler } = await drafted(client);
    store.getState().removeAxisValue('stance', 'hurried');
    scheduler.flush();
    store.getState().removeAxisValue('stance', 'adversarial');
    await settle();
    expect(selectCanStart(store.getState())).toBe(false);
    scheduler.flush();
    await settle();
    expect(store.getState().spec!.axes.stance).toEqual(['ordinary']);
    expect(selectCanStart(store.getState())).toBe(true);
  });

  it('keeps JSON that does not parse at its field and blocks Start until it does', async () => {
    const { store, scheduler } = await drafted(clientWith());
    store.getState().setToolParameters(0, '{"type": "object", "properties": {');
    expect(store.getState().parameterErrors[0]).toMatch(/^not valid JSON/);
    expect(store.getState().spec!.tools[0]!.parameters).toEqual(FINANCE_SPEC.tools[0]!.parameters);
    scheduler.flush();
    await settle();
    const name = FINANCE_SPEC.tools[0]!.name;
    expect(selectStartBlocker(store.getState())).toBe(`Fix the parameters JSON of ${name}.`);
    // The pre-flight list names it too: never "All checks pass" while Start is blocked.
    const checks = selectPreflightChecks(store.getState());
    expect(checks[0]).toMatchObject({ id: 'spec_invalid', level: 'error', path: 'source.spec.tools.0.parameters' });
    expect(checks[0]!.message).toMatch(/^not valid JSON/);
    expect(selectPreflightChecks(store.getState())).toBe(checks);
    store.getState().setToolParameters(0, '{"type": "object", "properties": {"ref": {"type": "string"}}}');
    scheduler.flush();
    await settle();
    expect(store.getState().spec!.tools[0]!.parameters).toEqual({ type: 'object', properties: { ref: { type: 'string' } } });
    expect(selectCanStart(store.getState())).toBe(true);
  });

  it('checks settings at their fields before asking the server', async () => {
    const client = clientWith();
    const { store, scheduler } = await drafted(client);
    store.getState().setSetting('budget', '');
    store.getState().setSetting('fault_rate', '1.5');
    scheduler.flush();
    await settle();
    expect(
      selectSettingsIssues(store.getState())
        .map((issue) => issue.path)
        .sort(),
    ).toEqual(['budget', 'fault_rate']);
    expect(client.callsOf('runs.preflight')).toHaveLength(1);
    expect(selectStartBlocker(store.getState())).toBe('Fix the settings: budget, fault_rate.');
  });

  it('blocks Start on a pre-flight error and starts with the edited spec and the drafting warnings otherwise', async () => {
    const blocked = await drafted(clientWith({ checks: [{ id: 'no_tools', level: 'error', message: 'no tools' }], grid: null }));
    expect(selectStartBlocker(blocked.store.getState())).toBe('1 pre-flight error blocks Start.');
    expect(await blocked.store.getState().start()).toBeNull();

    const client = clientWith({ checks: [{ id: 'same_model', level: 'warning', message: 'same model' }], grid: GRID });
    const { store, scheduler } = await drafted(client);
    store.getState().setModel('agent', 'openai:gpt-4.1-mini');
    store.getState().setSetting('budget', '60');
    scheduler.flush();
    await settle();
    const run = await store.getState().start();
    expect(run?.id).toBe('run_new');
    expect(client.callsOf('runs.start')).toEqual([
      {
        config: expect.objectContaining({
          name: FINANCE_SPEC.sentence,
          budget: 60,
          models: { agent: 'openai:gpt-4.1-mini' },
          source: { kind: 'spec', spec: FINANCE_SPEC },
        }),
        warnings: ['no domain bank matched "x"'],
      },
    ]);
  });

  it('starts a run that stops when coverage saturates, and keeps the choice when run again', async () => {
    const client = clientWith();
    const { store, scheduler } = await drafted(client);
    expect(store.getState().settings.until).toBe('compute');
    store.getState().setUntil('saturation');
    scheduler.flush();
    await settle();
    expect(client.callsOf('runs.preflight').at(-1)).toMatchObject({ config: { until: 'saturation' } });
    await store.getState().start();
    expect(client.callsOf('runs.start')[0]).toMatchObject({ config: { until: 'saturation' } });
    expect(formFromConfig({ ...storedRun().config, until: 'first' }).until).toBe('first');
  });

  it('starts an rl run with the mode filling what was left blank, and a typed setting winning', async () => {
    const client = clientWith();
    const { store, scheduler } = await drafted(client);
    store.getState().setMode('rl');
    expect(modeSettingsOfForm(store.getState().settings)).toMatchObject({
      repeats: 8,
      fault_rate: 0.8,
      prefer_success: false,
      repeat_policy: 'successive',
    });
    store.getState().setSetting('fault_rate', '0.5');
    store.getState().setSetting('time_limit', '2.5');
    scheduler.flush();
    await settle();
    expect(client.callsOf('runs.preflight').at(-1)).toMatchObject({
      config: { mode: 'rl', fault_rate: 0.5, set_by_caller: ['fault_rate'], time_budget: 150 },
    });
    await store.getState().start();
    const started = (client.callsOf('runs.start')[0] as { config: Record<string, unknown> }).config;
    expect(started).toMatchObject({ mode: 'rl', fault_rate: 0.5, set_by_caller: ['fault_rate'], time_budget: 150 });
    expect(started).not.toHaveProperty('repeat_policy');
    // Run again: what the mode filled stays blank for the mode to fill, what was typed comes back.
    const again = formFromConfig({ ...storedRun().config, mode: 'rl', fault_rate: 0.5, set_by_caller: ['fault_rate'], time_budget: 150 });
    expect(again).toMatchObject({ mode: 'rl', repeats: '', phrasings: '', fault_rate: '0.5', prefer_success: null, time_limit: '2.5' });
  });

  it('starts a run with its grader and people dials, blank ones left to their defaults, and brings them back when run again', async () => {
    const client = clientWith();
    const { store, scheduler } = await drafted(client);
    store.getState().setSetting('grader', 'command:"node my-grader.mjs"');
    store.getState().setSetting('hard_share', '0.6');
    store.getState().setPatience('endless');
    scheduler.flush();
    await settle();
    await store.getState().start();
    const started = (client.callsOf('runs.start')[0] as { config: Record<string, unknown> }).config;
    expect(started).toMatchObject({
      grader: { judge: 'command:"node my-grader.mjs"', mode: 'per-row' },
      hard_share: 0.6,
      patience: 'endless',
    });
    expect(started).not.toHaveProperty('avg_turns');
    expect(started['grader']).not.toHaveProperty('version');
    const stored = {
      ...storedRun().config,
      grader: { judge: 'module:g.mjs', version: 'sha-0123456789ab', mode: 'per-row' as const },
      avg_turns: 8,
    };
    expect(formFromConfig(stored)).toMatchObject({
      grader: 'module:g.mjs',
      grader_version: '',
      avg_turns: '8',
      hard_share: '',
      patience: 'mixed',
    });
    store.getState().setSetting('hard_share', '2');
    expect(selectSettingsIssues(store.getState())).toEqual([{ path: 'hard_share', message: expect.stringMatching(/1/) }]);
  });

  it('refuses a time limit that is not a positive number of minutes, at its field', async () => {
    const { store } = await drafted(clientWith());
    store.getState().setSetting('time_limit', '0');
    expect(selectSettingsIssues(store.getState())).toEqual([
      { path: 'time_limit', message: 'minutes, more than 0 and at most 43,200 (30 days)' },
    ]);
    store.getState().setSetting('time_limit', '');
    expect(selectSettingsIssues(store.getState())).toEqual([]);
  });

  it('pre-fills sentence, spec and settings from a previous run', async () => {
    const previous = storedRun({ config: { ...storedRun().config, budget: 250, seed: 9, models: { judge: 'anthropic:claude-haiku' } } });
    const client = fakeClient({
      'runs.get': () => ok({ run: previous, summary: null, batches: [] }),
      'specs.get': () => ok({ id: 'spec_a', spec: FINANCE_SPEC }),
      'specs.check': () => ok({ ok: true, issues: [], warnings: [], spec: FINANCE_SPEC }),
      'runs.preflight': () => ok({ checks: [], grid: GRID }),
      'runs.list': () => ok({ runs: [{ name: 'Refunds confirm first' }, { name: 'Refunds confirm first (2)' }], total: 2 } as never),
    });
    const store = createNewRunStore({ client: () => client, scheduler: manualScheduler() });
    await store.getState().prefillFromRun('run_a');
    await settle();
    const state = store.getState();
    expect(state.fromRun).toMatchObject({ id: 'run_a', status: 'ready', name: 'Refunds confirm first' });
    // A name of its own: the source run's with the next number no run has yet.
    expect(state.settings.name).toBe('Refunds confirm first (3)');
    expect(distinctRunName('Refunds (4)', new Set())).toBe('Refunds (5)');
    expect(state.sentence).toBe('a retail assistant that confirms before refunding');
    expect(state.settings).toMatchObject({ budget: '250', seed: '9', models: { judge: 'anthropic:claude-haiku', agent: '' } });
    expect(state.spec).toEqual(FINANCE_SPEC);
    expect(selectCanStart(state)).toBe(true);
    // "New run with repeats" from the Export dialog: the same spec and seed, more rollouts per situation.
    await store.getState().prefillFromRun('run_a', { repeats: 4 });
    await settle();
    expect(store.getState().settings).toMatchObject({ seed: '9', repeats: '4' });
  });
});

describe('spec edits', () => {
  it('split a drafted prompt into its prose and its numbered rules, and put it back together', () => {
    expect(promptIntro(FINANCE_SPEC.system_prompt)).toBe('You are Penny, a personal finance assistant.');
    expect(composePrompt(promptIntro(FINANCE_SPEC.system_prompt), FINANCE_SPEC.policy_rules)).toBe(FINANCE_SPEC.system_prompt);
    expect(composePrompt('Be kind.', [])).toBe('Be kind.');
    // A rule being typed (still blank) stays in the list, not in the prose.
    const withBlank = composePrompt('Be kind.', ['Confirm first.', '']);
    expect(promptIntro(withBlank)).toBe('Be kind.');
  });
});

describe('the description', () => {
  it('says at the field when it is longer than a draft reads', () => {
    expect(selectSentenceError({ sentence: 'a personal finance assistant that confirms before it moves money' })).toBeNull();
    expect(selectSentenceError({ sentence: 'x'.repeat(1000) })).toBeNull();
    expect(selectSentenceError({ sentence: 'x'.repeat(52_000) })).toMatch(
      /^The description is 52,000 characters, over the 1,000 a draft reads/,
    );
  });
});
