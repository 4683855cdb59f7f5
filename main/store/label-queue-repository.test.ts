import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LabelQueueOrder } from '../../shared/api/labels';
import { PASS_THRESHOLD } from '../../shared/domain';
import { closeAppContext, createAppContext, type AppContext } from '../services/app-context';
import { labelQueue } from '../services/labels-service';
import type { Db } from './database';
import { firstUnlabelled, queueCounts, queuePageSql, QUEUE_UNSURE_COUNT_SQL, queueSnapshot, type QueueRequest } from './label-queue-repository';
import { storeGeneratedRun } from './__fixtures__/generated-rows';

const ORDERS: LabelQueueOrder[] = ['generated', 'disagreements', 'unsure', 'stratified'];
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
     VALUES (?, ?, ?, 'why', ?, 'custom', 'line-judge', ?, '{"judge":"line-judge","model":null,"rubric_hash":null,"settings":{},"version":"v2"}', ?)`,
  );
  const label = db.prepare(`INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, ?, 'human', ?, NULL, ?)`);
  const labels = ['pass', 'fail', 'unsure', 'skip', 'simulator_error'] as const;
  const authors = [null, 'bench', 'ann', 'bo'] as const;
  for (let index = 0; index < count * 3; index += 1) {
    const rowId = rowIds[Math.floor(next() * rowIds.length)]!;
    if (next() < 0.5) {
      const reward = next() < 0.1 ? null : Math.round(next() * 10) / 10;
      grade.run(rowId, RUN, reward, reward === null ? 'error' : 'ok', next() < 0.2 ? 1 : 0, NOW);
    } else if (next() < 0.4) {
      label.run(rowId, RUN, labels[Math.floor(next() * (next() < 0.9 ? 2 : labels.length))]!, authors[Math.floor(next() * authors.length)] ?? null, NOW);
    }
  }
}

interface GradeRecord {
  id: number;
  row_id: string;
  reward: number | null;
  unsure: number;
}

/** The counts computed the plain way, row by row in JavaScript. */
function referenceCounts(db: Db, request: QueueRequest) {
  const rows = db.prepare('SELECT id, tool, rule, stance, world_state, tool_condition, history FROM rows WHERE run_id = ?').all(request.runId) as Record<string, string>[];
  const grades = db
    .prepare(`SELECT id, row_id, reward, unsure FROM grades WHERE run_id = ? AND judge_name IS ? AND json_extract(provenance, '$.version') IS ? AND id <= ? ORDER BY id`)
    .all(request.runId, request.judge?.judge_name ?? null, request.judge?.version ?? null, request.snapshot.grade_id) as GradeRecord[];
  const labels = db.prepare('SELECT id, row_id, label, author FROM labels WHERE run_id = ? AND id <= ? ORDER BY id').all(request.runId, request.snapshot.label_id) as {
    row_id: string;
    label: string;
    author: string | null;
  }[];
  const latest = new Map<string, GradeRecord>();
  for (const record of grades) latest.set(record.row_id, record);
  const votes = new Map<string, { unsigned: string[]; signed: Map<string, string> }>();
  for (const record of labels) {
    const entry = votes.get(record.row_id) ?? { unsigned: [], signed: new Map<string, string>() };
    if (record.author === null) entry.unsigned.push(record.label);
    else entry.signed.set(record.author, record.label);
    votes.set(record.row_id, entry);
  }
  let gold = 0;
  let disagreements = 0;
  let unsure = 0;
  for (const row of rows) {
    const judged = latest.get(row.id!);
    if (judged?.unsure === 1) unsure += 1;
    const entry = votes.get(row.id!);
    if (!entry) continue;
    const all = [...entry.unsigned, ...entry.signed.values()];
    const pass = all.filter((value) => value === 'pass').length;
    const fail = all.filter((value) => value === 'fail').length;
    const verdict = pass > fail ? 1 : fail > pass ? 0 : null;
    const isExcluded = all.includes('simulator_error');
    if (verdict === null || isExcluded) continue;
    gold += 1;
    if (judged && judged.reward !== null && (judged.reward >= PASS_THRESHOLD ? 1 : 0) !== verdict) disagreements += 1;
  }
  const cells = new Set(rows.map((row) => [row.tool, row.rule, row.stance, row.world_state, row.tool_condition, row.history].join('\u0000'))).size;
  return { total: rows.length, gold, disagreements, unsure, cells };
}

function plan(db: Db, sql: string): string {
  const parameters = { run_id: RUN, judge_name: 'line-judge', version: 'v2', annotator: 'bench', label_cutoff: 1, grade_cutoff: 1, threshold: 0.5, offset: 0, limit: 50 };
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
    const label = db.prepare(`INSERT INTO labels (row_id, run_id, label, kind, author, note, created_at) VALUES (?, ?, 'pass', 'human', NULL, NULL, ?)`);
    for (let ordinal = 0; ordinal < 80; ordinal += 1) if (ordinal % 9 !== 4) label.run(`${RUN}:${ordinal}`, RUN, NOW);
    for (const order of ORDERS) {
      for (const limit of [1, 3, 50]) {
        const output = labelQueue(context, RUN, { order, blind: false, offset: 0, limit });
        const judge = output.judge_key === null ? null : { judge_name: output.judge_key.split('@')[0]!, version: output.judge_key.split('@')[1] ?? null };
        const request: QueueRequest = { runId: RUN, order, judge, annotator: output.annotator, snapshot: output.snapshot };
        expect(output.first_unlabelled).toBe(firstUnlabelled(db, request));
      }
    }
  });

  it('orders every queue from covering indexes, and counts unsure rows from the partial index of doubtful grades', () => {
    context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-queue-repo-')), mode: 'cli' });
    const db = context.db;
    for (const order of ['disagreements', 'unsure'] as const) expect(plan(db, queuePageSql(order))).toContain('SEARCH r USING COVERING INDEX rows_queue (run_id=?');
    expect(plan(db, queuePageSql('stratified'))).toContain('USING COVERING INDEX rows_queue_cells (run_id=?');
    for (const order of ['disagreements', 'unsure', 'stratified'] as const) expect(plan(db, queuePageSql(order))).not.toMatch(/SCAN rows\b|USING INDEX sqlite_autoindex_rows_2/);
    const unsure = plan(db, QUEUE_UNSURE_COUNT_SQL);
    expect(unsure).toContain('SEARCH u USING COVERING INDEX grades_doubtful (run_id=? AND judge_name=? AND <expr>=?)');
    expect(unsure).toContain('USING COVERING INDEX grades_latest (run_id=? AND judge_name=? AND <expr>=? AND row_id=? AND id<?)');
  });
});
