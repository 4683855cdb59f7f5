import { recordFamily } from './record-fields';
import { entityRecord, type RecordContext } from './entity-record';
import { withFaker } from '../seeded-faker';
import { drawId, type IdFormat } from '../world-catalog';
import type { WorldMemory } from '../world-memory';

const QUERY_KEYS = ['query', 'q', 'search', 'term', 'keywords', 'keyword', 'search_term', 'text'];
const PAGING_KEY = /^(limit|max_results|top_k|page|page_size|per_page|offset|cursor|sort|sort_by|order_by|order)$/i;
const LIMIT_KEYS = ['limit', 'max_results', 'top_k', 'page_size', 'per_page'];

export interface ListRequest {
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** The call's hash: decides how many hits and which ids. */
  callHash: number;
  context: RecordContext;
  format: IdFormat;
  memory: WorldMemory;
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

function limitOf(args: Readonly<Record<string, unknown>>): number | undefined {
  for (const key of LIMIT_KEYS) {
    const value = args[key];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) return value;
  }
  return undefined;
}

/** Filters the call named (`customer_email`, `status`) show up on every hit, so the listing agrees with the ask. */
function echoFilters(record: Record<string, unknown>, args: Readonly<Record<string, unknown>>): void {
  for (const [key, value] of Object.entries(args)) {
    if (QUERY_KEYS.includes(key) || PAGING_KEY.test(key) || value === null || typeof value === 'object') continue;
    record[key] = value;
    if (/email/i.test(key) && 'email' in record) record.email = value;
  }
}

/** A search or listing: `{query?, count, items}`; each hit is an entity the world now remembers. */
export function listPayload(request: ListRequest): Record<string, unknown> {
  const { tool, args, callHash, context, format, memory, hits } = request;
  const query = queryOf(args);
  const [low, high] = hits;
  let count = low + (callHash % (high - low + 1));
  const limit = limitOf(args);
  if (limit !== undefined) count = Math.min(count, limit);
  const namesFollowQuery =
    query !== undefined && query.length >= 2 && query.length <= 40 && ['product', 'generic'].includes(recordFamily(context.noun));
  const items = Array.from({ length: count }, (_, index) => {
    const id = withFaker(`list-id:${context.seed}:${tool}:${callHash}:${index}`, (faker) => drawId(format, faker));
    const stored = memory.recordOf(id);
    if (stored) return stored;
    const record = entityRecord(id, context);
    if (namesFollowQuery) {
      record.name = withFaker(`list-name:${context.seed}:${id}`, (faker) => `${faker.commerce.productAdjective()} ${query}`);
    }
    echoFilters(record, args);
    memory.remember(id, record);
    return record;
  });
  return query === undefined ? { count, items } : { query, count, items };
}
