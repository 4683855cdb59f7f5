import { describe, expect, it } from 'vitest';
import type { Message, Persona } from '../../shared/domain';
import { planCall } from '../agents/demo/arguments/demo-arguments';
import { draftSpec } from '../spec';
import { idKindsFor } from '../world/id-kinds';
import { askedDetails, describedExamples, detailValue } from './asked-details';
import { TemplateUser } from './template-user';

// The first-day review's spec: the agent asks for a budget alert's category and limit, an identity's birth date and
// postal code, a transfer's accounts and amount; the person has to answer in words the demo agent reads back.
const { spec } = draftSpec('a personal finance assistant that confirms before it moves money', { seed: 7 });
const kinds = idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes });
const tool = (name: string) => spec.tools.find((candidate) => candidate.name === name)!;
const ACCOUNT = spec.known_ids.find((id) => id.startsWith('ACC-'))!;
const people = new TemplateUser({ tools: spec.tools, known_ids: spec.known_ids, id_kinds: kinds, avg_turns: 40 });

const persona = (overrides: Partial<Persona> = {}): Persona => ({
  stance: 'ordinary',
  tags: [],
  aside: '',
  patience: 'endless',
  ...overrides,
});
const user = (text: string): Message => ({ role: 'user', content: text });
const agent = (text: string): Message => ({ role: 'assistant', content: text });

function answer(opening: string, question: string, key: string, who: Persona = persona()): string {
  const turn = people.replyNow({ persona: who, messages: [user(opening), agent(question)], user_turns: 1, rollout_key: key });
  return turn.kind === 'message' ? turn.text : '<left>';
}

describe('a cooperative person gives the details the agent asks for', () => {
  it('answers "category and monthly limit" with values the demo agent plans a set_budget_alert call from', () => {
    const opening = `I need to change a budget alert on ${ACCOUNT}.`;
    for (const key of ['7:0', '7:1', '7:2', '7:3', '7:4']) {
      const reply = answer(opening, 'Could you tell me the category and monthly limit so I can set the budget alert?', key);
      const planned = planCall(tool('set_budget_alert'), [opening, reply], kinds);
      expect(planned.missing, reply).toEqual([]);
      expect(['dining', 'groceries']).toContain(planned.args.category);
      expect(planned.args.monthly_limit).toBeGreaterThan(0);
      expect(planned.args.account_id).toBe(ACCOUNT);
    }
  });

  it('gives a date of birth and postal code that fill verify_identity, the date as YYYY-MM-DD', () => {
    const opening = 'Could you verify my identity?';
    for (const key of ['7:10', '7:11', '7:12', '7:13']) {
      const reply = answer(opening, "What's the account number, date of birth and postal code?", key);
      const planned = planCall(tool('verify_identity'), [opening, reply], kinds);
      expect(planned.missing, reply).toEqual([]);
      expect(planned.args.account_id).toMatch(/^ACC-/);
      expect(planned.args.date_of_birth).toMatch(/^(19|20)\d{2}-\d{2}-\d{2}$/);
      expect(planned.args.postal_code).toMatch(/^\d{5}$/);
    }
  });

  it('names two different accounts for a transfer, each in its place, and an amount in dollars', () => {
    const opening = 'I need to transfer funds.';
    const reply = answer(opening, "What's the from account number, to account number and amount?", '7:20');
    const planned = planCall(tool('transfer_funds'), [opening, reply], kinds);
    expect(planned.missing, reply).toEqual([]);
    expect(reply).toMatch(
      new RegExp(`from ${String(planned.args.from_account_id)}.* (to|into) ${String(planned.args.to_account_id)}`, 'i'),
    );
    expect(planned.args.from_account_id).not.toBe(planned.args.to_account_id);
    expect(reply).toMatch(/\$\d+/);
  });

  it('says the same thing for the same rollout and varies across rollouts', () => {
    const question = 'Could you tell me the category and monthly limit so I can set the budget alert?';
    expect(answer('Budget alert please.', question, '7:5')).toBe(answer('Budget alert please.', question, '7:5'));
    const replies = new Set(Array.from({ length: 12 }, (_, index) => answer('Budget alert please.', question, `7:${index}`)));
    expect(replies.size).toBeGreaterThan(3);
  });

  it('keeps the stance: an exploring person gives nothing, an unsure one only sometimes', () => {
    const question = "What's the category and monthly limit?";
    expect(answer('Budget alerts?', question, '7:0', persona({ stance: 'exploratory' }))).not.toMatch(/\$\d/);
    const unsure = Array.from({ length: 40 }, (_, index) =>
      answer('Budget alerts?', question, `7:${index}`, persona({ stance: 'unsure' })),
    );
    const gave = unsure.filter((reply) => /\$\d/.test(reply)).length;
    expect(gave).toBeGreaterThan(5);
    expect(gave).toBeLessThan(35);
  });
});

describe('asked details', () => {
  it('reads which parameters a question names, preferring the tool it names most of', () => {
    const asked = askedDetails('Could you tell me the account number, category and monthly limit?', spec.tools);
    expect(asked?.tool.name).toBe('set_budget_alert');
    expect(asked?.parameters.map((parameter) => parameter.name)).toEqual(['account_id', 'category', 'monthly_limit']);
    expect(askedDetails('How can I help today?', spec.tools)).toBeUndefined();
  });

  it('takes values from the schema: enum words, described examples, amounts within bounds', () => {
    expect(['wrong size', 'damaged']).toContain(detailValue('reason', { type: 'string', enum: ['wrong_size', 'damaged'] }, 'k'));
    expect(describedExamples('Spending category, for example dining or groceries.')).toEqual(['dining', 'groceries']);
    expect(detailValue('limit', { type: 'integer', minimum: 1, maximum: 5 }, 'k')).toMatch(/^[1-5]$/);
    expect(detailValue('amount', { type: 'number', maximum: 30 }, 'k')).toBe('$20');
  });
});
