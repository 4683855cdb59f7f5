import { withFaker } from '../seeded-faker';
import type { EntityRecord } from '../world-memory';
import type { EntityWorld } from './entity-payload';
import type { RecordContext } from './entity-record';
import { hitCount, listedEntities } from './listing';
import { recordFamily } from './record-fields';
import { QUERY_KEYS } from './search-filters';

export interface ListRequest {
  world: EntityWorld;
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** The call's hash: decides how many hits and which ids. */
  callHash: number;
  context: RecordContext;
  /** Inclusive range of hits (WORLD_SEARCH_HITS 1..6): a fixed 2 or 3 teaches agents that searches always return a few. */
  hits: readonly [number, number];
}

function queryOf(args: Readonly<Record<string, unknown>>): string | undefined {
  for (const key of QUERY_KEYS) {
    const value = args[key];
    if (typeof value === 'string') return value.trim().replace(/\s+/g, ' ');
  }
  return undefined;
}

/**
 * A search or listing with no example answer: `{query?, count, items}`, each hit a whole record the world now
 * remembers, agreeing with the filters; a product or generic hit is named after a short query.
 */
export function listPayload(request: ListRequest): Record<string, unknown> {
  const { context, args } = request;
  const query = queryOf(args);
  const count = hitCount(request.callHash, request.hits, args);
  const namesFollowQuery =
    query !== undefined && query.length >= 2 && query.length <= 40 && ['product', 'generic'].includes(recordFamily(context.noun));
  const decorate = (record: EntityRecord) => {
    const id = String(record[context.idKey]);
    record.name = withFaker(`list-name:${context.seed}:${id}`, (faker) => `${faker.commerce.productAdjective()} ${query}`);
  };
  const items = listedEntities({ ...request, count, ...(namesFollowQuery ? { decorate } : {}) });
  return query === undefined ? { count: items.length, items } : { query, count: items.length, items };
}
