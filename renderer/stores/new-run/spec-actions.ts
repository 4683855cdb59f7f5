import type { Axis, Spec } from '../../../shared/domain';
import type { CheckActions } from './check-actions';
import {
  addValue,
  parametersText,
  parseParameters,
  withAxisValues,
  withIntro,
  withKnownIds,
  withNewTool,
  withoutTool,
  withRules,
  withTool,
} from './spec-edits';
import type { NewRunContext } from './store-context';

/** Edits to the spec under review; each one bumps the revision and schedules the checks. */
export interface SpecActions {
  setIntro(text: string): void;
  setRule(index: number, text: string): void;
  /** Appends a rule (empty until typed: the check flags it at its field). */
  addRule(text?: string): void;
  removeRule(index: number): void;
  setToolName(index: number, name: string): void;
  setToolDescription(index: number, text: string): void;
  /** Takes the JSON as typed; the spec keeps the last text that parsed, and the field shows the parse error. */
  setToolParameters(index: number, text: string): void;
  addTool(): void;
  removeTool(index: number): void;
  addKnownId(id: string): void;
  removeKnownId(id: string): void;
  addAxisValue(axis: Axis, value: string): void;
  removeAxisValue(axis: Axis, value: string): void;
}

export function createSpecActions(context: NewRunContext, checks: CheckActions): SpecActions {
  const { set, get } = context;

  function edit(change: (spec: Spec) => Spec, stale: readonly Axis[] = [], extra: Partial<ReturnType<typeof get>> = {}): void {
    const state = get();
    if (!state.spec) return;
    set({
      ...extra,
      spec: change(state.spec),
      revision: state.revision + 1,
      staleAxes: [...new Set([...state.staleAxes, ...stale])],
    });
    checks.scheduleChecks();
  }

  const rules = () => get().spec?.policy_rules ?? [];

  return {
    setIntro: (text) => edit((spec) => withIntro(spec, text), ['rule']),
    setRule: (index, text) =>
      edit(
        (spec) =>
          withRules(
            spec,
            rules().map((rule, each) => (each === index ? text : rule)),
          ),
        ['rule'],
      ),
    addRule: (text = '') => edit((spec) => withRules(spec, [...rules(), text]), ['rule']),
    removeRule: (index) =>
      edit(
        (spec) =>
          withRules(
            spec,
            rules().filter((_, each) => each !== index),
          ),
        ['rule'],
      ),
    setToolName: (index, name) => edit((spec) => withTool(spec, index, { name }), ['tool']),
    setToolDescription: (index, description) => edit((spec) => withTool(spec, index, { description })),
    setToolParameters(index, text) {
      const parsed = parseParameters(text);
      const parameterTexts = get().parameterTexts.map((each, position) => (position === index ? text : each));
      const parameterErrors = get().parameterErrors.map((each, position) =>
        position === index ? (parsed.ok ? null : parsed.message) : each,
      );
      edit((spec) => (parsed.ok ? withTool(spec, index, { parameters: parsed.value }) : spec), ['world_state'], {
        parameterTexts,
        parameterErrors,
      });
    },
    addTool() {
      const spec = get().spec;
      if (!spec) return;
      const next = withNewTool(spec);
      edit(() => next, ['tool', 'world_state'], {
        parameterTexts: [...get().parameterTexts, parametersText(next.tools.at(-1)!)],
        parameterErrors: [...get().parameterErrors, null],
      });
    },
    removeTool(index) {
      edit((spec) => withoutTool(spec, index), ['tool', 'world_state'], {
        parameterTexts: get().parameterTexts.filter((_, each) => each !== index),
        parameterErrors: get().parameterErrors.filter((_, each) => each !== index),
      });
    },
    addKnownId: (id) => edit((spec) => withKnownIds(spec, addValue(spec.known_ids, id))),
    removeKnownId: (id) =>
      edit((spec) =>
        withKnownIds(
          spec,
          spec.known_ids.filter((each) => each !== id),
        ),
      ),
    addAxisValue: (axis, value) => edit((spec) => withAxisValues(spec, axis, addValue(spec.axes[axis], value))),
    removeAxisValue: (axis, value) =>
      edit((spec) =>
        withAxisValues(
          spec,
          axis,
          spec.axes[axis].filter((each) => each !== value),
        ),
      ),
  };
}
