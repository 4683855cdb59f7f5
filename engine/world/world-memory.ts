import { hashInt } from '../seeded';
import { entityKey } from './references';
import type { WorldStateKind } from './world-state';

/** Ids this world issues itself look like `ticket_3fa94c0b12de`; they exist only once created. */
const ISSUED_ID = /^[a-z]+_[0-9a-f]{12}$/;

export type EntityRecord = Record<string, unknown>;

/**
 * What one rollout's world knows: the ids it was told exist, what it created or showed, what was deleted, and
 * the record each entity has (so a later read describes the same thing). Keys are compared case-folded.
 */
export class WorldMemory {
  private readonly known: Set<string>;
  private readonly records = new Map<string, EntityRecord>();
  private readonly remembered = new Set<string>();
  private readonly deleted = new Set<string>();
  private readonly versions = new Map<string, number>();
  /** Kind of entity -> the keys of the records of that kind, in the order the world first showed them. */
  private readonly kinds = new Map<string, Set<string>>();

  constructor(
    knownIds: readonly string[],
    private readonly seed: number,
    private readonly state: WorldStateKind,
    /** Share of never-seen ids that exist (WORLD_EXISTS_SHARE 0.7), decided per id by hash. */
    private readonly existsShare = 0.7,
  ) {
    this.known = new Set(knownIds.map(entityKey));
  }

  exists(value: string): boolean {
    const key = entityKey(value);
    if (this.state === 'missing') return false;
    if (this.deleted.has(key)) return false;
    if (this.state === 'exists') return true;
    if (this.remembered.has(key) || this.known.has(key)) return true;
    if (ISSUED_ID.test(key)) return false;
    return hashInt(`exists:${this.seed}:${key}`, 10) < this.existsShare * 10;
  }

  /** Marks an entity as existing from now on (created, listed or acted on), with its record and kind when known. */
  remember(value: string, record?: EntityRecord, kind?: string): void {
    const key = entityKey(value);
    this.deleted.delete(key);
    this.remembered.add(key);
    if (record !== undefined) this.records.set(key, record);
    if (kind !== undefined) {
      if (!this.kinds.has(kind)) this.kinds.set(kind, new Set());
      this.kinds.get(kind)!.add(key);
    }
  }

  /** The records of one kind the world has shown, oldest first. */
  recordsOf(kind: string): EntityRecord[] {
    return [...(this.kinds.get(kind) ?? [])].flatMap((key) => {
      const record = this.records.get(key);
      return record === undefined ? [] : [record];
    });
  }

  recordOf(value: string): EntityRecord | undefined {
    return this.records.get(entityKey(value));
  }

  delete(value: string): void {
    const key = entityKey(value);
    this.remembered.delete(key);
    this.records.delete(key);
    for (const keys of this.kinds.values()) keys.delete(key);
    this.deleted.add(key);
  }

  /** Counts an action on the entity; returns the new version (1 for the first action). */
  bump(value: string): number {
    const key = entityKey(value);
    const version = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, version);
    return version;
  }
}
