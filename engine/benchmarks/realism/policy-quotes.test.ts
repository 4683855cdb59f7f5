import { describe, expect, it } from 'vitest';
import { quotesPolicy } from './policy-quotes';

const RULES = ['Refund only to the original payment method and never more than the amount paid for the order.'];

describe('quotesPolicy', () => {
  it('finds six or more words of a clause, quoted or not, cut or not', () => {
    expect(quotesPolicy('Your policy says "Refund only to the original payment method and never more than the..."', RULES)).toBe(true);
    expect(quotesPolicy('i know u refund only to the original payment method, but my card expired', RULES)).toBe(true);
  });

  it('leaves a person who only talks about the same topic alone', () => {
    expect(quotesPolicy('Can the refund go to my new card instead? The old one was cancelled.', RULES)).toBe(false);
    expect(quotesPolicy('I know you have rules about refunds, but hear me out.', RULES)).toBe(false);
  });
});
