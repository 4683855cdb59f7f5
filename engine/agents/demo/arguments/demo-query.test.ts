import { describe, expect, it } from 'vitest';
import { queryFrom } from './demo-query';

describe('queryFrom', () => {
  it('searches for what a short ask names, or what follows "looking for"', () => {
    expect(queryFrom('do you have any waterproof hiking boots?', 'search_products')).toBe('waterproof hiking boots');
    expect(queryFrom("Hi, I'm looking for a blue rain jacket, size M. Thanks!", 'search_products')).toBe('blue rain jacket');
  });

  it("searches a person's records under the number or the name they gave", () => {
    expect(queryFrom('The one from last week, REQ-8744.', 'search_requests')).toBe('REQ-8744');
    expect(queryFrom("I'm Jane Doe. Could you list my loans?", 'search_loans')).toBe('Jane Doe');
    expect(queryFrom("It'd be under Marlon Klein.", 'search_loans')).toBe('Marlon Klein');
  });

  it('makes no search words of a whole message (the agent asks instead)', () => {
    expect(
      queryFrom('Mind if I ask you to find all my loans? Would there be a fee if I went ahead later?', 'search_loans'),
    ).toBeUndefined();
    expect(queryFrom('Do I have any loans in the system right now? Apologies for the long message.', 'search_loans')).toBeUndefined();
  });
});
