import { describe, expect, it } from 'vitest';
import { RunConfig } from '../../../shared/domain';
import { axisCounts, cellCounts, cellCountsSql, coordinateCounts, COORDINATES_SQL, gradeTotals, iteratePrompts } from './coverage-queries';
import { openDatabase, type Db } from '../database';
import { insertRow } from './rows-repository';
import { insertRun } from '../runs/runs-repository';
import { sampleRow } from '../__fixtures__/sample-row';

const config = RunConfig.parse({ source: { kind: 'describe', sentence: 'a support agent that never invents order numbers' } });

/** Ten rows over three stances (sampleRow cycles ordinary, hurried, adversarial), two runs to keep apart. */
function store(): Db {
  const db = openDatabase(':memory:');
  for (const run of ['a', 'b']) insertRun(db, { id: run, name: run, status: 'completed', config, now: 't' });
  for (let ordinal = 0; ordinal < 10; ordinal++) {
    insertRow(db, { ...sampleRow(ordinal), prompt: `ask ${ordinal}` }, { run_id: 'a', duration_ms: 1, created_at: 't' });
  }
  insertRow(db, sampleRow(0), { run_id: 'b', duration_ms: 1, created_at: 't' });
  const grade = db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, provenance, created_at)
     VALUES (?, 'a', ?, 'r', 'ok', 'judge', 'judge', '{}', 't')`,
  );
  grade.run('a:0', 0.4);
  grade.run('a:3', 0.9);
  grade.run('a:3', 0.1); // the latest grade counts
  grade.run('a:1', 0.5); // 0.5 passes
  return db;
}

const plan = (db: Db, sql: string, ...parameters: unknown[]) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...parameters) as { detail: string }[]).map((step) => step.detail).join(' | ');

describe('coverage queries', () => {
  it("group a run's rows by two axes with failing and graded from the latest grade", () => {
    const db = store();
    expect(cellCounts(db, 'a', 'stance', 'tool').sort((left, right) => left.x.localeCompare(right.x))).toEqual([
      { x: 'adversarial', y: 'get_order', rows: 3, failing: 0, graded: 0 },
      { x: 'hurried', y: 'get_order', rows: 3, failing: 0, graded: 1 },
      { x: 'ordinary', y: 'get_order', rows: 4, failing: 2, graded: 2 },
    ]);
    expect(cellCounts(db, 'b', 'stance', 'tool')).toEqual([{ x: 'ordinary', y: 'get_order', rows: 1, failing: 0, graded: 0 }]);
    expect(gradeTotals(db, 'a')).toEqual({ graded: 3, failing: 2 });
    expect(gradeTotals(db, 'b')).toEqual({ graded: 0, failing: 0 });
  });

  it("leave a row a person marks simulator_error out of failing and graded, but not out of the cell's rows", () => {
    const db = store();
    db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES ('a:3', 'a', 'simulator_error', 'human', ` +
        `'ada', NULL, 't')`,
    ).run();
    expect(cellCounts(db, 'a', 'stance', 'tool').find((cell) => cell.x === 'ordinary')).toEqual({
      x: 'ordinary',
      y: 'get_order',
      rows: 4,
      failing: 1,
      graded: 1,
    });
    expect(gradeTotals(db, 'a')).toEqual({ graded: 2, failing: 1 });
  });

  it('count rows per axis value and per six-axis coordinate', () => {
    const db = store();
    expect(axisCounts(db, 'a', 'stance').sort((left, right) => left.value.localeCompare(right.value))).toEqual([
      { value: 'adversarial', rows: 3 },
      { value: 'hurried', rows: 3 },
      { value: 'ordinary', rows: 4 },
    ]);
    const coordinates = coordinateCounts(db, 'a');
    expect(coordinates).toHaveLength(3);
    expect(coordinates.reduce((sum, entry) => sum + entry.rows, 0)).toBe(10);
    expect(coordinates[0]!.dimensions).toEqual(expect.objectContaining({ tool: 'get_order', history: 'fresh' }));
  });

  it('read every prompt of a small run, and an even spread of a large one', () => {
    const db = store();
    expect([...iteratePrompts(db, 'a', 100)]).toHaveLength(10);
    expect([...iteratePrompts(db, 'a', 4)]).toEqual(['ask 0', 'ask 3', 'ask 6', 'ask 9']);
  });

  it("read one run's lines of the kept counts by their primary key, however many rows it has", () => {
    const db = store();
    expect(plan(db, cellCountsSql('tool', 'stance'), 'a')).toMatch(/^SEARCH row_filter_counts USING PRIMARY KEY \(run_id=\?\)/);
    expect(plan(db, COORDINATES_SQL, 'a')).toMatch(/^SEARCH row_filter_counts USING PRIMARY KEY \(run_id=\?\)/);
    expect(plan(db, COORDINATES_SQL, 'a')).not.toMatch(/TEMP B-TREE/);
  });
});
