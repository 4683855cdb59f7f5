import { beforeEach, describe, expect, it } from 'vitest';
import { RowsQuery } from '../../../shared/api/rows';
import { storeGeneratedRun } from '../__fixtures__/generated-rows';
import { openDatabase, type Db } from '../database';
import { pageIdsSql, pageRows, seekPageIds } from './rows-page-repository';
import { shownJudgeSource } from './rows-query';

const COUNT = 300;
const OFFSETS = [0, 1, 37, 150, COUNT - 25, COUNT - 1, COUNT, COUNT + 40];
let db: Db;

const query = (direction: 'asc' | 'desc', extra: Record<string, unknown> = {}) =>
  RowsQuery.parse({ sort: { column: 'ordinal', direction }, ...extra });

/** The page as `OFFSET` reads it: the reference. */
function offsetPage(rowsQuery: RowsQuery, offset: number, limit: number): string[] {
  const page = pageIdsSql('seek', rowsQuery, shownJudgeSource(db, 'seek'));
  const rowids = (db.prepare(page.sql).all({ ...page.parameters, offset, limit }) as { rowid: number }[]).map(({ rowid }) => rowid);
  return rowids.map((rowid) => (db.prepare('SELECT id FROM rows WHERE rowid = ?').get(rowid) as { id: string }).id);
}

function expectPagesAsOffset(rowsQuery: RowsQuery): void {
  for (const offset of OFFSETS) {
    const page = pageRows(db, 'seek', rowsQuery, offset, 50).rows.map((row) => row.row_id);
    expect(page).toEqual(offsetPage(rowsQuery, offset, 50));
  }
}

beforeEach(() => {
  db = openDatabase(':memory:');
  storeGeneratedRun(db, { runId: 'seek', count: COUNT });
  storeGeneratedRun(db, { runId: 'other', count: 40 });
});

describe('a page of the whole run in ordinal order', () => {
  it('is found by a seek on the ordinal while the run has no gap, the same page OFFSET reads, both ways', () => {
    for (const direction of ['asc', 'desc'] as const) {
      expect(seekPageIds(db, 'seek', query(direction), 150, 50)).toHaveLength(50);
      expectPagesAsOffset(query(direction));
    }
  });

  it('still seeks when the first rows are gone, from the lowest ordinal left', () => {
    db.prepare("DELETE FROM rows WHERE run_id = 'seek' AND ordinal < 7").run();
    expect(seekPageIds(db, 'seek', query('asc'), 0, 5)).not.toBeNull();
    expectPagesAsOffset(query('asc'));
    expectPagesAsOffset(query('desc'));
  });

  it('falls back to OFFSET where a row in the middle is gone, or the query filters, searches or sorts otherwise', () => {
    db.prepare("DELETE FROM rows WHERE run_id = 'seek' AND ordinal IN (10, 200)").run();
    expect(seekPageIds(db, 'seek', query('asc'), 0, 50)).toBeNull();
    expectPagesAsOffset(query('asc'));
    expectPagesAsOffset(query('desc'));
    expect(seekPageIds(db, 'other', query('asc', { filters: { stance: ['hurried'] } }), 0, 50)).toBeNull();
    expect(seekPageIds(db, 'other', query('asc', { search: 'refund' }), 0, 50)).toBeNull();
    expect(seekPageIds(db, 'other', RowsQuery.parse({ sort: { column: 'turns', direction: 'asc' } }), 0, 50)).toBeNull();
    expect(seekPageIds(db, 'none', query('asc'), 0, 50)).toBeNull();
  });
});
