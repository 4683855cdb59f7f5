import { z } from 'zod';
import { AxisValues } from './axes';

/** A JSON Schema object (draft 2020-12 subset) as tools declare their parameters. */
export const JsonSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchema>;

export const TOOL_NAME_PATTERN = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/** A tool the agent may call, in OpenAI's function shape without the wrapper. */
export const ToolSpec = z.object({
  name: z.string().regex(TOOL_NAME_PATTERN, 'letters, digits, _ or -, starting with a letter or _'),
  description: z.string(),
  parameters: JsonSchema.refine((schema) => schema.type === 'object', 'parameters must be a JSON Schema with type "object"'),
});
export type ToolSpec = z.infer<typeof ToolSpec>;

/**
 * An editable description of the agent under test and the space its situations are drawn from.
 * `system_prompt` carries `policy_rules` as a numbered list; the rule axis is built from those clauses.
 */
export const Spec = z
  .object({
    name: z.string().min(1),
    /** The sentence the spec was drafted from, when it was drafted. */
    sentence: z.string().optional(),
    /** The domain bank the drafter chose, or `generic`. */
    domain: z.string().min(1),
    system_prompt: z.string().min(1),
    policy_rules: z.array(z.string().min(1)),
    tools: z.array(ToolSpec),
    /** Example result per tool name: the world's record shapes (field names kept, values redrawn). */
    result_shapes: z.record(z.string(), z.unknown()).default({}),
    /** Identifiers that exist in the world, which the writer may put in a person's mouth. */
    known_ids: z.array(z.string().min(1)).default([]),
    axes: AxisValues,
  })
  .superRefine((spec, context) => {
    const seen = new Set<string>();
    spec.tools.forEach((tool, index) => {
      if (seen.has(tool.name)) {
        context.addIssue({ code: 'custom', path: ['tools', index, 'name'], message: `duplicate tool name "${tool.name}"` });
      }
      seen.add(tool.name);
    });
    for (const name of Object.keys(spec.result_shapes)) {
      if (!seen.has(name)) {
        context.addIssue({ code: 'custom', path: ['result_shapes', name], message: `no tool named "${name}"` });
      }
    }
  });
export type Spec = z.infer<typeof Spec>;
