import { describe, expect, it } from 'vitest';
import { ExportSelection } from '../../../shared/api/exports';
import { RunConfig } from '../../../shared/domain';
import { openDatabase } from '../../store/database';
import { insertRow } from '../../store/rows/rows-repository';
import { insertRun } from '../../store/runs/runs-repository';
import { sampleRow } from '../../store/__fixtures__/sample-row';
import { readRows, selectedRows, selectionWhere } from './export-rows';

function store() {
  const db = openDatabase(':memory:');
  const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'an order desk that confirms before refunding' } });
  insertRun(db, { id: 'run_a', name: 'A', status: 'completed', config, now: '2026-11-01T00:00:00.000Z' });
  for (let ordinal = 0; ordinal < 12; ordinal++)
    insertRow(db, sampleRow(ordinal), { run_id: 'run_a', duration_ms: 5, created_at: '2026-11-01T00:00:00.000Z' });
  const grade = db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at)
     VALUES (?, 'run_a', ?, 'r', 'ok', 'judge', ?, '{}', '2026-11-01T00:00:00.000Z')`,
  );
  for (let ordinal = 0; ordinal < 12; ordinal++) grade.run(`run_a:${ordinal}`, 0, 'old');
  for (let ordinal = 0; ordinal < 12; ordinal += 2) grade.run(`run_a:${ordinal}`, 1, 'new');
  db.prepare(
    "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('run_a:3', 'run_a', 'fail', 'human', 'ana', NULL, 'x')",
  ).run();
  return db;
}

describe('export rows', () => {
  it('selects by the latest grade, the axes, a cell and explicit ids, in plan or scenario order', () => {
    const db = store();
    const ids = (selection: object, order: 'ordinal' | 'scenario' = 'ordinal') =>
      [...selectedRows(db, ExportSelection.parse({ run_id: 'run_a', ...selection }), order)].map((row) => row.id);
    expect(ids({ passes_only: true })).toEqual(['run_a:0', 'run_a:2', 'run_a:4', 'run_a:6', 'run_a:8', 'run_a:10']);
    expect(ids({ filter: { verdict: ['fail'], stance: ['hurried'] } })).toEqual(['run_a:1', 'run_a:7']);
    expect(ids({ filter: { label: ['fail'] } })).toEqual(['run_a:3']);
    expect(ids({ cell: { stance: 'adversarial', tool: 'get_order' } })).toEqual(['run_a:2', 'run_a:5', 'run_a:8', 'run_a:11']);
    expect(ids({ row_ids: ['run_a:9', 'ro-1'] })).toEqual(['run_a:1', 'run_a:9']);
    expect(ids({}, 'scenario').slice(0, 3)).toEqual(['run_a:0', 'run_a:7', 'run_a:1']);
  });

  it('joins the latest grade and the label to each row, pages in the order asked', async () => {
    const db = store();
    const rows = [];
    for await (const input of readRows(db, ['run_a:3', 'run_a:2'])) rows.push(input);
    expect(rows.map((input) => [input.row.ordinal, input.reward, input.judge_name, input.gold?.label ?? null])).toEqual([
      [3, 0, 'old', 'fail'],
      [2, 1, 'new', null],
    ]);
    expect(rows[0]!.gold).toEqual({ reward: 0, kind: 'human', label: 'fail' });
  });

  it('refuses a row whose stored body is damaged with an error naming that row', () => {
    const db = store();
    db.prepare("UPDATE rows SET body = json_set(body, '$.messages[0].role', 'robot') WHERE id = 'run_a:4'").run();
    db.prepare("UPDATE rows SET body = substr(body, 2) WHERE id = 'run_a:6'").run();
    expect(() => [...readRows(db, ['run_a:3', 'run_a:4'])]).toThrow(
      'stored body of row run_a:4 does not match the row schema at messages.0.role',
    );
    expect(() => [...readRows(db, ['run_a:6'])]).toThrow('stored body of row run_a:6 is not valid JSON');
    expect([...readRows(db, ['run_a:3', 'run_a:5'])].map((input) => input.row.ordinal)).toEqual([3, 5]);
  });

  it("marks a row a simulator error while any author's latest label on it says so", () => {
    const db = store();
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
    const db = store();
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
