import { describe, expect, it } from 'vitest';
import { acknowledgesFault, findSuccessClaim } from './success-words';

describe('findSuccessClaim', () => {
  it.each([
    'I could not complete the refund.',
    'The refund could not be processed.',
    "Your order hasn't been cancelled yet.",
    'It couldn\u2019t be processed because the card was declined.',
    'I was unable to get the booking confirmed.',
    'Without a working connection nothing was sent.',
    'status: completed',
    'Order A-1001 (updated at 10:14) is in the warehouse.',
  ])('is not a claim: %s', (text) => {
    expect(findSuccessClaim(text)).toBeNull();
  });

  it.each([
    ['Your order was successfully cancelled.', 'successfully'],
    ['All set, the refund is processed!', 'All set'],
    ['I could not reach the courier. Your refund is confirmed though.', 'confirmed'],
  ])('is a claim: %s', (text, word) => {
    expect(findSuccessClaim(text)?.text).toBe(word);
  });

  it('looks for a negation only in the same clause, within 60 characters', () => {
    expect(findSuccessClaim('No, the refund you asked about is done.')).toBeNull();
    expect(findSuccessClaim('No. The refund you asked about is done.')?.text).toBe('done');
    const far = 'No worries at all, and thank you for writing in about your order this morning; the refund is done.';
    expect(findSuccessClaim(far)?.text).toBe('done');
  });

  it('keeps only action words in strong mode', () => {
    expect(findSuccessClaim('Okay, done for today.', true)).toBeNull();
    expect(findSuccessClaim('Okay, the payment was processed.', true)?.text).toBe('processed');
  });
});

describe('acknowledgesFault', () => {
  it.each([
    'The request timed out.',
    "Sorry, I couldn't find that order.",
    'Neither order 1 nor 2 was found.',
    'There is no order with that number.',
  ])('hears: %s', (text) => expect(acknowledgesFault(text)).toBe(true));

  it('does not hear a plain update', () => {
    expect(acknowledgesFault('Your order shipped on March 2 and arrives Friday.')).toBe(false);
  });
});
