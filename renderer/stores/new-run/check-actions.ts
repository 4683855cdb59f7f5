import type { AxisValues, RunConfigInput, Spec } from '../../../shared/domain';
import { debounce } from '../helpers/debounce';
import type { NewRunState } from './initial-state';
import { settingsFromForm } from './settings-form';
import type { NewRunContext } from './store-context';

export interface CheckActions {
  /** Runs the checks after the edits settle (debounced). */
  scheduleChecks(): void;
  /** Rebuilds stale axes, then checks the spec and the pre-flight for the current revision. */
  runChecks(): Promise<void>;
}

/** The config the pre-flight and Start send: the edited spec and the settings; null while a setting is invalid. */
export function configOf(state: Pick<NewRunState, 'spec' | 'settings'>): RunConfigInput | null {
  const settings = settingsFromForm(state.settings);
  if (!settings.ok || !state.spec) return null;
  return { ...settings.settings, source: { kind: 'spec', spec: state.spec } };
}

/**
 * Adopts the axes the engine builds from the edited tools and policy: the rule and tool axes follow the edits;
 * world states switch on or off only when whether some tool looks a record up changed, so chips a person removed stay removed.
 */
export function followAxes(spec: Spec, built: AxisValues, stale: readonly (keyof AxisValues)[]): Spec {
  const axes = { ...spec.axes };
  if (stale.includes('rule')) axes.rule = built.rule;
  if (stale.includes('tool')) axes.tool = built.tool;
  if (stale.includes('world_state')) {
    const applies = (values: readonly string[]) => !(values.length === 1 && values[0] === 'unspecified');
    if (applies(built.world_state) !== applies(axes.world_state)) axes.world_state = built.world_state;
  }
  return { ...spec, axes };
}

export function createCheckActions(context: NewRunContext): CheckActions {
  const { set, get, client, scheduler } = context;

  async function rebuildAxes(revision: number): Promise<boolean> {
    const { spec, staleAxes } = get();
    if (!spec || staleAxes.length === 0) return true;
    const result = await client().call('specs.axes', {
      tools: spec.tools,
      system_prompt: spec.system_prompt,
      policy_rules: spec.policy_rules,
    });
    if (get().revision !== revision) return false;
    if (result.ok) set({ spec: followAxes(get().spec!, result.value.axes, staleAxes), staleAxes: [] });
    else set({ staleAxes: [] });
    return true;
  }

  async function checkSpec(revision: number): Promise<void> {
    const spec = get().spec;
    if (!spec) return;
    set({ check: { ...get().check, status: 'loading', error: null } });
    const result = await client().call('specs.check', { spec });
    if (get().revision !== revision) return;
    set({
      check: result.ok
        ? { status: 'ready', revision, value: { issues: result.value.issues, warnings: result.value.warnings }, error: null }
        : { status: 'error', revision, value: null, error: result.error.message },
    });
  }

  async function checkPreflight(revision: number): Promise<void> {
    const config = configOf(get());
    if (!config) {
      set({ preflight: { status: 'idle', revision, value: null, error: null } });
      return;
    }
    set({ preflight: { ...get().preflight, status: 'loading', error: null } });
    const result = await client().call('runs.preflight', { config });
    if (get().revision !== revision) return;
    set({
      preflight: result.ok
        ? { status: 'ready', revision, value: result.value, error: null }
        : { status: 'error', revision, value: null, error: result.error.message },
    });
  }

  async function runChecks(): Promise<void> {
    const revision = get().revision;
    if (!(await rebuildAxes(revision))) return;
    await Promise.all([checkSpec(revision), checkPreflight(revision)]);
  }

  const checkSoon = debounce(() => void runChecks(), context.checkDelayMs, scheduler);

  return { scheduleChecks: () => checkSoon(), runChecks };
}
