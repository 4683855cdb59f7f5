/**
 * Schema-echo values (section 8 rule 7): a string leaf, whole and trimmed, that repeats what the schema asks for
 * instead of the person's detail. A bare enum-like word ("email" as a contact channel) is not one.
 */
const PLACEHOLDER_VALUE = new RegExp(
  '^(?:<[^>]*>|\\[[^\\]]*\\]|\\{[^}]*\\}' +
    '|(?:your|the|a|an|user|customer|my)\\s+(?:email|phone|name|zip|address|id)' +
    '|email address|first name|last name|full name|zip code|phone number|order (?:id|number)|user id|customer id' +
    '|account (?:id|number)|item id|product id|string|placeholder|x{3,}' +
    '|[\\w.+-]+@(?:example|test|email|domain)\\.(?:com|org|net))$',
  'i',
);

export function isPlaceholderValue(value: string): boolean {
  const trimmed = value.trim();
  // `order_id` echoes the schema as surely as "order id" does.
  return trimmed.length > 0 && (PLACEHOLDER_VALUE.test(trimmed) || PLACEHOLDER_VALUE.test(trimmed.replace(/_/g, ' ')));
}

/** Paths (`customer.email`, `items[0].sku`) of every placeholder leaf, in argument order. */
export function placeholderArguments(args: unknown): string[] {
  const paths: string[] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node === 'string') {
      if (isPlaceholderValue(node)) paths.push(path);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, `${path}[${index}]`));
    } else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) walk(value, path === '' ? key : `${path}.${key}`);
    }
  };
  walk(args, '');
  return paths;
}
