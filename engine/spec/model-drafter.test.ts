import { describe, expect, it } from 'vitest';
import { DRAFTED_SPEC } from './__fixtures__/drafted-spec';
import { MockModelBackend } from '../models/__fixtures__/mock-backend';
import { ModelCallError } from '../models/model-call-error';
import { draftSpec } from './draft-spec';
import { createModelDrafter } from './model-drafter';

const SPEC = 'openai:gpt-4.1-mini';
const SENTENCE = 'a bookshop assistant that refunds only after the customer confirms the order';

describe('drafting a spec with a model', () => {
  it('turns a valid structured draft into a spec whose axes come from its tools and rules', async () => {
    const backend = new MockModelBackend(SPEC, { text: JSON.stringify(DRAFTED_SPEC) });
    const { spec, warnings } = await createModelDrafter(backend).draft(SENTENCE, { seed: 0 });
    expect(spec.tools.map((tool) => tool.name)).toEqual(['get_order', 'refund_order']);
    expect(spec.system_prompt).toBe(
      `You are Page, a customer assistant for an online bookshop.\n\n1. ` +
        `${DRAFTED_SPEC.policy_rules[0]}\n2. ${DRAFTED_SPEC.policy_rules[1]}`,
    );
    expect(spec.axes.tool).toEqual(['get_order', 'refund_order', 'unrelated', 'multi_tool']);
    expect(spec.axes.rule).toContain(DRAFTED_SPEC.policy_rules[0]);
    expect(spec.known_ids).toEqual(['BK-1001', 'BK-1002']);
    expect(warnings[0]).toContain(`drafted by ${SPEC}`);
    expect(backend.requests[0]!.response_format?.name).toBe('spec_draft');
  });

  it('merges a rule the model wrote twice (case, spacing or a trailing full stop apart) into its first spelling', async () => {
    const [first, second] = DRAFTED_SPEC.policy_rules;
    const repeated = {
      ...DRAFTED_SPEC,
      policy_rules: [first!, second!, `  ${first!.toUpperCase().replace(/[.]$/, '')} .`, `${second!.replace(/ /g, '  ')}!`],
    };
    const backend = new MockModelBackend(SPEC, { text: JSON.stringify(repeated) });
    const { spec } = await createModelDrafter(backend).draft(SENTENCE, { seed: 0 });
    expect(spec.policy_rules).toEqual([first, second]);
    expect(spec.system_prompt).toBe(`You are Page, a customer assistant for an online bookshop.\n\n1. ${first}\n2. ${second}`);
  });

  it('drafts offline, and says why, when the draft does not hold up or the call fails', async () => {
    const offline = draftSpec(SENTENCE, { seed: 0 }).spec;
    for (const reply of [
      { text: '{"name": "x", "tools": []}' },
      { text: JSON.stringify({ ...DRAFTED_SPEC, tools: [{ name: 'bad name!', description: '', parameters: { type: 'object' } }] }) },
      new ModelCallError('500', { kind: 'server', spec: SPEC }),
    ]) {
      const { spec, warnings } = await createModelDrafter(new MockModelBackend(SPEC, reply)).draft(SENTENCE, { seed: 0 });
      expect(spec).toEqual(offline);
      expect(warnings[0]).toMatch(new RegExp(`^${SPEC} could not draft the spec \\(.+\\), so it was drafted offline$`));
    }
  });

  it('lets a refused key through, so the run can say so', async () => {
    const backend = new MockModelBackend(SPEC, new ModelCallError('401', { kind: 'auth', spec: SPEC }));
    await expect(createModelDrafter(backend).draft(SENTENCE, { seed: 0 })).rejects.toThrow('401');
  });
});
