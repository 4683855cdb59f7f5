import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PAIR_FACTS_VERSION } from '../../../../../engine/index';
import { backfillPairFacts } from '../../../../services/store/pair-facts-backfill';
import { storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { PAIR_PAGE_SQL, pairFactRecords } from '../../../exports/pair-facts-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { countMissingPairFacts } from '../../../upkeep/missing-pair-facts-repository';
import { MIGRATIONS } from '../../index';

describe('migration 019 (DPO pairing facts)', () => {
  it('adds an empty table, leaves every older row to `wai store optimize`, and reads a page of facts by key', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 17));
    storeGeneratedRun(db, { runId: 'old', count: 30 });

    migrate(db, ':memory:', MIGRATIONS.slice(0, 19));
    expect(schemaVersion(db)).toBe(19);
    expect(countMissingPairFacts(db)).toBe(30);
    const ids = (db.prepare("SELECT id FROM rows WHERE run_id = 'old' ORDER BY ordinal").all() as { id: string }[]).map(({ id }) => id);
    // Rows stored before the step come with null facts (an export reads them whole) and their grades (the page reads
    // them as migration 024 keeps them, so it runs on the current schema).
    migrate(db, ':memory:');
    const records = pairFactRecords(db, ids);
    expect(records.every((values) => values[11] === null)).toBe(true);
    expect(records.filter((values) => values[1] !== null).length).toBeGreaterThan(15);

    expect(backfillPairFacts(db)).toEqual({ added: 30, failed: 0 });
    storeGeneratedRun(db, { runId: 'new', count: 20, withLines: true });
    expect(countMissingPairFacts(db)).toBe(0);
    const facts = db.prepare('SELECT COUNT(*) AS n FROM pair_facts WHERE version = ?').get(PAIR_FACTS_VERSION) as { n: number };
    expect(facts.n).toBe(50);
    expect(pairFactRecords(db, ids).filter((values) => values[11] !== null)).toHaveLength(30);

    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${PAIR_PAGE_SQL}`).all(JSON.stringify(ids), PAIR_FACTS_VERSION) as { detail: string }[])
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toMatch(/SEARCH f USING INDEX sqlite_autoindex_pair_facts_1 \(row_id=\?\)/);
  });
});
