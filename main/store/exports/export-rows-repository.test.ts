import { describe, expect, it } from 'vitest';
import { ExportSelection } from '../../../shared/api/exports';
import { gradedRunStore } from '../__fixtures__/graded-run-store';
import { selectedRows, selectionWhere } from './export-rows-repository';

describe('export rows repository', () => {
  it('selects by the latest grade, the axes, a cell and explicit ids, in plan or scenario order', () => {
    const db = gradedRunStore();
    const ids = (selection: object, order: 'ordinal' | 'scenario' = 'ordinal') =>
      [...selectedRows(db, ExportSelection.parse({ run_id: 'run_a', ...selection }), order)].map((row) => row.id);
    expect(ids({ passes_only: true })).toEqual(['run_a:0', 'run_a:2', 'run_a:4', 'run_a:6', 'run_a:8', 'run_a:10']);
    expect(ids({ filter: { verdict: ['fail'], stance: ['hurried'] } })).toEqual(['run_a:1', 'run_a:7']);
    expect(ids({ filter: { label: ['fail'] } })).toEqual(['run_a:3']);
    expect(ids({ cell: { stance: 'adversarial', tool: 'get_order' } })).toEqual(['run_a:2', 'run_a:5', 'run_a:8', 'run_a:11']);
    expect(ids({ row_ids: ['run_a:9', 'ro-1'] })).toEqual(['run_a:1', 'run_a:9']);
    expect(ids({}, 'scenario').slice(0, 3)).toEqual(['run_a:0', 'run_a:7', 'run_a:1']);
  });

  it("marks a row a simulator error while any author's latest label on it says so", () => {
    const db = gradedRunStore();
    const label = db.prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, 'run_a', ?, 'human', ?, NULL, 'x')",
    );
    label.run('run_a:4', 'simulator_error', 'ana');
    label.run('run_a:4', 'pass', 'ana');
    label.run('run_a:5', 'simulator_error', 'bob');
    label.run('run_a:5', 'pass', 'cy');
    label.run('run_a:6', 'simulator_error', null);
    const flagged = [...selectedRows(db, ExportSelection.parse({ run_id: 'run_a' }), 'ordinal')].filter((row) => row.simulator_error === 1);
    expect(flagged.map((row) => row.id)).toEqual(['run_a:5', 'run_a:6']);
  });

  it('reads a run in plan order through the covering export index (migration 008) and the latest grade through grades_row', () => {
    const db = gradedRunStore();
    const where = selectionWhere(ExportSelection.parse({ run_id: 'run_a', passes_only: true, filter: { label: ['pass'] } }));
    const plan = db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT r.id, r.scenario_id FROM rows r
           LEFT JOIN grades g ON g.id = (SELECT MAX(id) FROM grades WHERE grades.row_id = r.id)
           LEFT JOIN labels l ON l.id = (SELECT MAX(id) FROM labels WHERE labels.row_id = r.id)
         WHERE ${where.sql} AND r.ordinal >= 0 ORDER BY r.ordinal`,
      )
      .all(where.params) as { detail: string }[];
    const details = plan.map((step) => step.detail).join('\n');
    expect(details).toContain('SEARCH r USING COVERING INDEX rows_export (run_id=?');
    expect(details).toContain('grades_row');
    expect(details).toContain('labels_row');
    expect(details).not.toContain('USE TEMP B-TREE FOR ORDER BY');
  });
});
