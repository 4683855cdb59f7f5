import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../api/dispatch';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';
import { checkSpec, draftFromSentence, specAxes } from './specs-service';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

const FINANCE = 'a personal finance assistant that confirms before it moves money';

describe('specs service', () => {
  it('drafts the same spec for the same sentence and seed', () => {
    const first = draftFromSentence(FINANCE, 3);
    expect(draftFromSentence(FINANCE, 3)).toEqual(first);
    expect(first.spec.tools.length).toBeGreaterThan(0);
    expect(first.spec.policy_rules.length).toBeGreaterThan(0);
  });

  it('refuses an empty sentence as a validation error at `sentence`', async () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-specs-')), mode: 'browser' });
    const result = await dispatch(context, 'specs.draft', { sentence: '   ' });
    expect(result).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', issues: [{ path: 'sentence' }] } });
  });

  it('checks an edited spec and returns each problem at its dotted field path', () => {
    const { spec } = draftFromSentence(FINANCE, 0);
    const edited = {
      ...spec,
      policy_rules: [...spec.policy_rules, ''],
      tools: [{ ...spec.tools[0]!, name: '9 bad name' }, ...spec.tools.slice(1)],
      axes: { ...spec.axes, stance: ['ordinary', 'grumpy'] },
    };
    const result = checkSpec(edited);
    expect(result.ok).toBe(false);
    expect(result.spec).toBeNull();
    const paths = result.issues.map((issue) => issue.path);
    expect(paths).toContain('tools.0.name');
    expect(paths).toContain(`policy_rules.${spec.policy_rules.length}`);
    expect(checkSpec({ ...spec, axes: { ...spec.axes, stance: ['ordinary', 'grumpy'] } }).issues).toEqual([
      expect.objectContaining({ path: 'axes.stance.1', message: expect.stringContaining('"grumpy" is not a stance') }),
    ]);
  });

  it('passes a drafted spec back parsed, with its warnings at field paths', () => {
    const { spec } = draftFromSentence(FINANCE, 0);
    const result = checkSpec(spec);
    expect(result).toMatchObject({ ok: true, issues: [] });
    expect(result.spec).toEqual(spec);
    for (const warning of result.warnings) expect(warning.path).toMatch(/^[a-z_]+(\.[\w-]+)*$/);
  });

  it('builds the rule axis from the edited policy so the axis follows the rules', () => {
    const { spec } = draftFromSentence(FINANCE, 0);
    const rules = [...spec.policy_rules.slice(1), 'Never read a full card number back to the person.'];
    const prompt = ['You are a test agent.', '', ...rules.map((rule, index) => `${index + 1}. ${rule}`)].join('\n');
    const built = specAxes({ tools: spec.tools, system_prompt: prompt, policy_rules: rules });
    expect(built.axes.rule).toEqual([...rules, 'unspecified']);
    expect(built.axes.tool.slice(0, spec.tools.length)).toEqual(spec.tools.map((tool) => tool.name));
  });

  it('returns a stored spec by id and NOT_FOUND for an unknown one', async () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-specs-')), mode: 'browser' });
    const missing = await dispatch(context, 'specs.get', { spec_id: 'spec_nope' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
