import { describe, expect, it } from 'vitest';
import { isPlaceholderValue, placeholderArguments } from './placeholder';

describe('placeholder arguments', () => {
  it.each([
    'first name',
    'Last Name',
    ' full name ',
    'email address',
    'zip code',
    'phone number',
    'order id',
    'Order Number',
    'user id',
    'customer id',
    'account number',
    'item id',
    'product id',
    'string',
    'placeholder',
    'xxx',
    'XXXXX',
    'your email',
    'the name',
    'my address',
    'customer phone',
    '<order id>',
    '[customer name]',
    '{email}',
    'order_id',
    'FIRST_NAME',
    'user@example.com',
    'jane.doe@test.org',
    'someone@email.net',
    'a+b@domain.com',
  ])('refuses %j', (value) => {
    expect(isPlaceholderValue(value)).toBe(true);
  });

  it.each([
    'email',
    'phone',
    'name',
    'ORD-1042',
    'maya@fastmail.com',
    'Maya Lopez',
    'xx',
    'shipping address on file',
    'user@example.co.uk',
    '',
  ])('accepts %j', (value) => {
    expect(isPlaceholderValue(value)).toBe(false);
  });

  it('reports nested paths in argument order', () => {
    expect(
      placeholderArguments({ order_id: 'ORD-1', customer: { email: 'user@example.com', name: 'first name' }, items: [{ sku: '<sku>' }] }),
    ).toEqual(['customer.email', 'customer.name', 'items[0].sku']);
  });
});
