import { RunConfig } from '../../../shared/domain';
import { openDatabase, type Db } from '../database';
import { insertRow } from '../rows/rows-repository';
import { insertRun } from '../runs/runs-repository';
import { sampleRow } from './sample-row';

/** A run of 12 sample rows: every row graded 0 by judge `old`, even rows then 1 by `new`, and row 3 labelled fail by ana. */
export function gradedRunStore(): Db {
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
    "INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('run_a:3', 'run_a', 'fail', 'human', 'ana', " +
      "NULL, 'x')",
  ).run();
  return db;
}
