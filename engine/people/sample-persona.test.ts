import { describe, expect, it } from 'vitest';
import type { Dimensions } from '../../shared/domain';
import sdkCases from './__fixtures__/sdk-cell-tags.json';
import { samplePersona } from './sample-persona';
import { parseStyleTags, sampleStyleTags, STYLE_TAG_KEYS, styleTagLabels, TEXTURES } from './style-tags';
import { sampleWriterVars, type AskFamily } from './writer-aside';

const dimensions: Dimensions = {
  tool: 'cancel_order',
  rule: 'unspecified',
  stance: 'boundary',
  world_state: 'entity missing',
  tool_condition: 'timeout',
  history: 'prior_failure',
};
const KEYS = 4000;
const sampled = Array.from({ length: KEYS }, (_, index) =>
  sampleStyleTags({ seed: 11, round: index % 5, key: `sc-${index}:0`, dimensions }),
);
const share = (count: number, total: number) => count / total;
const count = (predicate: (tags: (typeof sampled)[number]) => boolean, from = sampled) => from.filter(predicate).length;

describe('style tags', () => {
  it('match the SDK draw for draw (golden values from sample_cell_tags and sample_writer_vars)', () => {
    for (const sdk of sdkCases) {
      const tags = sampleStyleTags({ seed: sdk.seed, round: sdk.round, key: sdk.key, dimensions: sdk.dimensions });
      expect(tags, sdk.key).toEqual(sdk.tags);
      const vars = sampleWriterVars({ seed: sdk.seed, round: sdk.round, key: sdk.key, tags, ask_family: sdk.ask_family as AskFamily });
      expect(vars.mood_prose).toBe(sdk.writer_vars.mood_prose);
      expect(vars.confidence_prose).toBe(sdk.writer_vars.confidence_prose);
      expect(vars.confidence).toBeCloseTo(sdk.writer_vars.confidence, 12);
      // The one deliberate difference: a medium tag is medium here, a fresh draw in the SDK.
      if (tags.length !== 'medium prompt') expect(vars.length_prose).toBe(sdk.writer_vars.length_prose);
    }
  });

  it('texture 35% of cards, a tone on a third of those, standard on 3 in 5 of the rest', () => {
    const textured = sampled.filter((tags) => (TEXTURES as readonly string[]).includes(tags.texture ?? ''));
    expect(share(textured.length, KEYS)).toBeCloseTo(0.35, 1);
    expect(Math.abs(share(textured.length, KEYS) - 0.35)).toBeLessThan(0.025);
    expect(
      Math.abs(
        share(
          count((tags) => tags.tone !== undefined, textured),
          textured.length,
        ) -
          1 / 3,
      ),
    ).toBeLessThan(0.04);
    expect(count((tags) => tags.tone !== undefined && !textured.includes(tags))).toBe(0);
    const untextured = KEYS - textured.length;
    expect(
      Math.abs(
        share(
          count((tags) => tags.texture === 'standard'),
          untextured,
        ) - 0.6,
      ),
    ).toBeLessThan(0.03);
    for (const texture of TEXTURES) {
      expect(
        Math.abs(
          share(
            count((tags) => tags.texture === texture),
            textured.length,
          ) -
            1 / 6,
        ),
      ).toBeLessThan(0.04);
    }
  });

  it('length on 4 in 5 at 12/70/18; compound 1 in 23, else question or ask 1 in 5; pressure 1 in 19; user 1 in 17', () => {
    const withLength = sampled.filter((tags) => tags.length !== undefined);
    expect(Math.abs(share(withLength.length, KEYS) - 0.8)).toBeLessThan(0.02);
    expect(
      Math.abs(
        share(
          count((tags) => tags.length === 'short prompt', withLength),
          withLength.length,
        ) - 0.12,
      ),
    ).toBeLessThan(0.02);
    expect(
      Math.abs(
        share(
          count((tags) => tags.length === 'medium prompt', withLength),
          withLength.length,
        ) - 0.7,
      ),
    ).toBeLessThan(0.03);
    expect(
      Math.abs(
        share(
          count((tags) => tags.length === 'long prompt', withLength),
          withLength.length,
        ) - 0.18,
      ),
    ).toBeLessThan(0.02);
    const compound = count((tags) => tags.ask === 'several asks' || tags.ask === 'do several things');
    expect(Math.abs(share(compound, KEYS) - 1 / 23)).toBeLessThan(0.01);
    const plain = count((tags) => tags.ask === 'question' || tags.ask === 'ask');
    expect(Math.abs(share(plain, KEYS - compound) - 1 / 5)).toBeLessThan(0.02);
    expect(
      Math.abs(
        share(
          count((tags) => tags.pressure !== undefined),
          KEYS,
        ) -
          1 / 19,
      ),
    ).toBeLessThan(0.01);
    expect(
      Math.abs(
        share(
          count((tags) => tags.user !== undefined),
          KEYS,
        ) -
          1 / 17,
      ),
    ).toBeLessThan(0.01);
  });

  it('shows a mapped hard stance on half the cards and the rarer hints on their slots', () => {
    expect(
      Math.abs(
        share(
          count((tags) => tags.stance === 'boundary'),
          KEYS,
        ) - 0.5,
      ),
    ).toBeLessThan(0.03);
    expect(
      Math.abs(
        share(
          count((tags) => tags.vagueness !== undefined),
          KEYS,
        ) -
          1 / 20,
      ),
    ).toBeLessThan(0.01);
    expect(
      Math.abs(
        share(
          count((tags) => tags.history === 'prior_failure'),
          KEYS,
        ) -
          1 / 20,
      ),
    ).toBeLessThan(0.01);
    expect(
      Math.abs(
        share(
          count((tags) => tags.world_state === 'missing'),
          KEYS,
        ) -
          1 / 5,
      ),
    ).toBeLessThan(0.02);
    expect(
      Math.abs(
        share(
          count((tags) => tags.tool_condition === 'timeout'),
          KEYS,
        ) -
          1 / 11,
      ),
    ).toBeLessThan(0.015);
    const ordinary = sampleStyleTags({
      seed: 1,
      round: 0,
      key: 'k',
      dimensions: { ...dimensions, stance: 'ordinary', world_state: 'unspecified' },
    });
    expect(ordinary.stance).toBeUndefined();
    expect(ordinary.world_state).toBeUndefined();
  });

  it('honours a texture rate of 0 and 1', () => {
    const none = Array.from({ length: 200 }, (_, index) => sampleStyleTags({ seed: 0, round: 0, key: `${index}`, texture_rate: 0 }));
    expect(none.every((tags) => tags.texture === undefined || tags.texture === 'standard')).toBe(true);
    const all = Array.from({ length: 200 }, (_, index) => sampleStyleTags({ seed: 0, round: 0, key: `${index}`, texture_rate: 1 }));
    expect(all.every((tags) => (TEXTURES as readonly string[]).includes(tags.texture ?? ''))).toBe(true);
  });

  it('round-trip through labels', () => {
    for (const tags of sampled.slice(0, 300)) expect(parseStyleTags(styleTagLabels(tags))).toEqual(tags);
  });
});

describe('samplePersona', () => {
  const personas = Array.from({ length: 1500 }, (_, index) =>
    samplePersona({
      seed: 3,
      round: 0,
      key: `sc-${index}:0`,
      stance: ['ordinary', 'boundary', 'hurried', 'unsure'][index % 4]!,
      dimensions,
    }),
  );

  it('is the same person for the same key, and a different one for another key', () => {
    const options = { seed: 3, round: 2, key: 'sc-abc:1', stance: 'adversarial', dimensions };
    expect(samplePersona(options)).toEqual(samplePersona(options));
    const others = new Set(Array.from({ length: 20 }, (_, index) => JSON.stringify(samplePersona({ ...options, key: `sc-abc:${index}` }))));
    expect(others.size).toBeGreaterThan(15);
  });

  it('gives the writer prose, never the labels', () => {
    const snakeCase = /\b[a-z]+_[a-z_]+\b/;
    const tagNames = new RegExp(`\\b(?:${STYLE_TAG_KEYS.join('|')})\\b`, 'i');
    for (const persona of personas) {
      expect(persona.aside.length).toBeGreaterThan(20);
      expect(persona.aside).not.toMatch(snakeCase);
      expect(persona.aside).not.toMatch(tagNames);
      for (const label of persona.tags) expect(persona.aside).not.toContain(label);
      const texture = parseStyleTags(persona.tags).texture;
      if (texture !== undefined) expect(persona.aside.toLowerCase()).not.toContain(texture.replace('_', ' '));
    }
    const sarcastic = personas.find((persona) => persona.tags.includes('tone:sarcastic'));
    expect(sarcastic?.aside).toContain('You are sarcastic about how this is going.');
    const short = personas.find((persona) => persona.tags.includes('length:short prompt'));
    expect(short?.aside).toMatch(/^(You keep it brief\.|You write one short line\.|You use only a few words\.)/);
  });

  it('samples the mood of untoned cards by the cumulative cuts', () => {
    const untoned = personas.filter((persona) => !persona.tags.some((tag) => tag.startsWith('tone:')));
    const calm = untoned.filter((persona) => persona.aside.includes('You are calm.')).length;
    expect(Math.abs(calm / untoned.length - 0.14)).toBeLessThan(0.03);
  });

  it('is short of patience when hurried or rushed, normal otherwise, and endless only when the run says so', () => {
    expect(personas.filter((persona) => persona.stance === 'hurried').every((persona) => persona.patience === 'short')).toBe(true);
    for (const persona of personas) {
      const tags = parseStyleTags(persona.tags);
      const pressed = persona.stance === 'hurried' || tags.pressure === 'rushed' || tags.user === 'in a hurry' || tags.tone === 'impatient';
      expect(persona.patience).toBe(pressed ? 'short' : 'normal');
    }
    expect(samplePersona({ seed: 0, round: 0, key: 'k', stance: 'hurried', dimensions, patience: 'endless' }).patience).toBe('endless');
  });

  it('sets confidence by ask family: vague asks never know exactly, tool asks never stay unsettled', () => {
    const vague = personas.filter((persona) => persona.stance === 'unsure');
    expect(vague.some((persona) => persona.aside.includes('You know exactly what you want done.'))).toBe(false);
    const tool = personas.filter(
      (persona) => persona.stance === 'ordinary' && !/vagueness:(vague|underspecified)/.test(persona.tags.join()),
    );
    expect(tool.some((persona) => persona.aside.includes("You haven't settled on a specific action yet."))).toBe(false);
  });

  it('never has empty tags: a card whose draws gave no style label carries its stance', () => {
    const bare = Array.from({ length: 2000 }, (_, index) => ({ key: `sc-${index}:0`, index })).filter(
      ({ key, index }) =>
        styleTagLabels(sampleStyleTags({ seed: 7, round: index % 3, key, dimensions: { ...dimensions, stance: 'conflicting' } })).length ===
        0,
    );
    expect(bare.length).toBeGreaterThan(0);
    for (const { key, index } of bare) {
      const persona = samplePersona({ seed: 7, round: index % 3, key, stance: 'conflicting', dimensions });
      expect(persona.tags).toEqual(['stance:conflicting']);
    }
    const ordinary = Array.from({ length: 2000 }, (_, index) =>
      samplePersona({ seed: 7, round: 0, key: `sc-${index}:0`, stance: 'ordinary', dimensions }),
    );
    expect(ordinary.every((persona) => persona.tags.length > 0)).toBe(true);
  });
});
