import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ExportSelection } from '../../../../../shared/api/exports';
import { selectedRows } from '../../../exports/export-rows-repository';
import { migrate, schemaVersion } from '../../../migrate';
import { storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { exportSelection } from './008-export-selection';
import { MIGRATIONS } from '../../index';

const planOf = (db: Database.Database, sql: string, parameters: object) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as { detail: string }[]).map((step) => step.detail).join('\n');

describe('migration 008 (export-selection)', () => {
  it('is registered as version 8 and adds a covering index of a run’s rows by ordinal with scenario and id', () => {
    expect(MIGRATIONS[7]).toBe(exportSelection);
    const db = new Database(':memory:');
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBeGreaterThanOrEqual(8);
    const columns = (db.prepare('SELECT name FROM pragma_index_info(?) ORDER BY seqno').all('rows_export') as { name: string }[]).map(
      (column) => column.name,
    );
    expect(columns).toEqual(['run_id', 'ordinal', 'scenario_id', 'id']);
  });

  it('indexes the rows already stored when an older store opens; the export lists the same rows, from the index alone', () => {
    const db = new Database(':memory:');
    migrate(db, ':memory:', MIGRATIONS.slice(0, 7));
    storeGeneratedRun(db, { runId: 'run_a', count: 40 });
    const selections = [{}, { passes_only: true }, { filter: { tool: ['get_order'] } }].map((selection) =>
      ExportSelection.parse({ run_id: 'run_a', ...selection }),
    );
    const list = () =>
      selections.flatMap((selection) => [[...selectedRows(db, selection, 'ordinal')], [...selectedRows(db, selection, 'scenario')]]);
    const before = list();
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    expect(list()).toEqual(before);
    expect(before[0]).toHaveLength(40);
    const sql = 'SELECT r.id, r.scenario_id FROM rows r WHERE r.run_id = @run_id AND r.ordinal >= 0 ORDER BY r.ordinal';
    expect(planOf(db, sql, { run_id: 'run_a' })).toContain('COVERING INDEX rows_export (run_id=?');
    // Without the term, other reads of rows keep their plans.
    expect(
      planOf(db, 'SELECT r.id, r.scenario_id FROM rows r WHERE r.run_id = @run_id ORDER BY r.ordinal', { run_id: 'run_a' }),
    ).not.toContain('rows_export');
  });
});
