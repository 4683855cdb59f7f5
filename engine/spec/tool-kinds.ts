/** A verb that starts a read-only tool name (`get_order`, `listInvoices`). */
export const READ_VERBS: ReadonlySet<string> = new Set([
  'get',
  'read',
  'list',
  'lookup',
  'look',
  'inspect',
  'search',
  'fetch',
  'find',
  'show',
  'describe',
  'view',
  'check',
  'query',
  'cat',
  'browse',
  'status',
]);

/** A name token that makes a tool destructive wherever it appears (`issue_refund`, `cancelBooking`). */
export const DESTRUCTIVE_TOKENS: ReadonlySet<string> = new Set([
  'delete',
  'remove',
  'pay',
  'refund',
  'transfer',
  'publish',
  'send',
  'cancel',
  'execute',
  'destroy',
  'drop',
  'close',
  'terminate',
  'revoke',
  'uninstall',
  'reset',
  'clear',
  'erase',
  'wipe',
  'purge',
  'disable',
  'deactivate',
  'unpublish',
  'unshare',
  'unsend',
]);

/** A parameter key that looks a record up, so the world can say "not found" (SDK `_REFERENCE_KEY`). */
export const ID_LIKE_KEY = /(^id$|_id$|^path$|_path$|^file$|^name$|^key$|^ref$|^reference$|_ref$|^number$|^repo$|^asin$|^sku$)/i;

export const TOOL_KINDS = ['read', 'destructive', 'other'] as const;
export type ToolKind = (typeof TOOL_KINDS)[number];

/** The parts of a tool schema the engine reads. */
export interface ToolParts {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/**
 * Reads a tool in any of the shapes agents declare: bare `{name, description, parameters}`, OpenAI's
 * `{type: "function", function: {...}}`, or Anthropic's `input_schema`. Missing parts come back empty.
 */
export function toolParts(tool: unknown): ToolParts {
  const outer = isRecord(tool) ? tool : {};
  const inner = isRecord(outer.function) ? outer.function : outer;
  const parameters = isRecord(inner.parameters) ? inner.parameters : isRecord(inner.input_schema) ? inner.input_schema : {};
  return {
    name: typeof inner.name === 'string' ? inner.name.trim() : '',
    description: typeof inner.description === 'string' ? inner.description : '',
    parameters,
  };
}

const tokenCache = new Map<string, string[]>();

/** Lowercase name tokens, split on non-alphanumerics and camelCase: `getOrderStatus` -> get, order, status. */
export function nameTokens(name: string): string[] {
  const cached = tokenCache.get(name);
  if (cached) return cached;
  const tokens = name
    .replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((token) => token.toLowerCase());
  // Tool and parameter names are few; the bound only guards against a caller passing free text.
  if (tokenCache.size >= 4096) tokenCache.clear();
  tokenCache.set(name, tokens);
  return tokens;
}

/** `read` when the first token is a read verb, else `destructive` when any token is destructive, else `other`. */
export function toolKind(name: string): ToolKind {
  const tokens = nameTokens(name);
  if (tokens.length > 0 && READ_VERBS.has(tokens[0]!)) return 'read';
  if (tokens.some((token) => DESTRUCTIVE_TOKENS.has(token))) return 'destructive';
  return 'other';
}

/**
 * The id-like parameters of a tool, as dotted paths (`order_id`, `filter.account_id`), in declaration order.
 * Object-typed parameters are searched recursively, as the SDK does; arrays are not entered.
 */
export function idLikeParameters(tool: unknown): string[] {
  const found: string[] = [];
  const scan = (schema: Record<string, unknown>, prefix: string) => {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const [key, child] of Object.entries(properties)) {
      if (ID_LIKE_KEY.test(key)) found.push(prefix + key);
      if (isRecord(child) && child.type === 'object') scan(child, `${prefix}${key}.`);
    }
  };
  scan(toolParts(tool).parameters, '');
  return found;
}

/** True when some tool looks a record up by an id-like parameter: the world_state axis then applies. */
export function hasIdLikeParameters(tools: readonly unknown[]): boolean {
  return tools.some((tool) => idLikeParameters(tool).length > 0);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
