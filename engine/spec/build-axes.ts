import {
  AXES,
  HISTORIES,
  MULTI_TOOL,
  STANCES,
  TOOL_CONDITIONS,
  UNRELATED_TOOL,
  UNSPECIFIED,
  WORLD_STATES,
  type Axis,
  type AxisValues,
} from '../../shared/domain';
import { TIER_ALIASES } from '../people/tiers';
import { AxisOverrideError } from './axis-override-error';
import { policySections, RULE_AXIS_CAP_GRID } from './policy-sections';
import { hasIdLikeParameters, toolParts } from './tool-kinds';

/** What the axes are built from: a spec, or just tools and a policy. */
export interface AxisSource {
  tools: readonly unknown[];
  /** The policy text; when blank, `policy_rules` are read as a numbered list instead. */
  system_prompt?: string;
  policy_rules?: readonly string[];
}

export interface BuildAxesOptions {
  /** Most policy clauses on the rule axis; null keeps every clause. Default RULE_AXIS_CAP_GRID (16). */
  rule_cap?: number | null;
  /** Axes to replace, as the SDK's `dimensions=`: each named axis takes the given values, the rest stand. */
  dimensions?: Readonly<Record<string, readonly unknown[]>>;
}

export interface BuiltAxes {
  axes: AxisValues;
  /** Things a person should read before a run, e.g. that the rule axis was capped. */
  warnings: string[];
  /** Clauses the policy has before the cap. */
  n_rules_total: number;
  rules_truncated: boolean;
}

/**
 * The six axes of a spec (SDK `build_dimensions`): tool names + `unrelated` + `multi_tool`; the policy clauses
 * (capped) + `unspecified`, the value of the rule-free block; the stances; the world states only when some tool
 * has an id-like parameter, else `unspecified`; the tool conditions; the histories.
 */
export function buildAxes(source: AxisSource, options: BuildAxesOptions = {}): AxisValues {
  return buildAxesReport(source, options).axes;
}

/** `buildAxes` with the warnings and rule counts a caller shows beside the grid. */
export function buildAxesReport(source: AxisSource, options: BuildAxesOptions = {}): BuiltAxes {
  const cap = options.rule_cap === undefined ? RULE_AXIS_CAP_GRID : options.rule_cap;
  const { rules, total } = policySections(policyText(source), cap);
  const names = source.tools.map((tool) => toolParts(tool).name).filter(Boolean);
  const base: AxisValues = {
    tool: unique([...names, UNRELATED_TOOL, MULTI_TOOL]),
    rule: unique([...rules, UNSPECIFIED]),
    stance: [...STANCES],
    world_state: hasIdLikeParameters(source.tools) ? [...WORLD_STATES] : [UNSPECIFIED],
    tool_condition: [...TOOL_CONDITIONS],
    history: [...HISTORIES],
  };
  const warnings: string[] = [];
  const truncated = total > rules.length;
  if (truncated) {
    warnings.push(
      `rule axis capped (${rules.length} of ${total} clauses): the last ${total - rules.length} policy clauses get no rows of their own; ` +
        'raise rule_cap (null keeps every clause) or shorten the policy',
    );
  }
  const axes = options.dimensions ? replaceAxis(base, options.dimensions) : base;
  return { axes, warnings, n_rules_total: total, rules_truncated: truncated };
}

/** The text the rule axis is read from: the system prompt, else the rules as a numbered list. */
export function policyText(source: Pick<AxisSource, 'system_prompt' | 'policy_rules'>): string {
  if (source.system_prompt && source.system_prompt.trim()) return source.system_prompt;
  return (source.policy_rules ?? []).map((rule, index) => `${index + 1}. ${rule}`).join('\n');
}

/**
 * Replaces only the named axes (SDK `dimensions={"stance": [...]}`), keeping the rest of the grid.
 * Throws AxisOverrideError for an axis outside the six, an empty list, or a stance the people layer does not know.
 */
export function replaceAxis(axes: AxisValues, dimensions: Readonly<Record<string, readonly unknown[]>>): AxisValues {
  const out: AxisValues = { ...axes };
  const entries = Object.entries(dimensions);
  if (entries.length === 0) {
    throw new AxisOverrideError({
      axis: '',
      message: `dimensions must name at least one axis, for example {"stance": ["adversarial", "boundary"]}. Axes: ${AXES.join(', ')}.`,
    });
  }
  for (const [axis, values] of entries) {
    if (!isAxis(axis)) {
      const hint =
        axis === 'tier' ? ' Difficulty tiers are set through the stance axis: {"stance": ["adversarial", "boundary", "ambiguous"]}.' : '';
      throw new AxisOverrideError({
        axis,
        message: `"${axis}" is not a coverage axis, so it would steer nothing. Axes: ${AXES.join(', ')}.${hint}`,
      });
    }
    const strings = unique((Array.isArray(values) ? values : []).map((value) => String(value).trim()).filter(Boolean));
    if (strings.length === 0) {
      throw new AxisOverrideError({ axis, message: `axis "${axis}" needs a non-empty list of values. Axes: ${AXES.join(', ')}.` });
    }
    if (axis === 'stance') {
      const unknown = strings.filter((value) => !Object.hasOwn(TIER_ALIASES, value));
      if (unknown.length > 0) {
        throw new AxisOverrideError({
          axis,
          message:
            `stance values ${unknown.map((value) => `"${value}"`).join(', ')} are not stances the people layer knows, ` +
            `so those cells would read as ordinary. Known stances: ${Object.keys(TIER_ALIASES).sort().join(', ')}.`,
        });
      }
    }
    out[axis] = strings;
  }
  return out;
}

function isAxis(name: string): name is Axis {
  return (AXES as readonly string[]).includes(name);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
