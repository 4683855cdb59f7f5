import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { ToolSpec } from '../../../shared/domain';
import { draftIds } from '../sentence/draft-ids';
import { knownIdsIn, toolKnownIds } from '../known-ids';
import { policySections } from '../policy-sections';
import { idLikeParameters, toolKind } from '../tool-kinds';
import { DOMAIN_BANKS } from './index';

const ajv = new Ajv2020({ strict: true, allErrors: true, logger: false, validateFormats: false });

describe.each(DOMAIN_BANKS.map((bank) => [bank.domain, bank] as const))('bank %s', (_domain, bank) => {
  const ids = draftIds(0, bank.domain, bank.entities);
  const entries = bank.tools(ids);
  const tools = entries.map((entry) => entry.tool);

  it('declares 4-7 tools with at least one destructive and one id lookup', () => {
    expect(tools.length).toBeGreaterThanOrEqual(4);
    expect(tools.length).toBeLessThanOrEqual(7);
    expect(new Set(tools.map((tool) => tool.name)).size).toBe(tools.length);
    expect(tools.some((tool) => toolKind(tool.name) === 'destructive')).toBe(true);
    expect(tools.some((tool) => idLikeParameters(tool).length > 0)).toBe(true);
    for (const tool of tools) expect(ToolSpec.parse(tool)).toEqual(tool);
  });

  it('gives every tool a JSON Schema that compiles under strict ajv, with described properties and required keys', () => {
    for (const tool of tools) {
      expect(() => ajv.compile(tool.parameters)).not.toThrow();
      const properties = tool.parameters.properties as Record<string, { description?: string }>;
      for (const [key, property] of Object.entries(properties)) expect(property.description, `${tool.name}.${key}`).toBeTruthy();
      for (const key of tool.parameters.required as string[]) expect(properties).toHaveProperty(key);
    }
  });

  it('names real ids in the descriptions of tools that look records up', () => {
    const lookups = tools.filter((tool) => toolKind(tool.name) === 'read' && idLikeParameters(tool).length > 0);
    for (const tool of lookups) expect(toolKnownIds(tool).length, tool.name).toBeGreaterThan(0);
    const drafted = bank.entities.flatMap((entity) => ids.all(entity.key));
    for (const id of drafted) expect(knownIdsIn(id), id).toEqual([id]);
  });

  it('has an example result for every tool, using the drafted ids', () => {
    for (const entry of entries) expect(Object.keys(entry.result_shape).length, entry.tool.name).toBeGreaterThan(1);
    const shapes = JSON.stringify(entries.map((entry) => entry.result_shape));
    expect(bank.entities.some((entity) => shapes.includes(ids.get(entity.key)))).toBe(true);
  });

  it('has 5-8 rules, each exactly one clause of the rule axis', () => {
    expect(bank.rules.length).toBeGreaterThanOrEqual(5);
    expect(bank.rules.length).toBeLessThanOrEqual(8);
    for (const rule of bank.rules) expect(policySections(rule.text).rules, rule.text).toEqual([rule.text]);
    const prompt =
      `You are ${bank.agent_names[0]}, ` + `${bank.role}.\n\n${bank.rules.map((rule, index) => `${index + 1}. ${rule.text}`).join('\n')}`;
    expect(policySections(prompt).rules).toEqual(bank.rules.map((rule) => rule.text));
  });
});
