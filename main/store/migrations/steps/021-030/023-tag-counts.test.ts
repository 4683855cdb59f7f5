import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { generatedRow } from '../../../__fixtures__/generated-rows';
import { insertAdjudication } from '../../../labels/adjudications-repository';
import { insertLabels, undoLabel } from '../../../labels/labels-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { insertRow } from '../../../rows/rows-repository';
import { MIGRATIONS } from '../../index';
import { COUNTS_GRADE_SQL, COUNTS_NOW, countsStoreAt, humanLabel } from '../../../__fixtures__/counts-store';
import { tagCounts } from './023-tag-counts';

const NOW = COUNTS_NOW;
const COLUMNS =
  'tool, rule, stance, world_state, tool_condition, history, writer, ended_by, conduct_verdict, conduct_rule, judge_verdict, human_label';
const VERDICT_COLUMNS = new Set(['conduct_verdict', 'conduct_rule', 'judge_verdict', 'human_label']);

/** The oracle: each run's rows per combination of the twelve columns and tag (a row once per tag), counted from rows. */
const COUNTED = `SELECT r.run_id AS run_id, ${COLUMNS.split(', ')
  .map((column) => `${VERDICT_COLUMNS.has(column) ? 'v' : 'r'}.${column}`)
  .join(', ')}, t.tag AS tag, COUNT(DISTINCT t.ordinal) AS rows
  FROM rows AS r JOIN row_verdicts AS v ON v.run_id = r.run_id AND v.ordinal = r.ordinal
    JOIN row_tags AS t ON t.run_id = r.run_id AND t.ordinal = r.ordinal
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14`;
const KEPT = `SELECT run_id, ${COLUMNS}, tag, rows FROM row_tag_counts WHERE rows <> 0 ORDER BY run_id, ${COLUMNS}, tag`;

function expectKeptAsCounted(db: Database.Database): unknown[] {
  const counted = db.prepare(COUNTED).all();
  expect(db.prepare(KEPT).all()).toEqual(counted);
  expect(db.prepare('SELECT COUNT(*) AS n FROM row_tag_counts WHERE rows < 0').get()).toEqual({ n: 0 });
  return counted;
}

/** A row that carries the same tag twice (a persona's tags are free text), stored whole. */
function storeRowTaggedTwice(db: Database.Database, ordinal: number) {
  const row = generatedRow(ordinal);
  const [tag] = row.persona.tags;
  insertRow(
    db,
    { ...row, persona: { ...row.persona, tags: [...row.persona.tags, tag ?? 'terse'] } },
    {
      run_id: 'mixed',
      duration_ms: 3,
      created_at: NOW,
    },
  );
}

describe('migration 023 (tag counts)', () => {
  it('is registered as version 23', () => {
    expect(MIGRATIONS[22]).toBe(tagCounts);
    expect(tagCounts.version).toBe(23);
  });

  it('counts the rows an older store holds under each tag, with their verdicts, labels and settlements', () => {
    const db = countsStoreAt(22);
    insertLabels(db, [humanLabel('mixed:1', 'pass', 'ana'), humanLabel('mixed:1', 'fail', 'ben'), humanLabel('mixed:2', 'fail', 'ana')]);
    insertAdjudication(db, { row_id: 'mixed:3', label: 'fail', author: 'lead', note: null, created_at: NOW });
    storeRowTaggedTwice(db, 400);
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const counted = expectKeptAsCounted(db);
    expect(counted.length).toBeGreaterThan(100);
    expect(counted).toContainEqual(expect.objectContaining({ run_id: 'mixed', human_label: 'conflict' }));
  });

  it('keeps every count as rows and tags are stored, graded, regraded, labelled, settled, taken back and deleted', () => {
    const db = countsStoreAt(22);
    migrate(db, ':memory:');
    const grade = db.prepare(COUNTS_GRADE_SQL);
    db.transaction(() => {
      for (let ordinal = 400; ordinal < 460; ordinal += 1)
        insertRow(db, generatedRow(ordinal), { run_id: 'mixed', duration_ms: 3, created_at: NOW });
      storeRowTaggedTwice(db, 460);
      for (let ordinal = 0; ordinal < 60; ordinal += 3)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0, source: 'conduct', judge: 'conduct', meta: '{"rule":"R7"}' });
      for (let ordinal = 1; ordinal < 60; ordinal += 5)
        grade.run({ row_id: `mixed:${ordinal}`, run_id: 'mixed', reward: 0.9, source: 'judge', judge: 'rubric-judge', meta: '{}' });
      grade.run({ row_id: 'mixed:405', run_id: 'mixed', reward: null, source: 'judge', judge: 'rubric-judge', meta: '{}' });
      grade.run({ row_id: 'conduct:4', run_id: 'conduct', reward: 0.1, source: 'judge', judge: 'late-judge', meta: '{}' });
    })();
    expectKeptAsCounted(db);

    insertLabels(db, [humanLabel('mixed:6', 'pass', 'ana'), humanLabel('mixed:9', 'pass', 'ana'), humanLabel('mixed:9', 'fail', 'ben')]);
    insertLabels(db, [
      humanLabel('mixed:12', 'fail', 'ana'),
      humanLabel('mixed:12', 'pass', 'ben'),
      humanLabel('conduct:5', 'fail', 'ana'),
    ]);
    insertAdjudication(db, { row_id: 'mixed:12', label: 'pass', author: 'lead', note: null, created_at: NOW });
    expectKeptAsCounted(db);
    const taken = db.prepare("SELECT MAX(id) AS id FROM labels WHERE row_id = 'mixed:9'").get() as { id: number };
    undoLabel(db, taken.id, NOW);
    expectKeptAsCounted(db);

    // A row's columns changed, then tag lines: a second copy of a tag, one copy taken away, a tag renamed, a row's tags gone.
    db.prepare(
      "UPDATE rows SET stance = 'hurried', tool = 'get_order', writer = 'second-writer' WHERE run_id = 'mixed' AND ordinal IN (0, 1, 6, 460)",
    ).run();
    db.prepare("UPDATE rows SET stance = stance WHERE run_id = 'mixed'").run();
    expectKeptAsCounted(db);
    db.prepare(
      "INSERT INTO row_tags (run_id, ordinal, position, tag) SELECT run_id, ordinal, 90 + position, tag FROM row_tags WHERE run_id = 'mixed' AND ordinal = 7",
    ).run();
    db.prepare("INSERT INTO row_tags (run_id, ordinal, position, tag) VALUES ('mixed', 8, 91, 'newly-tagged')").run();
    expectKeptAsCounted(db);
    db.prepare("DELETE FROM row_tags WHERE run_id = 'mixed' AND ordinal = 7 AND position = 90").run();
    db.prepare("DELETE FROM row_tags WHERE run_id = 'mixed' AND ordinal = 460 AND position = 0").run();
    db.prepare("UPDATE row_tags SET tag = 'renamed' WHERE run_id = 'mixed' AND ordinal IN (10, 11) AND position = 0").run();
    db.prepare("UPDATE row_tags SET position = position + 50 WHERE run_id = 'mixed' AND ordinal = 13").run();
    db.prepare("DELETE FROM row_tags WHERE run_id = 'mixed' AND ordinal = 14").run();
    expectKeptAsCounted(db);

    db.prepare("DELETE FROM rows WHERE run_id = 'mixed' AND ordinal % 10 = 9").run();
    db.prepare("DELETE FROM runs WHERE id = 'conduct'").run();
    expectKeptAsCounted(db);
    expect(db.prepare("SELECT COALESCE(SUM(rows), 0) AS rows FROM row_tag_counts WHERE run_id = 'conduct'").get()).toEqual({ rows: 0 });
  });

  it('reads one run’s counts by their primary key', () => {
    const db = countsStoreAt(22);
    migrate(db, ':memory:');
    const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT tag, SUM(rows) FROM row_tag_counts WHERE run_id = ? GROUP BY tag`).all('mixed');
    expect((plan as { detail: string }[])[0]!.detail).toMatch(/^SEARCH row_tag_counts USING PRIMARY KEY \(run_id=\?\)/);
  });
});
