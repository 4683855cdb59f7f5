import type { Mode, PatienceSetting, RepeatPolicy, Run, RunConfig, Spec, Until } from '../../../shared/domain';
import { clipWords } from '../../../shared/domain/clip-words';
import { configOf, createCheckActions, type CheckActions } from './check-actions';
import { initialNewRunState } from './initial-state';
import { selectCanStart } from './selectors';
import { formFromConfig, settingsFromForm, type Role, type SettingsField } from './settings-form';
import { createSpecActions, type SpecActions } from './spec-actions';
import { parametersText } from './spec-edits';
import type { NewRunContext } from './store-context';

export interface NewRunActions extends SpecActions, CheckActions {
  setSentence(text: string): void;
  /** Drafts a spec from the sentence (offline) and puts it up for review. */
  draft(): Promise<void>;
  /**
   * Pre-fills the sentence, spec and settings from a previous run ("New run from this run"); `repeats` replaces the
   * run's (the Export dialog's "New run with repeats": the same spec and seed, more rollouts per situation).
   */
  prefillFromRun(runId: string, overrides?: { repeats?: number }): Promise<void>;
  setSetting(field: SettingsField, value: string): void;
  setModel(role: Role, value: string): void;
  /** Sets prefer_success explicitly: it then wins over the mode's default. */
  setPreferSuccess(value: boolean): void;
  setUntil(value: Until): void;
  /** Settings left blank follow the new mode's defaults; those typed stay. */
  setMode(value: Mode): void;
  /** null: the mode's policy. */
  setRepeatPolicy(value: RepeatPolicy | null): void;
  /** `mixed`: each person their own patience. */
  setPatience(value: PatienceSetting): void;
  /** Starts the run with the edited spec; resolves to the stored run, or null when it could not start. */
  start(): Promise<Run | null>;
  reset(): void;
}

/** A run without a name is named by the sentence it was described with, as runs started from a sentence are. */
export function runNameOf(sentence: string): string | undefined {
  return clipWords(sentence, 80) || undefined;
}

/**
 * A name for a new run made from `name` that none of `taken` has: "Refund desk (2)", then "(3)"..., counting on from a
 * number the name already ends in.
 */
export function distinctRunName(name: string, taken: ReadonlySet<string>): string {
  const match = /^(.*) \((\d+)\)$/.exec(name);
  const base = match ? match[1]! : name;
  for (let number = match ? Number(match[2]) + 1 : 2; ; number += 1) {
    const candidate = `${base} (${number})`;
    if (!taken.has(candidate)) return candidate;
  }
}

export function createNewRunActions(context: NewRunContext): NewRunActions {
  const { set, get, client } = context;
  const checks = createCheckActions(context);

  function review(spec: Spec, warnings: string[]): void {
    set({
      spec,
      parameterTexts: spec.tools.map(parametersText),
      parameterErrors: spec.tools.map(() => null),
      draftStatus: 'ready',
      draftError: null,
      draftWarnings: warnings,
      revision: get().revision + 1,
      staleAxes: [],
    });
    void checks.runChecks();
  }

  function changeSettings(settings: ReturnType<typeof get>['settings']): void {
    set({ settings, revision: get().revision + 1 });
    if (get().spec) checks.scheduleChecks();
  }

  return {
    ...checks,
    ...createSpecActions(context, checks),
    setSentence: (sentence) => set({ sentence }),
    async draft() {
      const { sentence } = get();
      const settings = settingsFromForm(get().settings);
      set({ draftStatus: 'loading', draftError: null, draftWarnings: [] });
      const result = await client().call('specs.draft', { sentence, seed: settings.ok ? settings.settings.seed : 0 });
      if (result.ok) review(result.value.spec, result.value.warnings);
      else set({ draftStatus: 'error', draftError: result.error.message });
    },
    async prefillFromRun(runId, overrides = {}) {
      set({ ...initialNewRunState, revision: get().revision + 1, fromRun: { id: runId, name: null, status: 'loading', error: null } });
      const detail = await client().call('runs.get', { run_id: runId });
      if (!detail.ok) {
        set({ fromRun: { id: runId, name: null, status: 'error', error: detail.error.message } });
        return;
      }
      const { run } = detail.value;
      const spec = await specOfRun(run.config, run.spec_id);
      if (!spec.ok) {
        set({ fromRun: { id: runId, name: run.name, status: 'error', error: spec.message } });
        return;
      }
      // A name of its own, so the two runs can be told apart in the Runs list (the newest runs' names are read).
      const listed = await client().call('runs.list', { limit: 500, offset: 0 });
      const taken = new Set([run.name, ...(listed.ok ? listed.value.runs.map((each) => each.name) : [])]);
      set({
        fromRun: { id: runId, name: run.name, status: 'ready', error: null },
        sentence: run.config.source.kind === 'describe' ? run.config.source.sentence : (spec.spec.sentence ?? ''),
        settings: {
          ...formFromConfig(run.config),
          name: distinctRunName(run.name, taken),
          ...(overrides.repeats === undefined ? {} : { repeats: String(overrides.repeats) }),
        },
      });
      review(spec.spec, []);
    },
    setSetting: (field, value) => changeSettings({ ...get().settings, [field]: value }),
    setModel: (role, value) => changeSettings({ ...get().settings, models: { ...get().settings.models, [role]: value } }),
    setPreferSuccess: (value) => changeSettings({ ...get().settings, prefer_success: value }),
    setUntil: (until) => changeSettings({ ...get().settings, until }),
    setMode: (mode) => changeSettings({ ...get().settings, mode }),
    setRepeatPolicy: (repeat_policy) => changeSettings({ ...get().settings, repeat_policy }),
    setPatience: (patience) => changeSettings({ ...get().settings, patience }),
    async start() {
      const state = get();
      const config = configOf(state);
      if (!selectCanStart(state) || !config) return null;
      set({ startStatus: 'starting', startError: null });
      const name = config.name ?? runNameOf(state.sentence);
      const result = await client().call('runs.start', { config: name ? { ...config, name } : config, warnings: state.draftWarnings });
      if (!result.ok) {
        set({ startStatus: 'error', startError: result.error.message });
        return null;
      }
      set({ startStatus: 'idle' });
      return result.value;
    },
    reset: () => set({ ...initialNewRunState, revision: get().revision + 1 }),
  };

  async function specOfRun(config: RunConfig, specId: string | null): Promise<{ ok: true; spec: Spec } | { ok: false; message: string }> {
    if (specId) {
      const stored = await client().call('specs.get', { spec_id: specId });
      if (stored.ok) return { ok: true, spec: stored.value.spec };
      if (config.source.kind !== 'spec') return { ok: false, message: stored.error.message };
    }
    if (config.source.kind === 'spec') return { ok: true, spec: config.source.spec };
    const drafted = await client().call('specs.draft', { sentence: config.source.sentence, seed: config.seed });
    return drafted.ok ? { ok: true, spec: drafted.value.spec } : { ok: false, message: drafted.error.message };
  }
}
