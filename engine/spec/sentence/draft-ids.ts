import { hashInt } from '../../seeded';
import { IdPool, type BankEntity } from '../banks';

/**
 * Identifiers for each entity, decided by the seed alone (`{seed}:{domain}:{entity}:{index}`), so a different
 * seed varies the ids and nothing else. Ids of one entity never repeat.
 */
export function draftIds(seed: number, domain: string, entities: readonly BankEntity[]): IdPool {
  const ids: Record<string, string[]> = {};
  for (const entity of entities) {
    const low = 10 ** (entity.digits - 1);
    const span = 9 * low;
    const used = new Set<number>();
    const list: string[] = [];
    for (let index = 0; index < entity.count; index++) {
      let number = low + hashInt(`${seed}:${domain}:${entity.key}:${index}`, span);
      while (used.has(number)) number = low + ((number - low + 1) % span);
      used.add(number);
      list.push(`${entity.prefix}${number}`);
    }
    ids[entity.key] = list;
  }
  return new IdPool(ids);
}
