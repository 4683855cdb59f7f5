import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Spec } from '../../shared/domain';
import { stableJson } from '../seeded';
import { DOMAIN_BANKS } from './banks';
import { draftSpec, OfflineSpecDrafter } from './draft-spec';
import { policySections } from './policy-sections';
import { SpecDraftError } from './spec-draft-error';
import { idLikeParameters, toolKind } from './tool-kinds';
import { validateSpec } from './validate-spec';

const DOMAIN_SENTENCES: ReadonlyArray<readonly [string, string, RegExp]> = [
  [
    'personal_finance',
    'a personal finance assistant that confirms before it moves money',
    /^Confirm the amount and destination with the person before moving money\.$/,
  ],
  [
    'telecom_support',
    'a support agent for a mobile phone company that hands off to a human only when the customer asks twice',
    /^Hand off to a human only when the customer asks twice\.$/,
  ],
  ['retail_orders', 'an online store assistant that never invents an order number', /^Never invent an order number\.$/],
  [
    'airline_travel',
    'an airline booking agent that never changes a flight without stating the fee first',
    /^Never change a flight without stating the fee first\.$/,
  ],
  [
    'clinic_scheduling',
    "a clinic scheduling assistant that always verifies the patient's date of birth before booking",
    /^Always verify the patient's date of birth/,
  ],
  [
    'it_helpdesk',
    'an IT helpdesk bot that never resets a password without verifying the employee',
    /^Never reset a password without verifying the employee\.$/,
  ],
  [
    'insurance_claims',
    'an insurance claims assistant that never promises a payout before an adjuster reviews the claim',
    /^Never promise a payout before/,
  ],
  [
    'food_delivery',
    'a food delivery support agent that refunds missing items only with a photo',
    /^Refund missing items only with a photo\.$/,
  ],
];

const GENERIC_SENTENCES = [
  'an assistant that books meeting rooms and never double-books',
  'a bot that answers questions about our employee handbook',
  'an assistant that helps customers with their gym memberships and never cancels one without asking',
  'Concierge: reserves restaurant tables; confirms party size before booking',
  'a helpful assistant',
];

describe('draftSpec: domain banks', () => {
  it.each(DOMAIN_SENTENCES)('chooses %s and puts the asked-for behaviour first', (domain, sentence, firstRule) => {
    const { spec, warnings } = draftSpec(sentence, { seed: 0 });
    expect(spec.domain).toBe(domain);
    expect(spec.sentence).toBe(sentence);
    expect(spec.policy_rules[0]).toMatch(firstRule);
    expect(spec.system_prompt).toContain(`1. ${spec.policy_rules[0]}`);
    expect(warnings.filter((warning) => warning.includes('no domain bank'))).toEqual([]);
  });

  it('builds the rule axis from the numbered policy, exactly the policy rules plus unspecified', () => {
    for (const [, sentence] of DOMAIN_SENTENCES) {
      const { spec } = draftSpec(sentence, { seed: 3 });
      expect(policySections(spec.system_prompt).rules).toEqual(spec.policy_rules);
      expect(spec.axes.rule).toEqual([...spec.policy_rules, 'unspecified']);
      expect(spec.axes.tool).toEqual([...spec.tools.map((tool) => tool.name), 'unrelated', 'multi_tool']);
      expect(spec.axes.world_state).toHaveLength(6);
    }
  });

  it('lets the behaviour replace the base rule on the same topic', () => {
    const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 0 });
    expect(spec.policy_rules.filter((rule) => /^Read back the amount/.test(rule))).toEqual([]);
    expect(spec.policy_rules.some((rule) => rule.startsWith('Verify the member'))).toBe(true);
  });

  it('warns when a behaviour does not fit one clause of the rule axis', () => {
    const sentence =
      'a personal finance assistant that never moves money between accounts without first reading back ' +
      'the amount, the source account, the destination account and the date';
    const { spec, warnings } = draftSpec(sentence, { seed: 0 });
    expect(spec.policy_rules[0]!.length).toBeGreaterThan(120);
    expect(spec.axes.rule[0]!.length).toBeLessThanOrEqual(120);
    expect(warnings).toContain(`rule 1 is over 120 characters, so the rule axis reads it cut short ("${spec.axes.rule[0]}"): shorten it`);
  });

  it('says a behaviour a bank rule already states once, as that rule, first', () => {
    const { spec } = draftSpec('a dental clinic receptionist that books appointments and never gives medical advice', { seed: 0 });
    const advice = spec.policy_rules.filter((rule) => /medical advice/i.test(rule));
    expect(advice).toEqual([
      'Never give medical advice or a diagnosis, and tell anyone with urgent symptoms to call 911 or go to the emergency room.',
    ]);
    expect(spec.policy_rules[0]).toBe(advice[0]);
    // A behaviour the bank does not state in full stays the asker's own words.
    const own = draftSpec('an online store assistant that checks the order before refunding', { seed: 0 }).spec.policy_rules[0];
    expect(own).toBe('Check the order before refunding.');
  });

  it('refuses a description longer than a draft reads, saying how long it is', () => {
    const sentence = `a personal finance assistant that confirms before it moves money ${'and also checks everything again '.repeat(1600)}`;
    expect(() => draftSpec(sentence, { seed: 0 })).toThrow(SpecDraftError);
    expect(() => draftSpec(sentence, { seed: 0 })).toThrow(/^the description is 52,\d{3} characters, over the 1,000 a draft reads/);
    expect(() =>
      draftSpec('a personal finance assistant that confirms before it moves money '.padEnd(1000, 'x'), { seed: 0 }),
    ).not.toThrow();
  });

  it('warns when the sentence names no behaviour', () => {
    const { spec, warnings } = draftSpec('a telecom support agent', { seed: 0 });
    expect(spec.domain).toBe('telecom_support');
    expect(warnings.some((warning) => warning.includes('names no behaviour'))).toBe(true);
  });

  it('varies ids and the agent name with the seed, and nothing that matters', () => {
    const sentence = 'a personal finance assistant that confirms before it moves money';
    const first = draftSpec(sentence, { seed: 1 }).spec;
    const second = draftSpec(sentence, { seed: 2 }).spec;
    expect(first.known_ids).not.toEqual(second.known_ids);
    expect(first.tools.map((tool) => tool.name)).toEqual(second.tools.map((tool) => tool.name));
    expect(first.policy_rules).toEqual(second.policy_rules);
    expect(first.known_ids.every((id) => /^(ACC|PAY|TXN)-\d{4,6}$/.test(id))).toBe(true);
  });
});

describe('draftSpec: sentences no bank matches', () => {
  it('builds meeting-room booking tools from the sentence and warns', () => {
    const { spec, warnings } = draftSpec('an assistant that books meeting rooms and never double-books', { seed: 0 });
    expect(spec.domain).toBe('generic');
    expect(spec.tools.map((tool) => tool.name)).toEqual(['search_rooms', 'get_booking', 'create_booking', 'cancel_booking']);
    expect(idLikeParameters(spec.tools[1])).toEqual(['booking_id']);
    expect(toolKind('cancel_booking')).toBe('destructive');
    expect(spec.policy_rules[0]).toMatch(/^Never double-book a meeting room/);
    expect(spec.known_ids.some((id) => id.startsWith('BKG-'))).toBe(true);
    expect(spec.tools[1]!.description).toMatch(/Bookings on file: BKG-\d{4}, BKG-\d{4}, BKG-\d{4}\./);
    expect(warnings[0]).toMatch(/no domain bank matched .*own words/);
  });

  it('adds the tool a behaviour needs and names the record in the rule', () => {
    const { spec } = draftSpec('an assistant that helps customers with their gym memberships and never cancels one without asking', {
      seed: 0,
    });
    expect(spec.tools.map((tool) => tool.name)).toContain('cancel_membership');
    expect(spec.policy_rules[0]).toBe('Never cancel a gym membership without asking.');
  });

  it('gives a read-only bot lookup tools and a handoff', () => {
    const { spec } = draftSpec('a bot that answers questions about our employee handbook', { seed: 0 });
    expect(spec.tools.map((tool) => tool.name)).toEqual(['search_handbooks', 'get_handbook', 'transfer_to_human']);
  });
});

describe('draftSpec: every draft is a valid, deterministic spec', () => {
  const sentences = [...DOMAIN_SENTENCES.map(([, sentence]) => sentence), ...GENERIC_SENTENCES];

  it.each(sentences)('"%s" passes Spec.parse and validateSpec with no warnings', (sentence) => {
    const { spec } = draftSpec(sentence, { seed: 11 });
    expect(Spec.parse(spec)).toEqual(spec);
    const validation = validateSpec(JSON.parse(JSON.stringify(spec)));
    expect(validation.ok ? [] : validation.issues).toEqual([]);
    expect(validation.warnings).toEqual([]);
  });

  it('gives byte-identical JSON for the same sentence and seed, in well under a second', () => {
    for (const sentence of sentences) {
      const started = Date.now();
      const first = stableJson(draftSpec(sentence, { seed: 42 }));
      expect(Date.now() - started).toBeLessThan(500);
      expect(stableJson(draftSpec(sentence, { seed: 42 }))).toBe(first);
    }
  });

  it('drafts a valid spec from any sentence with words in it', () => {
    const word = fc.constantFrom(
      'assistant',
      'books',
      'never',
      'refunds',
      'orders',
      'that',
      'and',
      'flights',
      'money',
      'the',
      'cancels',
      'checks',
      'human',
      'only',
      'when',
      'rooms',
      'it',
      'confirms',
      'before',
      'x',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 14 }), fc.integer(), (words, seed) => {
        const sentence = words.join(' ');
        const { spec } = draftSpec(sentence, { seed });
        expect(validateSpec(spec).ok).toBe(true);
        expect(stableJson(draftSpec(sentence, { seed }).spec)).toBe(stableJson(spec));
      }),
      { numRuns: 60 },
    );
  });

  it('refuses an empty sentence with a SpecDraftError', () => {
    expect(() => draftSpec('   ', { seed: 0 })).toThrowError(SpecDraftError);
  });

  it('offers the offline drafter behind the SpecDrafter interface', async () => {
    const drafter = new OfflineSpecDrafter();
    const sentence = DOMAIN_SENTENCES[0]![1];
    const result = await drafter.draft(sentence, { seed: 5 });
    expect(drafter.name).toBe('offline');
    expect(stableJson(result)).toBe(stableJson(draftSpec(sentence, { seed: 5 })));
  });

  it('covers every bank with a sentence', () => {
    expect(DOMAIN_SENTENCES.map(([domain]) => domain).sort()).toEqual(DOMAIN_BANKS.map((bank) => bank.domain).sort());
  });
});
