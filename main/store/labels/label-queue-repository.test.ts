import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LabelQueueOrder } from '../../../shared/api/labels';
import { PASS_THRESHOLD } from '../../../shared/domain';
import { closeAppContext, createAppContext, type AppContext } from '../../services/app/app-context';
import { labelQueue } from '../../services/labels/labels-service';
import type { Db } from '../database';
import { ROW_GRADES_SQL, ROW_IDENTITY_SQL } from '../grades/agreement-reads-repository';
import { gradingJudgeKeys } from '../grades/judge-totals-repository';
import { queueCounts, QUEUE_UNSURE_COUNT_SQL } from './label-queue-counts-repository';
import { firstUnlabelled, queuePage, queuePageSql, queueSnapshot } from './label-queue-repository';
import { type QueueRequest } from './label-queue-sql';
import { RUN_LABELS_AFTER_SQL } from './labels-repository';
import { storeGeneratedRun } from '../__fixtures__/generated-rows';

const ORDERS: LabelQueueOrder[] = ['generated', 'disagreements', 'unsure', 'stratified', 'conflicts'];
const RUN = 'small';
const NOW = '2026-01-02T00:00:00.000Z';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

/** A seeded generator (mulberry32), so a failure repeats. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** A small generated run, then random grades by `line-judge@v2` (re-grades, unsure, erred) and labels by several people. */
function storeRandomRun(db: Db, seed: number, count: number): void {
  storeGeneratedRun(db, { runId: RUN, count });
  const next = random(seed);
  const rowIds = (db.prepare('SELECT id FROM rows WHERE run_id = ? ORDER BY ordinal').all(RUN) as { id: string }[]).map((row) => row.id);
  const grade = db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
     VALUES (?, ?, ?, 'why', ?, 'custom', 'line-judge', ?,
       '{"judge":"line-judge","model":null,"rubric_hash":null,"settings":{},"version":"v2"}', ?)`,
  );
  const label = db.prepare(
    `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, ?, 'human', ?, NULL, ?)`,
  );
  const settle = db.prepare(`INSERT INTO adjudications (row_id, run_id, label, author, note, created_at) VALUES (?, ?, ?, 'cy', NULL, ?)`);
  const labels = ['pass', 'fail', 'unsure', 'skip', 'simulator_error'] as const;
  const authors = [null, 'bench', 'ann', 'bo'] as const;
  for (let index = 0; index < count * 3; index += 1) {
    const rowId = rowIds[Math.floor(next() * rowIds.length)]!;
    if (next() < 0.04) settle.run(rowId, RUN, next() < 0.5 ? 'pass' : 'fail', NOW);
    else if (next() < 0.5) {
      const reward = next() < 0.1 ? null : Math.round(next() * 10) / 10;
      grade.run(rowId, RUN, reward, reward === null ? 'error' : 'ok', next() < 0.2 ? 1 : 0, NOW);
    } else if (next() < 0.4) {
      label.run(
        rowId,
        RUN,
        labels[Math.floor(next() * (next() < 0.9 ? 2 : labels.length))]!,
        authors[Math.floor(next() * authors.length)] ?? null,
        NOW,
      );
    }
  }
}

interface GradeRecord {
  id: number;
  row_id: string;
  reward: number | null;
  unsure: number;
}

/** Each row's gold as of the snapshot, the plain way: the settled label, else the pass or fail every vote agrees on. */
function referenceGold(db: Db, request: QueueRequest) {
  const labels = db
    .prepare('SELECT id, row_id, label, author FROM labels WHERE run_id = ? AND id <= ? ORDER BY id')
    .all(request.runId, request.snapshot.label_id) as { row_id: string; label: string; author: string | null }[];
  const settlements = db
    .prepare('SELECT row_id, label FROM adjudications WHERE run_id = ? AND id <= ? ORDER BY id')
    .all(request.runId, request.snapshot.adjudication_id) as { row_id: string; label: string }[];
  const votes = new Map<string, { unsigned: string[]; signed: Map<string, string> }>();
  for (const record of labels) {
    const entry = votes.get(record.row_id) ?? { unsigned: [], signed: new Map<string, string>() };
    if (record.author === null) entry.unsigned.push(record.label);
    else entry.signed.set(record.author, record.label);
    votes.set(record.row_id, entry);
  }
  const settled = new Map(settlements.map((record) => [record.row_id, record.label === 'pass' ? 1 : 0]));
  const gold = new Map<string, { verdict: 0 | 1 | null; isConflict: boolean; isExcluded: boolean }>();
  for (const rowId of new Set([...votes.keys(), ...settled.keys()])) {
    const entry = votes.get(rowId);
    const all = entry ? [...entry.unsigned, ...entry.signed.values()] : [];
    const pass = all.filter((value) => value === 'pass').length;
    const fail = all.filter((value) => value === 'fail').length;
    const settledVerdict = settled.get(rowId);
    const agreed = pass > 0 && fail === 0 ? 1 : fail > 0 && pass === 0 ? 0 : null;
    gold.set(rowId, {
      verdict: settledVerdict === undefined ? agreed : (settledVerdict as 0 | 1),
      isConflict: settledVerdict === undefined && pass > 0 && fail > 0,
      isExcluded: all.includes('simulator_error'),
    });
  }
  return gold;
}

/** The counts computed the plain way, row by row in JavaScript. */
function referenceCounts(db: Db, request: QueueRequest) {
  const rows = db
    .prepare('SELECT id, tool, rule, stance, world_state, tool_condition, history FROM rows WHERE run_id = ?')
    .all(request.runId) as Record<string, string>[];
  const grades = db
    .prepare(
      `SELECT id, row_id, reward, unsure FROM grades WHERE run_id = ? AND judge_name IS ? AND json_extract(provenance, '$.version') IS ` +
        `? AND id <= ? ORDER BY id`,
    )
    .all(request.runId, request.judge?.judge_name ?? null, request.judge?.version ?? null, request.snapshot.grade_id) as GradeRecord[];
  const latest = new Map<string, GradeRecord>();
  for (const record of grades) latest.set(record.row_id, record);
  const goldOf = referenceGold(db, request);
  let gold = 0;
  let conflicts = 0;
  let disagreements = 0;
  let unsure = 0;
  for (const row of rows) {
    const judged = latest.get(row.id!);
    if (judged?.unsure === 1) unsure += 1;
    const entry = goldOf.get(row.id!);
    if (!entry || entry.isExcluded) continue;
    if (entry.isConflict) conflicts += 1;
    if (entry.verdict === null) continue;
    gold += 1;
    if (judged && judged.reward !== null && (judged.reward >= PASS_THRESHOLD ? 1 : 0) !== entry.verdict) disagreements += 1;
  }
  const cells = new Set(
    rows.map((row) => [row.tool, row.rule, row.stance, row.world_state, row.tool_condition, row.history].join('\u0000')),
  ).size;
  return { total: rows.length, gold, conflicts, disagreements, unsure, cells };
}

/** Each order computed the plain way: the run's row ids in queue order (the SQL's sort keys, row by row). */
function referenceOrder(db: Db, request: QueueRequest): string[] {
  const rows = db
    .prepare('SELECT id, ordinal, tool, rule, stance, world_state, tool_condition, history FROM rows WHERE run_id = ? ORDER BY ordinal')
    .all(request.runId) as (Record<string, string> & {
    ordinal: number;
  })[];
  const grades = db
    .prepare(
      `SELECT id, row_id, reward, unsure FROM grades WHERE run_id = ? AND judge_name IS ? AND json_extract(provenance, '$.version') IS ` +
        `? AND id <= ? ORDER BY id`,
    )
    .all(request.runId, request.judge?.judge_name ?? null, request.judge?.version ?? null, request.snapshot.grade_id) as GradeRecord[];
  const latest = new Map(grades.map((record) => [record.row_id, record]));
  const goldOf = referenceGold(db, request);
  const disagrees = (rowId: string): boolean => {
    const entry = goldOf.get(rowId);
    const judged = latest.get(rowId);
    if (!entry || entry.verdict === null || entry.isExcluded || !judged || judged.reward === null) return false;
    return (judged.reward >= PASS_THRESHOLD ? 1 : 0) !== entry.verdict;
  };
  const conflicted = (rowId: string): boolean => {
    const entry = goldOf.get(rowId);
    return entry !== undefined && entry.isConflict && !entry.isExcluded;
  };
  const rounds = new Map<string, number>();
  const round = new Map<string, number>();
  for (const row of rows) {
    const cell = [row.tool, row.rule, row.stance, row.world_state, row.tool_condition, row.history].join('\u0000');
    rounds.set(cell, (rounds.get(cell) ?? 0) + 1);
    round.set(row.id!, rounds.get(cell)!);
  }
  const key = (row: (typeof rows)[number]): number[] => {
    const judged = latest.get(row.id!);
    switch (request.order) {
      case 'generated':
        return [row.ordinal];
      case 'disagreements':
        return [disagrees(row.id!) ? 0 : 1, row.ordinal];
      case 'conflicts':
        return [conflicted(row.id!) ? 0 : 1, row.ordinal];
      case 'unsure': {
        const group = judged?.unsure === 1 ? 0 : judged && judged.reward === null ? 1 : judged ? 2 : 3;
        return [group, judged?.reward == null ? -Infinity : Math.abs(judged.reward - 0.5), row.ordinal];
      }
      case 'stratified':
        return [round.get(row.id!)!, row.ordinal];
    }
  };
  const compare = (left: number[], right: number[]) => left.reduce((result, value, index) => result || Math.sign(value - right[index]!), 0);
  return [...rows].sort((left, right) => compare(key(left), key(right))).map((row) => row.id!);
}

function plan(db: Db, sql: string): string {
  const parameters = {
    run_id: RUN,
    judge_name: 'line-judge',
    version: 'v2',
    annotator: 'bench',
    label_cutoff: 1,
    grade_cutoff: 1,
    adjudication_cutoff: 1,
    threshold: 0.5,
    offset: 0,
    limit: 50,
  };
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(parameters) as Array<{ detail: string }>).map((step) => step.detail).join('\n');
}

describe('the labeling queue in SQL', () => {
  it('counts as a plain computation does, on random small runs, at the snapshot and after it', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    storeRandomRun(db, 7, 120);
    const early = queueSnapshot(db, RUN);
    const more = random(3);
    for (let index = 0; index < 60; index += 1) {
      db.prepare(
        `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
         VALUES (?, ?, ?, 'why', 'ok', 'custom', 'line-judge', ?, '{"judge":"line-judge","version":"v2"}', ?)`,
      ).run(`${RUN}:${Math.floor(more() * 120)}`, RUN, more(), more() < 0.3 ? 1 : 0, NOW);
    }
    const snapshots = [early, queueSnapshot(db, RUN)];
    const judges = [{ judge_name: 'line-judge', version: 'v2' }, { judge_name: 'rubric-judge', version: '1' }, null];
    let checked = 0;
    for (const snapshot of snapshots) {
      for (const judge of judges) {
        const request: QueueRequest = { runId: RUN, order: 'unsure', judge, annotator: 'bench', snapshot };
        const counts = queueCounts(db, request);
        expect(counts).toEqual(referenceCounts(db, request));
        if (counts.unsure > 0) checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(1);
  });

  it('finds the first unlabelled row from the first page as the whole order does', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    storeRandomRun(db, 5, 80);
    // The annotator labels most rows at the front of every order, so the first unlabelled row is sometimes off the first page.
    const label = db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, 'pass', 'human', NULL, NULL, ?)`,
    );
    for (let ordinal = 0; ordinal < 80; ordinal += 1) if (ordinal % 9 !== 4) label.run(`${RUN}:${ordinal}`, RUN, NOW);
    for (const order of ORDERS) {
      for (const limit of [1, 3, 50]) {
        const output = labelQueue(context, RUN, { order, blind: false, offset: 0, limit });
        const judge =
          output.judge_key === null
            ? null
            : { judge_name: output.judge_key.split('@')[0]!, version: output.judge_key.split('@')[1] ?? null };
        const request: QueueRequest = { runId: RUN, order, judge, annotator: output.annotator, snapshot: output.snapshot };
        expect(output.first_unlabelled).toBe(firstUnlabelled(db, request));
      }
    }
  });

  it('pages every order as a plain sort does, at the front, across its end and far into the run', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    storeRandomRun(db, 11, 150);
    const early = queueSnapshot(db, RUN);
    // Labels by the annotator after the snapshot: they show on the page but move nothing.
    const label = db.prepare(
      `INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, 'fail', 'human', 'bench', NULL, ?)`,
    );
    for (let ordinal = 0; ordinal < 150; ordinal += 3) label.run(`${RUN}:${ordinal}`, RUN, NOW);
    const judges = [
      ...gradingJudgeKeys(db, RUN).map(({ judge_name, version }) => ({ judge_name, version })),
      { judge_name: 'nobody', version: null },
    ];
    expect(judges.map((judge) => judge.judge_name)).toContain('line-judge');
    let disagreeing = 0;
    let conflicting = 0;
    for (const snapshot of [early, queueSnapshot(db, RUN)]) {
      for (const judge of judges) {
        for (const order of ORDERS) {
          const request: QueueRequest = { runId: RUN, order, judge, annotator: 'bench', snapshot };
          const expected = referenceOrder(db, request);
          const counts = queueCounts(db, request);
          const front = order === 'disagreements' ? counts.disagreements : order === 'conflicts' ? counts.conflicts : 0;
          if (order === 'disagreements') disagreeing += front;
          if (order === 'conflicts') conflicting += front;
          for (const offset of new Set([0, 1, Math.max(front - 1, 0), front, front + 1, 40, 147, 150, 160])) {
            for (const limit of [1, 3, 50]) {
              const page = queuePage(db, request, offset, limit, false);
              expect(
                page.map((item) => item.row_id),
                `${order} ${judge.judge_name} at ${offset}+${limit}`,
              ).toEqual(expected.slice(offset, offset + limit));
              expect(page.map((item) => item.position)).toEqual(page.map((_, index) => offset + index));
            }
          }
          const mine = new Set(
            (db.prepare(`SELECT row_id FROM labels WHERE run_id = ? AND author = 'bench'`).all(RUN) as { row_id: string }[]).map(
              (row) => row.row_id,
            ),
          );
          const first = expected.findIndex((rowId) => !mine.has(rowId));
          expect(firstUnlabelled(db, request), `${order} ${judge.judge_name}`).toBe(first === -1 ? null : first);
        }
      }
    }
    expect(disagreeing).toBeGreaterThan(0);
    expect(conflicting).toBeGreaterThan(0);
  });

  it('finds the judges that graded a run by a skip scan, a missing version included', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    storeGeneratedRun(db, { runId: RUN, count: 6 });
    storeGeneratedRun(db, { runId: 'other', count: 3 });
    const grade = db.prepare(
      `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, provenance, created_at)
       VALUES (?, ?, 0.5, 'why', 'ok', 'custom', ?, 0, ?, ?)`,
    );
    const versions: [string, string][] = [
      ['b', '{}'],
      ['b', '{"version":"v1"}'],
      ['a', '{"version":"2"}'],
      ['b', '{"version":"v0"}'],
      ['a', '{}'],
      ['c', '{"version":"v1"}'],
    ];
    versions.forEach(([name, provenance], index) => grade.run(`${RUN}:${index}`, RUN, name, provenance, NOW));
    grade.run('other:0', 'other', 'z', '{}', NOW);
    // The plain way: every grade of the run grouped (the walk the skip scan replaces).
    const grouped = db
      .prepare(
        `SELECT judge_name, json_extract(provenance, '$.version') AS version FROM grades WHERE run_id = ? GROUP BY judge_name, ` +
          `json_extract(provenance, '$.version')`,
      )
      .all(RUN) as { judge_name: string; version: string | null }[];
    const keys = gradingJudgeKeys(db, RUN).map((judge) => [judge.judge_name, judge.version]);
    expect(keys).toEqual(grouped.map((judge) => [judge.judge_name, judge.version]));
    expect(keys.filter(([name]) => name!.length === 1)).toEqual([
      ['a', null],
      ['a', '2'],
      ['b', null],
      ['b', 'v0'],
      ['b', 'v1'],
      ['c', 'v1'],
    ]);
    expect(gradingJudgeKeys(db, 'nothing')).toEqual([]);
  });

  it('orders every queue from covering indexes, and counts unsure rows from the partial index of doubtful grades', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    for (const order of ['disagreements', 'conflicts', 'unsure'] as const)
      expect(plan(db, queuePageSql(order))).toContain('SEARCH r USING COVERING INDEX rows_queue (run_id=?');
    // Disagreements: the judge is looked up for gold rows only, each found by its id, and the rest is never sorted.
    const disagreements = plan(db, queuePageSql('disagreements'));
    expect(disagreements).toContain('SCAN gold');
    expect(disagreements).toContain('SEARCH r USING INDEX sqlite_autoindex_rows_1 (id=?)');
    // Gold's group over the labelled rows and settlements (a few), the front's few rows, and the page's.
    expect(disagreements.match(/USE TEMP B-TREE/g)?.length).toBe(3);
    // A sorter up to the page's end, and the page.
    for (const order of ['unsure', 'stratified'] as const) expect(plan(db, queuePageSql(order)).match(/USE TEMP B-TREE/g)?.length).toBe(2);
    expect(plan(db, queuePageSql('stratified'))).toContain('USING COVERING INDEX rows_queue_cells (run_id=?');
    for (const order of ['disagreements', 'conflicts', 'unsure', 'stratified'] as const)
      expect(plan(db, queuePageSql(order))).not.toMatch(/SCAN rows\b|USING INDEX sqlite_autoindex_rows_2/);
    // Conflicts: the front comes from gold alone (no judge), each row found by its id.
    const conflicts = plan(db, queuePageSql('conflicts'));
    expect(conflicts).toContain('SEARCH r USING INDEX sqlite_autoindex_rows_1 (id=?)');
    const unsure = plan(db, QUEUE_UNSURE_COUNT_SQL);
    expect(unsure).toContain('SEARCH u USING COVERING INDEX grades_doubtful (run_id=? AND judge_name=? AND <expr>=?)');
    expect(unsure).toContain('USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>=? AND row_id=? AND id<?)');
  });

  it('reads the trust panel’s new labels by id range and a labelled row’s grades and identity by index', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    const planOf = (sql: string, ...values: unknown[]) =>
      (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...values) as Array<{ detail: string }>).map((step) => step.detail).join('\n');
    expect(planOf(ROW_GRADES_SQL, 'row', RUN)).toBe('SEARCH g USING INDEX grades_row (row_id=?)');
    expect(planOf(RUN_LABELS_AFTER_SQL, RUN, 10)).toBe('SEARCH labels USING INTEGER PRIMARY KEY (rowid>?)');
    expect(planOf(ROW_IDENTITY_SQL, '["row"]', RUN)).toBe(
      'SCAN wanted VIRTUAL TABLE INDEX 1:\nSEARCH r USING INDEX sqlite_autoindex_rows_1 (id=?)',
    );
  });
});
