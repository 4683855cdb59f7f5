import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RowsQuery } from '../../../../../shared/api/rows';
import { storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { insertAdjudication } from '../../../labels/adjudications-repository';
import { insertLabel, listLabels, undoLabel } from '../../../labels/labels-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { pageIdsSql, pageRows } from '../../../rows/rows-page-repository';
import { shownJudgeSource } from '../../../rows/rows-query';
import { MIGRATIONS } from '../../index';
import { labellingTrust } from './014-labelling-trust';

const NOW = '2026-02-01T00:00:00.000Z';
const RUN = 'run_a';

function labelAt(db: Database.Database, ordinal: number, label: string, author: string | null): void {
  db.prepare(`INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, ?, 'human', ?, NULL, ?)`).run(
    `${RUN}:${ordinal}`,
    RUN,
    label,
    author,
    NOW,
  );
}

const column = (db: Database.Database, ordinal: number) =>
  (db.prepare('SELECT human_label FROM row_verdicts WHERE run_id = ? AND ordinal = ?').get(RUN, ordinal) as { human_label: string })
    .human_label;

/** A store at schema 013 whose labels agree on some rows and split on others. */
function storeAt013(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', MIGRATIONS.slice(0, 13));
  storeGeneratedRun(db, { runId: RUN, count: 60 });
  db.prepare('DELETE FROM labels').run();
  labelAt(db, 1, 'pass', 'ana');
  labelAt(db, 1, 'pass', 'bo');
  labelAt(db, 2, 'pass', 'ana');
  labelAt(db, 2, 'fail', 'bo');
  labelAt(db, 3, 'fail', 'ana');
  labelAt(db, 3, 'pass', 'ana');
  labelAt(db, 4, 'unsure', 'ana');
  labelAt(db, 4, 'pass', 'bo');
  return db;
}

describe('migration 014 (labelling-trust)', () => {
  it('is registered as version 14', () => {
    expect(MIGRATIONS[13]).toBe(labellingTrust);
  });

  it('marks the rows whose annotators split as conflicts, keeps every other label, and filters them from their index', () => {
    const db = storeAt013();
    expect([1, 2, 3, 4].map((ordinal) => column(db, ordinal))).toEqual(['pass', 'fail', 'pass', 'pass']);
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    // Row 2: ana pass against bo fail. Row 3: one person who changed their mind. Row 4: unsure abstains.
    expect([0, 1, 2, 3, 4].map((ordinal) => column(db, ordinal))).toEqual(['unlabelled', 'pass', 'conflict', 'pass', 'pass']);

    const query = RowsQuery.parse({ filters: { label: ['conflict'] } });
    expect(pageRows(db, RUN, query, 0, 10).rows.map((row) => row.ordinal)).toEqual([2]);
    const page = pageIdsSql(RUN, query, shownJudgeSource(db, RUN));
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${page.sql}`).all({ ...page.parameters, limit: 10, offset: 0 }) as { detail: string }[])
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toContain('USING COVERING INDEX row_verdicts_label (run_id=? AND human_label=?)');
  });

  it('shows a settlement over the labels, keeps them, and follows every new label, undo and settlement', () => {
    const db = storeAt013();
    migrate(db, ':memory:');
    const settled = insertAdjudication(db, {
      row_id: `${RUN}:2`,
      label: 'fail',
      author: 'cy',
      note: 'the refund was never confirmed',
      created_at: NOW,
    });
    expect(settled).toBeGreaterThan(0);
    expect(column(db, 2)).toBe('fail');
    expect(
      listLabels(db, RUN)
        .filter((label) => label.row_id === `${RUN}:2`)
        .map((label) => label.label),
    ).toEqual(['pass', 'fail']);

    const blind = insertLabel(db, {
      row_id: `${RUN}:5`,
      label: 'fail',
      kind: 'human',
      author: 'ana',
      note: null,
      created_at: NOW,
      blind: true,
    });
    insertLabel(db, { row_id: `${RUN}:5`, label: 'pass', kind: 'human', author: 'bo', note: null, created_at: NOW, blind: false });
    expect(column(db, 5)).toBe('conflict');
    const blindFlags = listLabels(db, RUN)
      .filter((label) => label.row_id === `${RUN}:5`)
      .map((label) => label.blind);
    expect(blindFlags).toEqual([true, false]);

    // Undo: the label leaves the labels, is kept with when it was undone, and the column follows.
    const undone = undoLabel(db, blind!, '2026-02-01T00:01:00.000Z');
    expect(undone).toMatchObject({ row_id: `${RUN}:5`, label: 'fail', author: 'ana', blind: true });
    expect(column(db, 5)).toBe('pass');
    expect(db.prepare('SELECT label, author, undone_at FROM label_undos').all()).toEqual([
      { label: 'fail', author: 'ana', undone_at: '2026-02-01T00:01:00.000Z' },
    ]);
    expect(undoLabel(db, blind!, NOW)).toBeUndefined();
  });

  it('moves the labels’ change counter with each settlement, so values kept on the labels are read again', () => {
    const db = storeAt013();
    migrate(db, ':memory:');
    const counter = () => (db.prepare("SELECT n FROM change_counts WHERE name = 'labels'").get() as { n: number }).n;
    const before = counter();
    insertAdjudication(db, { row_id: `${RUN}:2`, label: 'pass', author: 'cy', note: null, created_at: NOW });
    expect(counter()).toBe(before + 1);
  });

  it('adds the run_fills table a fill in place is kept in', () => {
    const db = storeAt013();
    migrate(db, ':memory:');
    const columns = (db.prepare('SELECT name FROM pragma_table_info(?)').all('run_fills') as { name: string }[]).map((entry) => entry.name);
    expect(columns).toEqual(['id', 'run_id', 'aim', 'budget', 'first_ordinal', 'created_at', 'ended_at']);
  });
});
