import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { draftSpec } from './draft-spec';
import { parseSpecText } from './parse-spec-text';

describe('parseSpecText', () => {
  it('reads a drafted spec back from JSON and from YAML', async () => {
    const { spec } = draftSpec('a retail assistant that never invents an order number', { seed: 1 });
    expect(parseSpecText(JSON.stringify(spec), 'spec.json')).toEqual(spec);
    expect(parseSpecText(stringify(spec), 'spec.yaml')).toEqual(spec);
  });

  it('names the file and line of a syntax error', () => {
    expect(() => parseSpecText('name: x\ntools: [\n  {name: a\n', 'broken.yaml')).toThrow(/^broken\.yaml: line \d+: /);
  });

  it('names the field of an invalid value', () => {
    const { spec } = draftSpec('a retail assistant that never invents an order number', { seed: 1 });
    const broken = { ...spec, tools: [{ ...spec.tools[0], name: '1 bad name' }, ...spec.tools.slice(1)] };
    expect(() => parseSpecText(JSON.stringify(broken), 'spec.json')).toThrow(/spec\.json: .*tools\.0\.name/);
  });
});
