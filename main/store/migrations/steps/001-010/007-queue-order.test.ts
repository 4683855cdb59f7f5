import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { queuePageSql } from '../../../labels/label-queue-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { queueOrder } from './007-queue-order';
import { MIGRATIONS } from '../../index';

const PARAMETERS = {
  run_id: 'run_a',
  judge_name: 'line-judge',
  version: 'v2',
  annotator: null,
  label_cutoff: 0,
  grade_cutoff: 0,
  adjudication_cutoff: 0,
  threshold: 0.5,
  offset: 0,
  limit: 5,
};

describe('migration 007 (queue-order)', () => {
  it('is registered as version 7 and adds covering indexes of a run’s rows by ordinal and by coverage cell', () => {
    expect(MIGRATIONS[6]).toBe(queueOrder);
    const db = new Database(':memory:');
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(7);
    const columns = (name: string) =>
      (db.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).all(name) as { name: string }[]).map((column) => column.name);
    expect(columns('rows_queue')).toEqual(['run_id', 'ordinal', 'id']);
    expect(columns('rows_queue_cells')).toEqual([
      'run_id',
      'tool',
      'rule',
      'stance',
      'world_state',
      'tool_condition',
      'history',
      'ordinal',
      'id',
    ]);
  });

  it('indexes the rows already stored when an older store opens, and the queue reads the same pages from them', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 6));
    storeGeneratedRun(db, { runId: 'run_a', count: 40 });
    const orders = ['generated', 'disagreements', 'unsure', 'stratified'] as const;
    // Before 007 the queue's SQL could not name its indexes: the same SQL without INDEXED BY reads the table. (It reads
    // settlements too, a table of 014: an empty one stands in for it here.)
    db.exec('CREATE TEMP TABLE adjudications (id INTEGER PRIMARY KEY, row_id TEXT, run_id TEXT, label TEXT, author TEXT)');
    const before = orders.map((order) => db.prepare(queuePageSql(order).replace(/INDEXED BY \w+/g, '')).all(PARAMETERS));
    db.exec('DROP TABLE temp.adjudications');
    const pages = (parameters: typeof PARAMETERS) => orders.map((order) => db.prepare(queuePageSql(order)).all(parameters));
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(db.prepare("SELECT COUNT(*) AS n FROM rows INDEXED BY rows_queue WHERE run_id = 'run_a' AND ordinal >= 0").get()).toEqual({
      n: 40,
    });
    expect(pages(PARAMETERS)).toEqual(before);
    const plan = (db.prepare(`EXPLAIN QUERY PLAN ${queuePageSql('unsure')}`).all(PARAMETERS) as { detail: string }[])
      .map((step) => step.detail)
      .join('\n');
    expect(plan).toContain('COVERING INDEX rows_queue (run_id=?');
  });
});
