import type { Db } from '../../store/database';
import { insertPairFacts } from '../../store/exports/pair-facts-repository';
import { pairFactsOrNone } from '../../store/rows/rows-repository';
import { countMissingPairFacts, rowsMissingPairFacts } from '../../store/upkeep/missing-pair-facts-repository';

/** Rows given their facts per transaction. */
const FACTS_PAGE = 500;

/**
 * Gives every row without them its DPO pairing facts (as insertRow does when it stores a row): `added` rows got them,
 * `failed` rows still have none (a DPO export reads those whole, as before).
 */
export function backfillPairFacts(
  db: Db,
  onProgress?: (progress: { done: number; total: number }) => void,
): { added: number; failed: number } {
  const total = countMissingPairFacts(db);
  let done = 0;
  let added = 0;
  for (let after = 0; done < total;) {
    const page = rowsMissingPairFacts(db, after, FACTS_PAGE);
    if (page.length === 0) break;
    db.transaction(() => {
      for (const { id, row } of page) {
        const facts = pairFactsOrNone(row);
        if (facts) insertPairFacts(db, id, row, facts);
        added += facts ? 1 : 0;
      }
    })();
    after = page.at(-1)!.rowid;
    done += page.length;
    onProgress?.({ done, total });
  }
  return { added, failed: total - added };
}
