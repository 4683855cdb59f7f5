import { shapedRecord } from './entity-payload';
import { withFaker } from '../seeded-faker';
import { echoArguments, fillTemplate, idFieldOf } from './shape-template';
import { toolNoun } from '../tool-names';
import type { WorldCatalog } from '../world-catalog';
import type { EntityRecord, WorldMemory } from '../world-memory';

export interface ShapedRequest {
  shape: unknown;
  args: Readonly<Record<string, unknown>>;
  /** Seeds the fill: the tool and the call's digest, so the same call gets the same payload. */
  key: string;
  seed: number;
  tool: string;
  catalog: WorldCatalog;
  memory: WorldMemory;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A list item that has an id is an entity: drawn from its own id (or the stored record), and remembered. */
function consistentItem(item: unknown, template: Record<string, unknown>, request: ShapedRequest): unknown {
  if (!isObject(item)) return item;
  const idField = idFieldOf(item);
  if (idField === undefined) return item;
  const id = String(item[idField]);
  const stored = request.memory.recordOf(id);
  if (stored) return stored;
  const context = { ...request.catalog.forNoun(toolNoun(request.tool)), idKey: idField };
  const record: EntityRecord = shapedRecord(template, id, context, {});
  record[idField] = item[idField];
  request.memory.remember(id, record);
  return record;
}

function consistentList(value: unknown, template: unknown, request: ShapedRequest): unknown {
  const first: unknown = Array.isArray(template) ? template[0] : undefined;
  if (!Array.isArray(value) || !isObject(first)) return value;
  return value.map((item) => consistentItem(item, first, request));
}

/** A `result_shapes` example made into this call's payload: filled, arguments echoed, listed entities kept consistent. */
export function shapedPayload(request: ShapedRequest): unknown {
  const { shape, args } = request;
  const filled = withFaker(`shape-call:${request.seed}:${request.key}`, (faker) => fillTemplate(shape, faker));
  if (Array.isArray(filled)) return consistentList(filled, shape, request);
  if (!isObject(filled) || !isObject(shape)) return filled;
  echoArguments(filled, args);
  for (const [key, value] of Object.entries(filled)) filled[key] = consistentList(value, shape[key], request);
  return filled;
}
