import { entityRecord, type RecordContext } from './entity-record';
import { entityKey } from '../references';
import { timestampIn, withFaker } from '../seeded-faker';
import { echoArguments, fillTemplate, idFieldOf } from './shape-template';
import type { EntityRecord, WorldMemory } from '../world-memory';
import type { WorldStateKind } from '../world-state';

/** The first object a `result_shapes` example offers: itself, or the first item of a list example. */
export function objectTemplate(shape: unknown): Record<string, unknown> | undefined {
  const candidate = Array.isArray(shape) ? shape[0] : shape;
  return candidate !== null && typeof candidate === 'object' && !Array.isArray(candidate) && Object.keys(candidate).length > 0
    ? (candidate as Record<string, unknown>)
    : undefined;
}

/** A shaped record for one entity, drawn from the template and seeded by the entity's own id. */
export function shapedRecord(
  template: Record<string, unknown>,
  id: string,
  context: RecordContext,
  args: Readonly<Record<string, unknown>>,
): EntityRecord {
  const record = withFaker(`shape:${context.seed}:${entityKey(id)}`, (faker) => fillTemplate(template, faker)) as EntityRecord;
  echoArguments(record, args);
  const idField = context.idKey in record ? context.idKey : (idFieldOf(record) ?? context.idKey);
  record[idField] = id;
  return record;
}

/** How the world state shows on a record the first time it is read: a half-done action, or one already done. */
function withWorldState(record: EntityRecord, state: WorldStateKind, key: string): EntityRecord {
  // The half-done or finished action is the record's last change, so its date is `updated_at`'s.
  const changed = typeof record.updated_at === 'string' ? record.updated_at : withFaker(`changed:${key}`, timestampIn);
  if (state === 'partial') {
    return {
      ...record,
      status: 'in_progress',
      note: `an earlier request on this record was started on ${changed.slice(0, 10)} but not finished`,
    };
  }
  if (state === 'already_done') {
    return { ...record, status: 'completed', note: `the requested action was already carried out on ${changed.slice(0, 10)}` };
  }
  return record;
}

export interface EntityRequest {
  id: string;
  context: RecordContext;
  memory: WorldMemory;
  state: WorldStateKind;
  shape?: unknown;
  args: Readonly<Record<string, unknown>>;
}

/** The entity's record: the stored one when the world has shown it before, else drawn, state applied and stored. */
export function entityFor(request: EntityRequest): EntityRecord {
  const { id, context, memory, state, shape, args } = request;
  const stored = memory.recordOf(id);
  if (stored) return stored;
  const template = objectTemplate(shape);
  const drawn = template ? shapedRecord(template, id, context, args) : entityRecord(id, context);
  const record = withWorldState(drawn, state, `${context.seed}:${entityKey(id)}`);
  memory.remember(id, record);
  return record;
}

/** Two records that both answer to the id, for the `duplicate entity` world: the person has to say which. */
export function duplicateCandidates(request: EntityRequest): EntityRecord[] {
  const first = entityFor(request);
  const template = objectTemplate(request.shape);
  const twin = { ...request.context, seed: request.context.seed + 1 };
  const second = template
    ? shapedRecord(template, request.id, twin, request.args)
    : entityRecord(request.id, request.context, ':duplicate');
  const recordIds = withFaker(`duplicate:${request.context.seed}:${entityKey(request.id)}`, (faker) => [
    faker.number.int({ min: 1000, max: 89999 }),
    faker.number.int({ min: 1000, max: 89999 }),
  ]);
  return [
    { record_id: recordIds[0], ...first },
    { record_id: recordIds[1], ...second },
  ];
}
