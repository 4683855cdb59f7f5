import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { insertAdjudication } from '../../../labels/adjudications-repository';
import { insertLabels, undoLabel } from '../../../labels/labels-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { MIGRATIONS } from '../../index';
import { labelledRows } from './021-labelled-rows';

const NOW = '2026-01-01T00:00:00.000Z';

/** The lines counted straight from the rows, labels and settlements: the oracle the kept lines must equal. */
const COUNTED = `SELECT r.run_id AS run_id, r.ordinal AS ordinal, r.id AS row_id, r.scenario_id AS scenario_id FROM rows AS r
  WHERE EXISTS (SELECT 1 FROM labels AS l WHERE l.row_id = r.id) OR EXISTS (SELECT 1 FROM adjudications AS a WHERE a.row_id = r.id)
  ORDER BY r.run_id, r.ordinal`;
const KEPT = 'SELECT run_id, ordinal, row_id, scenario_id FROM labelled_rows ORDER BY run_id, ordinal';

function expectKeptAsCounted(db: Database.Database): unknown[] {
  const counted = db.prepare(COUNTED).all();
  expect(db.prepare(KEPT).all()).toEqual(counted);
  return counted;
}

const label = (rowId: string, value: 'pass' | 'fail' = 'pass') => ({
  row_id: rowId,
  label: value,
  kind: 'human' as const,
  author: 'ann',
  note: null,
  created_at: NOW,
});
const settle = (rowId: string) => ({ row_id: rowId, label: 'fail' as const, author: 'lead', note: null, created_at: NOW });

describe('migration 021 (labelled rows)', () => {
  it('is registered as version 21', () => {
    expect(MIGRATIONS[20]).toBe(labelledRows);
    expect(labelledRows.version).toBe(21);
  });

  it('fills the lines of the rows an older store has labelled or settled', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 19));
    storeGeneratedRun(db, { runId: 'old', count: 600 });
    storeGeneratedRun(db, { runId: 'other', count: 200 });
    insertAdjudication(db, settle('old:1'));
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const counted = expectKeptAsCounted(db);
    expect(counted.length).toBeGreaterThan(5);
    expect(counted).toContainEqual(expect.objectContaining({ run_id: 'old', ordinal: 1, row_id: 'old:1' }));
  });

  it('keeps the lines as rows are labelled, settled, taken back and deleted', () => {
    const db = new Database(':memory:');
    db.pragma('foreign_keys = ON');
    migrate(db, ':memory:');
    storeGeneratedRun(db, { runId: 'a', count: 300 });
    storeGeneratedRun(db, { runId: 'b', count: 100 });
    expectKeptAsCounted(db);

    // A second label on a labelled row, a first on new rows, a settlement on a row without labels.
    insertLabels(db, [label('a:3'), label('a:3', 'fail'), label('a:4'), label('b:7')]);
    insertAdjudication(db, settle('a:9'));
    insertAdjudication(db, settle('a:3'));
    const kept = expectKeptAsCounted(db);
    expect(kept).toContainEqual(expect.objectContaining({ row_id: 'a:9' }));

    // Undo: the row keeps its line while another label or a settlement names it.
    const ids = (rowId: string) =>
      (db.prepare('SELECT id FROM labels WHERE row_id = ? ORDER BY id').all(rowId) as { id: number }[]).map(({ id }) => id);
    for (const id of ids('a:4')) undoLabel(db, id, NOW);
    undoLabel(db, ids('a:3')[0]!, NOW);
    expectKeptAsCounted(db);
    for (const id of ids('a:3')) undoLabel(db, id, NOW);
    expect(db.prepare("SELECT COUNT(*) AS n FROM labelled_rows WHERE row_id = 'a:3'").get()).toEqual({ n: 1 });
    db.prepare("DELETE FROM adjudications WHERE row_id IN ('a:3', 'a:9')").run();
    expectKeptAsCounted(db);
    expect(db.prepare("SELECT COUNT(*) AS n FROM labelled_rows WHERE row_id IN ('a:3', 'a:4', 'a:9')").get()).toEqual({ n: 0 });

    // A label moved to another row, a labelled row deleted, then a whole run.
    insertLabels(db, [label('a:20')]);
    db.prepare("UPDATE labels SET row_id = 'a:21' WHERE row_id = 'a:20'").run();
    expectKeptAsCounted(db);
    db.prepare("DELETE FROM rows WHERE id = 'b:7'").run();
    expectKeptAsCounted(db);
    db.prepare("DELETE FROM runs WHERE id = 'b'").run();
    expectKeptAsCounted(db);
    expect(db.prepare("SELECT COUNT(*) AS n FROM labelled_rows WHERE run_id = 'b'").get()).toEqual({ n: 0 });
  });
});
