import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { Row } from '../../../../../shared/domain';
import { sampleRow } from '../../../__fixtures__/sample-row';
import { migrate, schemaVersion } from '../../../migrate';
import { insertRow } from '../../../rows/rows-repository';
import { MIGRATIONS } from '../../index';

const now = '2026-01-01T00:00:00.000Z';

/** A row as the 001 schema stored it (no search text, tags or verdicts). */
function insertRowUnder001(db: Database.Database, runId: string, row: Row): void {
  const { tool, rule, stance, world_state, tool_condition, history } = row.situation.dimensions;
  db.prepare(
    `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history,
                       writer, turns, ended_by, duration_ms, created_at, body)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 2, ?, 1, ?, ?)`,
  ).run(
    `${runId}:${row.ordinal}`,
    runId,
    row.ordinal,
    row.rollout_id,
    row.situation.scenario_id,
    tool,
    rule,
    stance,
    world_state,
    tool_condition,
    history,
    row.writer,
    row.ended_by,
    now,
    JSON.stringify(row),
  );
}

function insertGrade(db: Database.Database, rowId: string, source: string, reward: number | null, meta: object = {}, unsure = 0): void {
  db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta, provenance, created_at)
     VALUES (?, 'r', ?, 'why', ?, ?, ?, ?, ?, '{}', ?)`,
  ).run(rowId, reward, reward === null ? 'error' : 'ok', source, source, unsure, JSON.stringify(meta), now);
}

function search(db: Database.Database, text: string): string[] {
  return (
    db
      .prepare('SELECT rows.id FROM rows WHERE rows.rowid IN (SELECT rowid FROM row_search WHERE row_search MATCH ?) ORDER BY rows.ordinal')
      .all(text) as { id: string }[]
  ).map((record) => record.id);
}

function verdicts(db: Database.Database, ordinal: number) {
  return db
    .prepare(
      'SELECT conduct_verdict, conduct_rule, judge_verdict, judge_reward, human_label FROM row_verdicts WHERE run_id = ? AND ordinal = ?',
    )
    .get('r', ordinal);
}

const refundRow = sampleRow(0, {
  prompt: 'I want a refund for order Z9',
  messages: [
    { role: 'user', content: 'I want a refund for order Z9' },
    { role: 'assistant', content: '', tool_calls: [{ id: 'c1', name: 'issue_refund', arguments: { order_id: 'Z9', amount: 'fortytwo' } }] },
    { role: 'tool', tool_call_id: 'c1', name: 'issue_refund', content: '{"status":"timeout"}', fault: 'timeout' },
    { role: 'assistant', content: 'The refund is processing.' },
  ],
  final_text: 'The refund is processing.',
  persona: { stance: 'hurried', tags: ['texture:clipped', 'pressure:rushed'], aside: 'Be quick.', patience: 'short' },
});

/** A store at schema 001 holding rows, grades and labels, then migrated to 002. */
function migratedStore(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', MIGRATIONS.slice(0, 1));
  db.prepare(`INSERT INTO runs (id, name, created_at, updated_at, status, config) VALUES ('r', 'r', ?, ?, 'completed', '{}')`).run(
    now,
    now,
  );
  insertRowUnder001(db, 'r', refundRow);
  insertRowUnder001(db, 'r', sampleRow(1));
  insertGrade(db, 'r:0', 'conduct', 1);
  insertGrade(db, 'r:0', 'conduct', 0, { rule: 'success_after_failure' });
  insertGrade(db, 'r:0', 'judge', 0.5, {}, 1);
  insertGrade(db, 'r:1', 'judge', 0.2);
  db.prepare(`INSERT INTO labels (row_id, run_id, label, kind, author, created_at) VALUES ('r:1', 'r', 'pass', 'human', 'ana', ?)`).run(
    now,
  );
  db.prepare(`INSERT INTO labels (row_id, run_id, label, kind, author, created_at) VALUES ('r:1', 'r', 'fail', 'model', null, ?)`).run(now);
  migrate(db, ':memory:', MIGRATIONS.slice(0, 2));
  return db;
}

describe('migration 002 (row search)', () => {
  it('backfills rows stored under 001 so they are searchable by prompt, message, tool call and final text', () => {
    const db = migratedStore();
    expect(schemaVersion(db)).toBe(2);
    expect(search(db, 'refund')).toEqual(['r:0']);
    expect(search(db, 'fortytwo')).toEqual(['r:0']);
    expect(search(db, 'issue_refund')).toEqual(['r:0']);
    expect(search(db, 'timeout')).toEqual(['r:0']);
    expect(search(db, 'processing')).toEqual(['r:0']);
    expect(search(db, 'shipped')).toEqual(['r:1']);
    expect(search(db, 'A1001')).toEqual(['r:1']);
  });

  it("backfills persona tags in order and each row's latest verdicts from stored grades and labels", () => {
    const db = migratedStore();
    expect(db.prepare("SELECT tag FROM row_tags WHERE run_id = 'r' AND ordinal = 0 ORDER BY position").all()).toEqual([
      { tag: 'texture:clipped' },
      { tag: 'pressure:rushed' },
    ]);
    expect(verdicts(db, 0)).toEqual({
      conduct_verdict: 'fail',
      conduct_rule: 'success_after_failure',
      judge_verdict: 'unsure',
      judge_reward: 0.5,
      human_label: 'unlabelled',
    });
    expect(verdicts(db, 1)).toEqual({
      conduct_verdict: 'ungraded',
      conduct_rule: '',
      judge_verdict: 'fail',
      judge_reward: 0.2,
      human_label: 'pass',
    });
  });

  it('indexes a row inserted after the migration exactly as the backfill did', () => {
    const db = migratedStore();
    insertRow(db, { ...refundRow, ordinal: 2, rollout_id: 'ro-2' }, { run_id: 'r', duration_ms: 1, created_at: now });
    for (const word of ['refund', 'fortytwo', 'issue_refund', 'timeout', 'processing', 'Z9', '"order Z9"']) {
      expect(search(db, word), word).toEqual(['r:0', 'r:2']);
    }
    expect(db.prepare("SELECT COUNT(*) AS n FROM row_tags WHERE run_id = 'r' AND ordinal = 2").get()).toEqual({ n: 2 });
    expect(verdicts(db, 2)).toMatchObject({ conduct_verdict: 'ungraded', judge_verdict: 'ungraded', judge_reward: -1 });
  });

  it('keeps verdicts current as grades and labels are written and deleted', () => {
    const db = migratedStore();
    insertGrade(db, 'r:1', 'conduct', 1);
    insertGrade(db, 'r:1', 'decision', null);
    expect(verdicts(db, 1)).toMatchObject({ conduct_verdict: 'pass', judge_verdict: 'error', judge_reward: -1 });
    db.prepare("DELETE FROM grades WHERE row_id = 'r:1' AND label_source = 'decision'").run();
    expect(verdicts(db, 1)).toMatchObject({ judge_verdict: 'fail', judge_reward: 0.2 });
    db.prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, created_at) VALUES ('r:1', 'r', 'simulator_error', 'human', 'bo', ?)",
    ).run(now);
    expect(verdicts(db, 1)).toMatchObject({ human_label: 'simulator_error' });
    db.prepare("DELETE FROM labels WHERE row_id = 'r:1' AND kind = 'human'").run();
    expect(verdicts(db, 1)).toMatchObject({ human_label: 'unlabelled' });
  });

  it("forgets a deleted run's search entries, tags and verdicts with it", () => {
    const db = migratedStore();
    db.prepare("DELETE FROM runs WHERE id = 'r'").run();
    expect(search(db, 'refund')).toEqual([]);
    expect(db.prepare('SELECT COUNT(*) AS n FROM row_search').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM row_tags').get()).toEqual({ n: 0 });
    expect(db.prepare('SELECT COUNT(*) AS n FROM row_verdicts').get()).toEqual({ n: 0 });
  });

  it("stays linked to its rows after a VACUUM (the index is keyed by the rows' rowids)", () => {
    const db = migratedStore();
    db.prepare("DELETE FROM rows WHERE id = 'r:0'").run();
    insertRow(db, { ...refundRow, ordinal: 5, rollout_id: 'ro-5' }, { run_id: 'r', duration_ms: 1, created_at: now });
    db.exec('VACUUM');
    expect(search(db, 'fortytwo')).toEqual(['r:5']);
    expect(search(db, 'shipped')).toEqual(['r:1']);
  });
});
