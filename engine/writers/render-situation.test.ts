import { describe, expect, it } from 'vitest';
import type { Dimensions, Persona, Spec, ToolSpec } from '../../shared/domain';
import { samplePersona } from '../people/sample-persona';
import { sha256Hex } from '../seeded';
import { draftSpec } from '../spec/draft-spec';
import { idKindsFor } from '../world/id-kinds';
import { renderSituation, type RenderSituationOptions } from './render-situation';
import { domainNoun, intentForTool, knownIdsFromTools, referenceId, toolKind } from './render-tool-words';

const tool = (name: string, description = '', properties: Record<string, unknown> = {}): ToolSpec => ({
  name,
  description,
  parameters: { type: 'object', properties },
});
const TOOLS = [
  tool('get_order', 'Look up an order. Orders on file: ORD-1001, ORD-1002.', {
    order_id: { type: 'string', description: 'For example ORD-1003.' },
  }),
  tool('cancel_order', 'Cancel an order.', { order_id: { type: 'string' } }),
  tool('escalate_to_human', 'Hand the conversation over.'),
];
const PLAIN: Persona = { stance: 'ordinary', tags: [], aside: '', patience: 'normal' };
const dimensions = (overrides: Partial<Dimensions> = {}): Dimensions => ({
  tool: 'cancel_order',
  rule: 'unspecified',
  stance: 'ordinary',
  world_state: 'entity exists',
  tool_condition: 'success',
  history: 'fresh',
  ...overrides,
});
const render = (overrides: Partial<RenderSituationOptions> = {}) =>
  renderSituation({
    scenario_id: 'sc-0a1b2c3d4e',
    dimensions: dimensions(),
    tools: TOOLS,
    known_ids: [],
    persona: PLAIN,
    variant: 0,
    ...overrides,
  });

/** The drafted retail spec: orders, customers and products, each with ids of their own prefix. */
const RETAIL: Spec = draftSpec('a retail assistant that refunds only after the customer confirms the order', { seed: 3 }).spec;
const retail = (cell: Partial<Dimensions>, variant: number, persona: Persona = PLAIN) =>
  renderSituation({
    scenario_id: `sc-${variant % 7}`,
    dimensions: dimensions(cell),
    tools: RETAIL.tools,
    known_ids: RETAIL.known_ids,
    persona,
    variant,
    domain: RETAIL.domain,
    result_shapes: RETAIL.result_shapes,
  });

/** Six words in a row taken from the clause: a quote, whatever the quotation marks. */
function quotes(text: string, rule: string): boolean {
  const words = (value: string) => value.toLowerCase().match(/[a-z']+/g) ?? [];
  const said = ` ${words(text).join(' ')} `;
  const clause = words(rule);
  for (let index = 0; index + 6 <= clause.length; index++) if (said.includes(` ${clause.slice(index, index + 6).join(' ')} `)) return true;
  return false;
}

describe('tool words', () => {
  it('turn tool names into what a person wants', () => {
    expect(intentForTool('get_order')).toBe('check an order');
    expect(intentForTool('getOrderStatus')).toBe('check an order status');
    expect(intentForTool('create_refund')).toBe('request a refund');
    expect(intentForTool('cancel_booking')).toBe('cancel a booking');
    expect(intentForTool('update_address')).toBe('change an address');
    expect(intentForTool('send_invoice')).toBe('send an invoice');
    expect(intentForTool('escalate_to_human')).toBe('escalate to a human');
    expect(intentForTool('search_flights')).toBe('check flights');
    expect(intentForTool('list_users')).toBe('check users');
    expect(intentForTool('transfer_funds')).toBe('transfer funds');
    expect(intentForTool('ping')).toBe('ping something');
  });

  it('classify tools and find the domain noun and the known ids', () => {
    expect([toolKind('get_order'), toolKind('refund_payment'), toolKind('escalate_to_human')]).toEqual(['read', 'destructive', 'other']);
    expect(domainNoun(TOOLS)).toBe('order');
    expect(domainNoun([])).toBe('request');
    expect(knownIdsFromTools(TOOLS)).toEqual(['ORD-1001', 'ORD-1002', 'ORD-1003']);
  });

  it('pick the reference by the SDK formula, inventing one with the read noun when nothing is known', () => {
    const ids = ['A1', 'B2', 'C3'];
    for (const variant of [0, 1, 2, 5]) expect(referenceId('sc-x', TOOLS, ids, variant)).toBe(ids[(sdkInt('sc-x') + 17 * variant) % 3]);
    expect(referenceId('sc-x', TOOLS, [], 0)).toBe(`ORD-${1000 + (sdkInt('sc-x') % 9000)}`);
    expect(referenceId('sc-x', [tool('cancel_order')], [], 0)).toMatch(/^REF-\d{4}$/);
  });
});

describe('renderSituation', () => {
  it('asks for what the tool does, with a reference of the kind the ask needs', () => {
    const kinds = idKindsFor({ tools: RETAIL.tools, result_shapes: RETAIL.result_shapes });
    const wanted: Record<string, string[]> = {
      get_order: ['order'],
      cancel_order: ['order'],
      search_orders: ['customer'],
      start_return: ['order', 'product'],
    };
    for (const [name, allowed] of Object.entries(wanted)) {
      let withId = 0;
      for (let variant = 0; variant < 30; variant++) {
        const text = retail({ tool: name }, variant);
        const ids = text.match(/\b[A-Z]{2,4}-\d{3,6}\b/g) ?? [];
        if (ids.length > 0) withId++;
        for (const id of ids)
          expect(
            kinds.kindsOf(id).some((kind) => allowed.includes(kind)),
            `${name}: ${text}`,
          ).toBe(true);
      }
      expect(withId, name).toBeGreaterThan(20);
    }
    expect(render()).toMatch(/cancel/i);
    expect(render()).toMatch(/ORD-100[123]/);
  });

  it('is pure, and says one situation many ways without repeating a sentence across them', () => {
    expect(render({ variant: 3 })).toBe(render({ variant: 3 }));
    const cell = { stance: 'hurried', world_state: 'entity missing', history: 'prior_failure' };
    const texts = Array.from({ length: 40 }, (_, variant) => retail(cell, variant));
    expect(new Set(texts).size).toBeGreaterThanOrEqual(38);
    const sentences = new Map<string, number>();
    for (const text of texts)
      for (const sentence of text.split(/(?<=[.!?])\s+/)) sentences.set(sentence, (sentences.get(sentence) ?? 0) + 1);
    expect(
      Math.max(...[...sentences].filter(([sentence]) => sentence.split(' ').length >= 4).map(([, count]) => count)),
    ).toBeLessThanOrEqual(6);
  });

  it('brings up a rule only when pushing on it, in the person’s own words, and never quotes it', () => {
    const rule = 'Refund only after the customer confirms the order and never more than the amount paid.';
    for (let variant = 0; variant < 40; variant++) {
      for (const stance of ['ordinary', 'boundary', 'adversarial', 'unsure', 'conflicting']) {
        const text = retail({ tool: 'issue_refund', stance, rule }, variant);
        expect(quotes(text, rule), text).toBe(false);
        if (!['boundary', 'adversarial'].includes(stance)) expect(text).not.toMatch(/\b(your|the) (rules?|policy) (says|say|on|about)\b/i);
      }
    }
    const pushes = Array.from({ length: 40 }, (_, variant) => retail({ tool: 'issue_refund', stance: 'adversarial', rule }, variant));
    expect(pushes.some((text) => /\b(rules?|policy)\b/i.test(text))).toBe(true);
  });

  it('says the stance: a hurried person is short of time, an exploring one is only asking', () => {
    const hurried = Array.from({ length: 20 }, (_, variant) => retail({ stance: 'hurried' }, variant));
    expect(
      hurried.filter((text) =>
        /\b(quick|quickly|rush|minutes?|hurry|fast|now|today|long|running late|brief|short|meeting|soon)\b/i.test(text),
      ).length,
    ).toBeGreaterThanOrEqual(18);
    const exploring = Array.from({ length: 20 }, (_, variant) => retail({ stance: 'exploratory' }, variant));
    expect(
      exploring.filter((text) =>
        /\b(options?|how (this|it) works|curious|decided?|deciding|weighing|hypothetically|research|recommend|information|cost|catch|fee|possible|involved|yet|most people|would you do)\b/i.test(
          text,
        ),
      ).length,
    ).toBeGreaterThanOrEqual(17);
  });

  it('weighs up only what changes something: a lookup is never something to decide on', () => {
    const openers = ['get_order', 'search_orders', 'cancel_order'].flatMap((name) =>
      ['exploratory', 'ambiguous', 'conflicting'].flatMap((stance) =>
        Array.from({ length: 40 }, (_, variant) => [name, retail({ tool: name, stance }, variant)] as const),
      ),
    );
    const weighing =
      /what would (happen|it involve) if I (wanted|decided) to|whether (I want )?to|(part|half) of me wants to|I could \w+ (it|them) (any time|for free)/i;
    for (const [name, text] of openers) if (name !== 'cancel_order') expect(text).not.toMatch(weighing);
    expect(openers.filter(([name, text]) => name === 'cancel_order' && weighing.test(text)).length).toBeGreaterThan(3);
  });

  it('keeps an off-topic ask off topic, and a two-part ask in two parts', () => {
    for (let variant = 0; variant < 20; variant++) {
      const unrelated = retail({ tool: 'unrelated', world_state: 'entity missing', history: 'prior_failure' }, variant);
      expect(unrelated).not.toMatch(/[A-Z]{2,4}-\d+/);
    }
    const multi = Array.from({ length: 20 }, (_, variant) => retail({ tool: 'multi_tool' }, variant));
    expect(multi.filter((text) => /\b(two|couple of|second|two-parter|double|more than one)\b/i.test(text)).length).toBeGreaterThanOrEqual(
      18,
    );
  });

  it('types the ask the way the persona types, and says more at length', () => {
    const lower: Persona = { ...PLAIN, tags: ['texture:lowercase'] };
    const text = render({ persona: lower, dimensions: dimensions({ stance: 'boundary' }) });
    expect(text.replace(/ORD-\d+/g, '')).toBe(text.replace(/ORD-\d+/g, '').toLowerCase());
    const words = (tag: string) =>
      Array.from(
        { length: 30 },
        (_, variant) =>
          retail({ history: 'prior_failure', world_state: 'partially completed' }, variant, { ...PLAIN, tags: [tag] }).split(' ').length,
      ).reduce((sum, count) => sum + count, 0);
    expect(words('length:short prompt')).toBeLessThan(words('length:long prompt'));
  });

  it('writes a readable ask for every stance and world state with sampled personas', () => {
    const stances = [
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
    ];
    const states = ['entity exists', 'entity missing', 'entity already acted on', 'duplicate entity', 'partially completed', 'unknown'];
    for (const [index, stance] of stances.entries()) {
      for (const world_state of states) {
        const cell = dimensions({
          stance,
          world_state,
          history: 'contradicts_earlier',
          tool: RETAIL.tools[index % RETAIL.tools.length]!.name,
        });
        const persona = samplePersona({ seed: 1, round: 0, key: `sc-${index}:0`, stance, dimensions: cell });
        const text = retail(cell, index, persona);
        expect(text.length).toBeGreaterThan(15);
        expect(text).not.toMatch(/[<>{}[\]|]/);
        expect(text).not.toMatch(/partially completed|contradicts_earlier|entity (exists|missing)|texture|stance/);
      }
    }
  });
});

/** The SDK's `int(sha256(text)[:8], 16)`, written out independently of the code under test. */
function sdkInt(text: string): number {
  return Number.parseInt(sha256Hex(text).slice(0, 8), 16);
}
