import { z } from 'zod';

/** The six coverage axes, in the order every grid and table uses. */
export const AXES = ['tool', 'rule', 'stance', 'world_state', 'tool_condition', 'history'] as const;
export const Axis = z.enum(AXES);
export type Axis = z.infer<typeof Axis>;

export const STANCES = [
  'ordinary',
  'ambiguous',
  'boundary',
  'adversarial',
  'hurried',
  'unsure',
  'retry',
  'mistaken',
  'exploratory',
  'conflicting',
] as const;

/** World states apply only when some tool looks a record up by an id-like parameter; else `unspecified`. */
export const WORLD_STATES = [
  'entity exists',
  'entity missing',
  'entity already acted on',
  'duplicate entity',
  'partially completed',
  'unknown',
] as const;

export const TOOL_CONDITIONS = ['success', 'timeout', 'malformed_result', 'stale_result', 'permission_denied'] as const;

export const HISTORIES = ['fresh', 'prior_failure', 'prior_partial_action', 'contradicts_earlier', 'repeat visit'] as const;

/** Tool-axis values added after the declared tools. */
export const UNRELATED_TOOL = 'unrelated';
export const MULTI_TOOL = 'multi_tool';
/** The value of the rule or world_state axis when the spec gives nothing to vary. */
export const UNSPECIFIED = 'unspecified';

const axisValue = z.string().min(1);

/** One point in the six-axis space: the coordinate of a situation. */
export const Dimensions = z.object({
  tool: axisValue,
  rule: axisValue,
  stance: axisValue,
  world_state: axisValue,
  tool_condition: axisValue,
  history: axisValue,
});
export type Dimensions = z.infer<typeof Dimensions>;

const axisValues = z
  .array(axisValue)
  .min(1, 'needs at least one value')
  .refine((values) => new Set(values).size === values.length, 'values must be unique');

/** The values each axis may take, in display order. */
export const AxisValues = z.object({
  tool: axisValues,
  rule: axisValues,
  stance: axisValues,
  world_state: axisValues,
  tool_condition: axisValues,
  history: axisValues,
});
export type AxisValues = z.infer<typeof AxisValues>;
