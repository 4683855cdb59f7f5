import { describe, expect, it } from 'vitest';
import { policySections } from './policy-sections';

const rules = (policy: string, cap: number | null = 16) => policySections(policy, cap).rules;

describe('policySections', () => {
  it('reads the quickstart policy as one clause', () => {
    expect(policySections('Help customers with orders.')).toEqual({ rules: ['Help customers with orders.'], total: 1 });
  });

  it('gives nothing for an empty or blank policy', () => {
    expect(policySections('')).toEqual({ rules: [], total: 0 });
    expect(policySections('  \n\n \t')).toEqual({ rules: [], total: 0 });
  });

  it('drops the role sentence and keeps the rest of its paragraph', () => {
    const policy = 'You are Ledger, a finance assistant. Always verify identity first.\n\n1. Confirm amounts before transfers.';
    expect(rules(policy)).toEqual(['Always verify identity first.', 'Confirm amounts before transfers.']);
  });

  it('drops a one-sentence role paragraph entirely', () => {
    expect(rules("You're the helpdesk bot for Acme\n\n- Never share passwords with anyone")).toEqual(['Never share passwords with anyone']);
    expect(rules('Act as a travel agent.')).toEqual([]);
  });

  it('splits before numbered, bulleted, heading and label lines and strips the markers', () => {
    const policy = [
      '# Refunds',
      '1) Refund only to the original payment method.',
      '2. Never refund more than the order total.',
      '* Escalate disputes over $500 to a human.',
      '• Keep replies short and polite.',
      'Shipping: orders ship within two days.',
    ].join('\n');
    expect(rules(policy)).toEqual([
      'Refund only to the original payment method.',
      'Never refund more than the order total.',
      'Escalate disputes over $500 to a human.',
      'Keep replies short and polite.',
      'Shipping: orders ship within two days.',
    ]);
  });

  it('keeps a wrapped line with its bullet (no split without a marker)', () => {
    const policy = '- Confirm the amount and the destination\n  account before moving any money.\n- Never guess an account number.';
    expect(rules(policy)).toEqual([
      'Confirm the amount and the destination account before moving any money.',
      'Never guess an account number.',
    ]);
  });

  it('splits sentences only when every sentence is long enough', () => {
    expect(rules('Look up the order first. Then act on it.')).toEqual(['Look up the order first.', 'Then act on it.']);
    expect(rules('Hi all. Look up the order before you answer.')).toEqual(['Hi all. Look up the order before you answer.']);
  });

  it('splits on semicolons when every part is long enough', () => {
    expect(rules('Verify identity first; never read out a full card number')).toEqual([
      'Verify identity first',
      'never read out a full card number',
    ]);
    expect(rules('Do it; or not at all, whichever applies')).toEqual(['Do it; or not at all, whichever applies']);
  });

  it('drops clauses under eight characters', () => {
    expect(rules('- Be nice\n- Be fast!\n- Short.\n- Always answer in English.')).toEqual(['Be fast!', 'Always answer in English.']);
  });

  it('cuts a long clause at the last word boundary before 120 characters', () => {
    const long = `Never ${'promise a refund '.repeat(10)}before checking.`;
    const [clause] = rules(long);
    expect(clause!.length).toBeLessThanOrEqual(120);
    expect(long.startsWith(clause!)).toBe(true);
    expect(clause!.endsWith(' ')).toBe(false);
    expect(clause).toBe(
      'Never promise a refund promise a refund promise a refund promise a refund promise a refund promise a refund promise a',
    );
  });

  it('dedupes case-insensitively and keeps document order', () => {
    expect(rules('- Never invent order numbers.\n- Always be brief.\n- NEVER INVENT ORDER NUMBERS.')).toEqual([
      'Never invent order numbers.',
      'Always be brief.',
    ]);
  });

  it('caps the axis and still counts every clause', () => {
    const policy = Array.from({ length: 20 }, (_, index) => `${index + 1}. Rule number ${index + 1} applies here.`).join('\n');
    const capped = policySections(policy);
    expect(capped.rules).toHaveLength(16);
    expect(capped.total).toBe(20);
    expect(capped.rules[15]).toBe('Rule number 16 applies here.');
    expect(policySections(policy, null).rules).toHaveLength(20);
    expect(policySections(policy, 3).rules).toEqual([
      'Rule number 1 applies here.',
      'Rule number 2 applies here.',
      'Rule number 3 applies here.',
    ]);
  });

  it('does not split before a label longer than 40 characters', () => {
    const label = 'A'.repeat(45);
    expect(rules(`Always check the order status and\n${label}: then answer`)).toEqual([
      `Always check the order status and ${label}: then answer`,
    ]);
    expect(rules(`Always check the order status and\nRefunds: then answer`)).toEqual([
      'Always check the order status and',
      'Refunds: then answer',
    ]);
  });
});
