import { z } from 'zod';
import { Spec, ToolSpec } from '../../shared/domain';
import type { ModelBackend } from '../models/model-backend';
import { ModelCallError } from '../models/model-call-error';
import { jsonObjectIn } from '../models/model-text';
import { buildAxesReport } from './build-axes';
import { OfflineSpecDrafter } from './draft-spec';
import { toolKnownIds } from './known-ids';
import type { DraftOptions, DraftResult, SpecDrafter } from './spec-drafter';
import { uniqueRules } from './unique-rules';
import { validateSpec } from './validate-spec';

export const SPEC_DRAFT_FORMAT_NAME = 'spec_draft';
/** The first words of the drafter's instructions: stable, so a test server can tell this role apart. */
export const MODEL_DRAFTER_PROMPT_HEAD = 'You draft a test specification for an AI agent from one sentence.';
export const DRAFTER_MAX_TOKENS = 3000;
export const DRAFTER_TEMPERATURE = 0.2;

/** What the model is asked for; the engine builds the system prompt, the axes and the rest from it. */
export const SpecDraft = z.object({
  name: z.string().trim().min(1).max(120),
  agent_name: z.string().trim().min(1).max(60),
  /** "a support assistant for a phone company" */
  role: z.string().trim().min(3).max(300),
  policy_rules: z.array(z.string().trim().min(3).max(240)).min(1).max(24),
  tools: z.array(ToolSpec).min(1).max(16),
  known_ids: z.array(z.string().trim().min(2).max(40)).max(40).default([]),
  result_shapes: z.record(z.string(), z.unknown()).default({}),
});
export type SpecDraft = z.infer<typeof SpecDraft>;

const DRAFT_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    agent_name: { type: 'string' },
    role: { type: 'string' },
    policy_rules: { type: 'array', items: { type: 'string' } },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, description: { type: 'string' }, parameters: { type: 'object' } },
        required: ['name', 'description', 'parameters'],
      },
    },
    known_ids: { type: 'array', items: { type: 'string' } },
    result_shapes: { type: 'object' },
  },
  required: ['name', 'agent_name', 'role', 'policy_rules', 'tools'],
} as const;

const SYSTEM = [
  MODEL_DRAFTER_PROMPT_HEAD,
  'Answer with one JSON object: name (short title), agent_name, role ("a ... assistant for ..."), ' +
    'policy_rules (one clause each, the behaviour from the sentence first), tools (OpenAI function ' +
    'shape: name, description, parameters as a JSON Schema with type "object"), known_ids ' +
    '(identifiers that exist, such as ORD-1001, also named in the tool descriptions), and ' +
    'result_shapes (one example result object per tool name).',
  'Use snake_case tool names. Keep rules under 120 characters.',
].join('\n');

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

/** The Spec a validated draft becomes: the system prompt numbers the rules, so the rule axis reads them back. */
export function specFromDraft(draft: SpecDraft, sentence: string): { spec: unknown; warnings: string[] } {
  const policy_rules = uniqueRules(draft.policy_rules);
  const system_prompt = [
    `You are ${draft.agent_name}, ${draft.role}.`,
    '',
    ...policy_rules.map((rule, index) => `${index + 1}. ${rule}`),
  ].join('\n');
  const toolNames = new Set(draft.tools.map((tool) => tool.name));
  const result_shapes = Object.fromEntries(Object.entries(draft.result_shapes).filter(([name]) => toolNames.has(name)));
  const axes = buildAxesReport({ tools: draft.tools, system_prompt });
  return {
    spec: {
      name: draft.name,
      sentence,
      domain: 'model_drafted',
      system_prompt,
      policy_rules,
      tools: draft.tools,
      result_shapes,
      known_ids: unique([...draft.tools.flatMap((tool) => toolKnownIds(tool)), ...draft.known_ids]),
      axes: axes.axes,
    },
    warnings: axes.warnings,
  };
}

/**
 * Drafts the spec with a model: structured output, checked with zod and then with the same validation as an edited
 * spec. When the model fails or its draft does not hold up, the offline drafter drafts instead and the warnings say
 * why — the run never silently goes on a half-made spec.
 */
export function createModelDrafter(
  backend: ModelBackend,
  fallback: SpecDrafter = new OfflineSpecDrafter(),
  options: { timeout_ms?: number } = {},
): SpecDrafter {
  return {
    name: backend.spec,
    async draft(sentence: string, draftOptions: DraftOptions): Promise<DraftResult> {
      const cleaned = sentence.replace(/\s+/g, ' ').trim();
      let problem: string;
      try {
        const response = await backend.generate({
          system: SYSTEM,
          messages: [{ role: 'user', content: cleaned }],
          temperature: DRAFTER_TEMPERATURE,
          max_tokens: DRAFTER_MAX_TOKENS,
          response_format: { type: 'json', name: SPEC_DRAFT_FORMAT_NAME, schema: DRAFT_SCHEMA },
          ...(options.timeout_ms === undefined ? {} : { timeout_ms: options.timeout_ms }),
        });
        const answer = jsonObjectIn(response.text);
        if (!answer) throw new Error('the answer is not a JSON object');
        const draft = SpecDraft.safeParse(answer);
        if (draft.success) {
          const built = specFromDraft(draft.data, cleaned);
          const checked = validateSpec(built.spec);
          if (checked.ok) {
            return {
              spec: Spec.parse(checked.spec),
              warnings: [
                `the spec was drafted by ${backend.spec}: review its tools and rules before a run`,
                ...built.warnings,
                ...checked.warnings.map((warning) => `${warning.path}: ${warning.message}`),
              ],
            };
          }
          problem = checked.issues
            .map((issue) => `${issue.path}: ${issue.message}`)
            .slice(0, 3)
            .join('; ');
        } else {
          problem = draft.error.issues
            .map((issue) => `${issue.path.join('.') || 'draft'}: ${issue.message}`)
            .slice(0, 3)
            .join('; ');
        }
      } catch (error) {
        if (ModelCallError.isInstance(error) && error.stopsRun) throw error;
        problem = error instanceof Error ? error.message : String(error);
      }
      const offline = await fallback.draft(sentence, draftOptions);
      return {
        spec: offline.spec,
        warnings: [`${backend.spec} could not draft the spec (${problem}), so it was drafted offline`, ...offline.warnings],
      };
    },
  };
}
