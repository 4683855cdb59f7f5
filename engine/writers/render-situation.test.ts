import { describe, expect, it } from 'vitest';
import type { Dimensions, Persona, ToolSpec } from '../../shared/domain';
import { samplePersona } from '../people/sample-persona';
import { sha256Hex } from '../seeded';
import { MULTI_STEP_OPENERS, OPENERS, UNRELATED_OPENERS } from './render-lines';
import { pickLine, quoteRule, renderSituation, type RenderSituationOptions } from './render-situation';
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
  it('opens with an intent from the tool name and quotes a known id from the tool descriptions', () => {
    const text = render();
    expect(text).toContain('cancel an order');
    expect(text).toMatch(/ORD-100[123]/);
    expect(render({ known_ids: ['ORD-7777'], tools: [tool('cancel_order')] })).toContain('ORD-7777');
    expect(render({ tools: [tool('get_order'), tool('cancel_order')] })).toMatch(/ORD-\d{4}/);
  });

  it('is pure and varies across variants', () => {
    expect(render({ variant: 3 })).toBe(render({ variant: 3 }));
    const wordings = new Set(
      Array.from({ length: 12 }, (_, variant) =>
        render({ variant, dimensions: dimensions({ tool_condition: 'timeout', history: 'prior_failure' }) }),
      ),
    );
    expect(wordings.size).toBeGreaterThanOrEqual(10);
  });

  it('says one line for each axis value, and nothing for the ordinary stance', () => {
    const busy = render({
      dimensions: dimensions({ world_state: 'entity missing', tool_condition: 'timeout', stance: 'boundary', history: 'prior_failure' }),
    });
    expect(busy).toMatch(/couldn't find any record|nothing matches|don't have another number/);
    expect(busy).toMatch(/timed out|too long|timeout/);
    expect(busy).toMatch(/edge of what your policy|close enough|grey area/);
    expect(busy).toMatch(/failed outright|didn't work yesterday|fell over/);
    const ordinary = render({ dimensions: dimensions({ world_state: 'unspecified' }) });
    const opener = OPENERS.map((template) => template.replace('{intent}', 'cancel an order'));
    const closers = [
      '',
      'Thanks in advance.',
      'Please sort this out today if you possibly can.',
      'Let me know if you need anything else from me.',
      "I'm on the road for the next hour, so email is best.",
      "No rush, but I'd like to know where things stand.",
      'Appreciate it.',
    ];
    expect(opener.some((line) => closers.some((closer) => `${line} ${closer}`.trim() === ordinary))).toBe(true);
  });

  it('uses the unrelated and multi-step openers', () => {
    const unrelated = render({ dimensions: dimensions({ tool: 'unrelated', world_state: 'entity missing', history: 'prior_failure' }) });
    expect(UNRELATED_OPENERS.some((line) => unrelated.startsWith(line))).toBe(true);
    expect(unrelated).not.toMatch(/ORD-/);
    const multi = render({ dimensions: dimensions({ tool: 'multi_tool' }) });
    const filled = MULTI_STEP_OPENERS.map((template) => template.split('{ref}')[0]!.replace('{noun}', 'order'));
    expect(filled.some((head) => multi.startsWith(head))).toBe(true);
    expect(multi).toMatch(/ORD-100[123]/);
  });

  it('aims a line at the policy rule: pushing against it when boundary or adversarial', () => {
    const rule = 'Always confirm with the customer before cancelling an order.';
    const adversarial = render({ dimensions: dimensions({ stance: 'adversarial', rule }) });
    expect(adversarial).toContain('"Always confirm with the customer before cancelling an order"');
    expect(adversarial).toMatch(/exception|Ignore it|Just do it/);
    expect(render({ dimensions: dimensions({ stance: 'boundary', rule }) })).toMatch(/bend|on the line|case like mine/);
    expect(render({ dimensions: dimensions({ stance: 'ordinary', rule }) })).not.toContain('Always confirm');
    expect(
      render({ dimensions: dimensions({ stance: 'adversarial' }), policy_rule: 'Never refund more than $500 without a manager' }),
    ).toContain('Never refund more than $500');
    expect(quoteRule(`${'word '.repeat(40)}end.`)).toMatch(/^word( word)+\.\.\.$/);
  });

  it('types the ask the way the persona types', () => {
    const lower: Persona = { ...PLAIN, tags: ['texture:lowercase'] };
    const text = render({ persona: lower, dimensions: dimensions({ stance: 'boundary' }) });
    expect(text).toMatch(/ORD-\d{4}/);
    expect(text.replace(/ORD-\d+/g, '')).toBe(text.replace(/ORD-\d+/g, '').toLowerCase());
    const short = render({
      persona: { ...PLAIN, tags: ['length:short prompt'] },
      dimensions: dimensions({ tool_condition: 'timeout', history: 'prior_failure' }),
    });
    const long = render({
      persona: { ...PLAIN, tags: ['length:long prompt'] },
      dimensions: dimensions({ tool_condition: 'timeout', history: 'prior_failure' }),
    });
    expect(short.length).toBeLessThan(long.length);
  });

  it('keeps every axis pick on its own hash: changing the history leaves the opener alone', () => {
    const a = render({ dimensions: dimensions({ history: 'fresh' }) });
    const b = render({ dimensions: dimensions({ history: 'prior_failure' }) });
    expect(a.split('. ')[0]).toBe(b.split('. ')[0]);
    expect(pickLine(['x', 'y', 'z'], 'sc-1', 'opener', 4)).toBe(['x', 'y', 'z'][sdkInt('sc-1:opener:4') % 3]);
  });

  it('writes a readable ask for every stance with sampled personas', () => {
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
    for (const [index, stance] of stances.entries()) {
      const cell = dimensions({ stance, world_state: 'partially completed', history: 'contradicts_earlier' });
      const persona = samplePersona({ seed: 1, round: 0, key: `sc-${index}:0`, stance, dimensions: cell });
      const text = render({ dimensions: cell, persona, variant: index });
      expect(text.length).toBeGreaterThan(30);
      expect(text).not.toMatch(/\{(ref|noun|intent|rule)\}/);
      expect(text).not.toMatch(/partially completed|contradicts_earlier|texture|stance/);
    }
  });
});

/** The SDK's `int(sha256(text)[:8], 16)`, written out independently of the code under test. */
function sdkInt(text: string): number {
  return Number.parseInt(sha256Hex(text).slice(0, 8), 16);
}
