import type { EntityRecord } from '../world-memory';
import { cueFields, familyFields, recordFamily, STATUS_POOLS } from './record-fields';
import { entityKey } from '../references';
import { withFaker } from '../seeded-faker';

/** What decides an entity's record besides its id: the world's seed and what the tool set says about the entity. */
export interface RecordContext {
  seed: number;
  /** The kind of thing (`order`, `product`, `ticket`); chooses the record's family of fields. */
  noun: string;
  /** The key the id goes under (`order_id`, `sku`, `id`). */
  idKey: string;
  /** Tool names and parameter keys that touch this kind of entity: money, date, quantity and people cues. */
  cues: string;
  /** The world's currency (one per world, so a customer's orders agree). */
  currency: string;
}

/**
 * The record of one entity, seeded by the world's seed and the entity's own id, so every tool that shows the
 * entity (a listing, a lookup, an update) describes the same thing.
 */
export function entityRecord(id: string, context: RecordContext, variant = ''): EntityRecord {
  const family = recordFamily(context.noun);
  return withFaker(`entity:${context.seed}:${entityKey(id)}${variant}`, (faker) => {
    const fields = familyFields(family, context.noun, faker, context.currency);
    const record: EntityRecord = { [context.idKey]: id, status: faker.helpers.arrayElement(STATUS_POOLS[family]) };
    Object.assign(record, fields);
    cueFields(record, family, context.cues, faker, context.currency);
    const { updated_at: updatedAt, ...rest } = record;
    // `updated_at` last, as most APIs print it.
    return updatedAt === undefined ? rest : { ...rest, updated_at: updatedAt };
  });
}
