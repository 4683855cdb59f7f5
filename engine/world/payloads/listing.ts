import { hashInt } from '../../seeded';
import { entityKey } from '../references';
import { relatedId } from '../relations';
import { withFaker } from '../seeded-faker';
import { drawId, type IdFormat } from '../world-catalog';
import type { EntityRecord } from '../world-memory';
import { type Template } from './answer-shapes';
import { entityFor, viewOf, type EntityWorld } from './entity-payload';
import type { RecordContext } from './entity-record';
import { filterArguments, QUERY_KEYS } from './search-filters';
import { ID_KEY } from './template-fill';

export interface ListingRequest {
  world: EntityWorld;
  tool: string;
  args: Readonly<Record<string, unknown>>;
  /** The call's hash: decides which fresh ids. */
  callHash: number;
  /** The kind of entity listed, and the key its id goes under. */
  context: RecordContext;
  count: number;
  /** How each hit shows (a listing's example entries: a fresh hit is drawn from one of them); none: the whole record. */
  templates?: readonly Template[];
  /** Called on each fresh hit before it is stored (names that follow the query). */
  decorate?(record: EntityRecord): void;
}

const matches = (record: EntityRecord, filters: Readonly<Record<string, unknown>>) =>
  Object.entries(filters).every(([key, value]) => !(key in record) || String(record[key]) === String(value));

/**
 * A search's hits, each an entity the world now remembers and every one agreeing with the search: the records of
 * that kind the world already showed that match its filters, then (when it filters by a related entity, such as a
 * customer) the kind's own ids that belong to it, then fresh ids that take the filters.
 */
export function listedEntities(request: ListingRequest): EntityRecord[] {
  const { world, context, args, count } = request;
  const filters = filterArguments(args);
  const hasFilters = Object.keys(filters).length > 0;
  const format = world.catalog.idFormat(context.noun);
  const named = queriedIds(args, format);
  // A search whose words name records of its kind ("LN-5687") finds those that exist, and nothing else.
  if (named.length > 0) return named.filter((id) => world.memory.exists(id)).map((id) => listed(request, filters, id));
  const ids: string[] = [];
  if (hasFilters) {
    for (const record of world.memory.recordsOf(context.noun)) {
      const id = record[context.idKey];
      if ((typeof id === 'string' || typeof id === 'number') && matches(record, filters)) ids.push(String(id));
    }
    for (const [key, value] of Object.entries(filters)) {
      if (!ID_KEY.test(key) || typeof value !== 'string') continue;
      const ownerKind = world.catalog.forReference(key, request.tool).noun;
      if (ownerKind === context.noun) continue;
      for (const id of world.catalog.idsOf(context.noun)) {
        const owner = relatedId(id, ownerKind, world.catalog.idsOf(ownerKind));
        if (owner === value && world.memory.recordOf(id) === undefined && world.memory.exists(id)) ids.push(id);
      }
    }
  }
  const chosen = [...new Set(ids)].slice(0, count);
  for (let index = 0; chosen.length < count && index < count * 4; index++) {
    const id = withFaker(`list-id:${world.seed}:${request.tool}:${request.callHash}:${index}`, (faker) => drawId(format, faker));
    const stored = world.memory.recordOf(id);
    if (!chosen.includes(id) && (stored === undefined || matches(stored, filters))) chosen.push(id);
  }
  return chosen.map((id) => listed(request, filters, id));
}

/** One hit as the search shows it: the record the world holds for `id`, or a fresh one that takes the filters. */
function listed(request: ListingRequest, filters: Readonly<Record<string, unknown>>, id: string): EntityRecord {
  const { world, context } = request;
  const templates = request.templates ?? [];
  const fresh = world.memory.recordOf(id) === undefined;
  const template = templates.length === 0 ? undefined : templates[hashInt(`entry:${entityKey(id)}`, templates.length)];
  const known = world.catalog.idsOf(context.noun).includes(id);
  // A fresh hit is drawn from one of the example's entries, over every other field its kind has.
  const own = template === undefined ? undefined : { ...(world.catalog.answers.entityTemplate(context.noun) ?? {}), ...template };
  const record = entityFor({ world, id, context, overrides: filters, stateless: !known, ...(own ? { template: own } : {}) });
  if (fresh) request.decorate?.(record);
  return viewOf(record, template ?? templates[0]);
}

/** Ids in the kind's own format written in the search's free text, in order (none for ids without a prefix). */
function queriedIds(args: Readonly<Record<string, unknown>>, format: IdFormat): string[] {
  if (format.prefix === '') return [];
  const query = QUERY_KEYS.map((key) => args[key]).find((value) => typeof value === 'string');
  if (typeof query !== 'string') return [];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`\\b${escape(format.prefix)}${escape(format.separator)}(\\d{${format.digits}})\\b`, 'gi');
  return [...new Set([...query.matchAll(pattern)].map((match) => `${format.prefix}${format.separator}${match[1]}`))];
}

/** The cap a search's arguments put on its hits (`limit: 2`), if any. */
export function limitOf(args: Readonly<Record<string, unknown>>): number | undefined {
  const limit = ['limit', 'max_results', 'top_k', 'page_size', 'per_page']
    .map((key) => args[key])
    .find((value) => typeof value === 'number');
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 ? limit : undefined;
}

/** How many hits a search shows: the hits range drawn from the call, capped by its limit. */
export function hitCount(callHash: number, hits: readonly [number, number], args: Readonly<Record<string, unknown>>): number {
  const [low, high] = hits;
  return Math.min(low + (callHash % (high - low + 1)), limitOf(args) ?? Number.POSITIVE_INFINITY);
}
