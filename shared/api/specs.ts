import { z } from 'zod';
import { AxisValues } from '../domain/axes';
import { Spec } from '../domain/spec';
import { Issue } from './result';

/**
 * The longest description `specs.draft` takes (characters): a sentence or two about the agent and the behaviour to
 * test. Equal to the engine's MAX_SENTENCE_CHARS (main/services/runs/run-preflight.test.ts checks), which also refuses a
 * longer one after runs of spaces are joined.
 */
export const MAX_DRAFT_SENTENCE_CHARS = 1000;

export const SpecsDraftInput = z
  .object({
    sentence: z
      .string()
      .max(
        MAX_DRAFT_SENTENCE_CHARS,
        'describe the agent and the behaviour to test in a sentence or two ' +
          `(at most ${MAX_DRAFT_SENTENCE_CHARS.toLocaleString('en-US')} characters), then edit the drafted rules`,
      ),
    /** Varies identifiers and the agent's name only; same sentence + seed -> the same spec. */
    seed: z
      .number()
      .int()
      .min(0)
      .max(2 ** 31 - 1)
      .default(0),
  })
  .strict();

export const SpecsDraftOutput = z.object({
  spec: Spec,
  /** What to read before a run (no domain matched, no behaviour named, rule axis capped, ...). */
  warnings: z.array(z.string()),
});
export type SpecsDraftOutput = z.infer<typeof SpecsDraftOutput>;

/** `spec` is anything the editor holds: it is checked here, not at the boundary, so its issues come back as fields. */
export const SpecsCheckInput = z.object({ spec: z.unknown() }).strict();

export const SpecsCheckOutput = z.object({
  ok: z.boolean(),
  /** Problems that block a run, each at a dotted field path (`tools.1.parameters.properties.amount.type`). */
  issues: z.array(Issue),
  /** Worth reading; the spec still runs. */
  warnings: z.array(Issue),
  /** The parsed spec (defaults applied) when it is valid. */
  spec: Spec.nullable(),
});
export type SpecsCheckOutput = z.infer<typeof SpecsCheckOutput>;

export const SpecsAxesInput = z
  .object({
    tools: z.array(z.unknown()),
    /** The policy text the rule axis is read from; when blank, `policy_rules` are read as a numbered list. */
    system_prompt: z.string(),
    policy_rules: z.array(z.string()).default([]),
  })
  .strict();

export const SpecsAxesOutput = z.object({
  /** The six axes the engine builds from these tools and this policy. */
  axes: AxisValues,
  warnings: z.array(z.string()),
  /** Clauses the policy has before the rule axis cap. */
  n_rules_total: z.number().int().nonnegative(),
  rules_truncated: z.boolean(),
});
export type SpecsAxesOutput = z.infer<typeof SpecsAxesOutput>;

export const SpecsGetOutput = z.object({ id: z.string(), spec: Spec });
export type SpecsGetOutput = z.infer<typeof SpecsGetOutput>;

/** The `specs.*` methods of the contract. */
export const specsMethods = {
  /** Drafts an editable spec from one sentence, offline. */
  'specs.draft': { input: SpecsDraftInput, output: SpecsDraftOutput },
  /** Validates an edited spec: schema, JSON-Schema parameters, axes against tools, usable ids. */
  'specs.check': { input: SpecsCheckInput, output: SpecsCheckOutput },
  /** The axes as the engine reads them from tools and policy, so an editor's rule and tool axes can follow edits. */
  'specs.axes': { input: SpecsAxesInput, output: SpecsAxesOutput },
  /** A stored spec, e.g. the one a previous run was built from. */
  'specs.get': { input: z.object({ spec_id: z.string().min(1) }).strict(), output: SpecsGetOutput },
} as const;
