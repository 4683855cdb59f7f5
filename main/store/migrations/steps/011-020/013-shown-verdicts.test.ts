import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RowsQuery } from '../../../../../shared/api/rows';
import { PASS_THRESHOLD, verdictOf } from '../../../../../shared/domain/verdict';
import { storeGeneratedRun } from '../../../__fixtures__/generated-rows';
import { migrate, schemaVersion } from '../../../migrate';
import { pageIdsSql, pageRows, rowNeighbours } from '../../../rows/rows-page-repository';
import { shownJudgeSource, verdictCountClauses } from '../../../rows/rows-query';
import { MIGRATIONS } from '../../index';
import { shownVerdicts } from './013-shown-verdicts';

const NOW = '2026-01-01T00:00:00.000Z';
const PROVENANCE = '{"judge":"conduct","model":null,"rubric_hash":null,"settings":{},"version":"1"}';

interface Line {
  key: string;
  conduct_verdict: string;
  conduct_rule: string;
  conduct_reward: number;
  judge_verdict: string;
  judge_reward: number;
}

/** Each row's line as 002 and 013 define it, worked out in plain code from every stored grade. */
function expectedLines(db: Database.Database): Line[] {
  const rows = db.prepare('SELECT id, run_id, ordinal FROM rows ORDER BY run_id, ordinal').all() as {
    id: string;
    run_id: string;
    ordinal: number;
  }[];
  const grades = db.prepare('SELECT row_id, reward, unsure, label_source, judge_meta FROM grades ORDER BY id').all() as {
    row_id: string;
    reward: number | null;
    unsure: number;
    label_source: string;
    judge_meta: string;
  }[];
  const latest = new Map<string, (typeof grades)[number]>();
  for (const grade of grades) latest.set(`${grade.row_id}|${grade.label_source === 'conduct' ? 'conduct' : 'judge'}`, grade);
  const verdict = (reward: number | null) => verdictOf(reward) ?? 'error';
  return rows.map((row) => {
    const conduct = latest.get(`${row.id}|conduct`);
    const judge = latest.get(`${row.id}|judge`);
    return {
      key: `${row.run_id}:${row.ordinal}`,
      conduct_verdict: conduct ? verdict(conduct.reward) : 'ungraded',
      conduct_rule: conduct ? ((JSON.parse(conduct.judge_meta) as { rule?: string }).rule ?? '') : '',
      conduct_reward: conduct?.reward ?? -1,
      judge_verdict: judge ? (judge.unsure === 1 ? 'unsure' : verdict(judge.reward)) : 'ungraded',
      judge_reward: judge?.reward ?? -1,
    };
  });
}

function storedLines(db: Database.Database): Line[] {
  return db
    .prepare(
      `SELECT run_id || ':' || ordinal AS key, conduct_verdict, conduct_rule, conduct_reward, judge_verdict, judge_reward
         FROM row_verdicts ORDER BY run_id, ordinal`,
    )
    .all() as Line[];
}

/**
 * A store at schema 012 with a mixed run (conduct grades on 60% of rows, a judge's on 40%, a few labels) and a run graded by the conduct
 * checks alone.
 */
function storeAt012(): Database.Database {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, ':memory:', MIGRATIONS.slice(0, 12));
  storeGeneratedRun(db, { runId: 'mixed', count: 300 });
  storeGeneratedRun(db, { runId: 'conduct', count: 300 });
  db.prepare("DELETE FROM grades WHERE run_id = 'conduct' AND label_source <> 'conduct'").run();
  return db;
}

function insertConduct(db: Database.Database, rowId: string, reward: number | null, rule: string): void {
  db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta, provenance, created_at)
     VALUES (?, substr(?, 1, instr(?, ':') - 1), ?, 'why', ?, 'conduct', 'conduct', 0, ?, ?, ?)`,
  ).run(rowId, rowId, rowId, reward, reward === null ? 'error' : 'ok', JSON.stringify({ rule }), PROVENANCE, NOW);
}

function insertJudge(db: Database.Database, rowId: string, reward: number | null, unsure = 0): void {
  db.prepare(
    `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, unsure, judge_meta, provenance, created_at)
     VALUES (?, substr(?, 1, instr(?, ':') - 1), ?, 'why', 'ok', 'judge', 'rubric-judge', ?, '{}',
       '{"judge":"rubric-judge","version":"1"}', ?)`,
  ).run(rowId, rowId, rowId, reward, unsure, NOW);
}

function plan(db: Database.Database, runId: string, input: unknown): string {
  const page = pageIdsSql(runId, RowsQuery.parse(input), shownJudgeSource(db, runId));
  return (db.prepare(`EXPLAIN QUERY PLAN ${page.sql}`).all({ ...page.parameters, limit: 100, offset: 0 }) as { detail: string }[])
    .map((record) => record.detail)
    .join(' | ');
}

describe('migration 013 (shown verdicts)', () => {
  it('is registered as version 13', () => {
    expect(MIGRATIONS[12]).toBe(shownVerdicts);
    expect(shownVerdicts.version).toBe(13);
  });

  it('fills the conduct reward of every stored row and keeps everything else as it was', () => {
    const db = storeAt012();
    const before = db.prepare('SELECT * FROM row_verdicts ORDER BY run_id, ordinal').all();
    const counts = db
      .prepare(
        'SELECT (SELECT COUNT(*) FROM rows) AS rows, (SELECT COUNT(*) FROM grades) AS grades, (SELECT COUNT(*) FROM labels) AS labels',
      )
      .get();
    migrate(db, ':memory:');
    expect(schemaVersion(db)).toBe(MIGRATIONS.length);
    const after = db.prepare('SELECT * FROM row_verdicts ORDER BY run_id, ordinal').all() as Record<string, unknown>[];
    // coverage_reward is migration 017's column, filled after this one.
    expect(after.map(({ conduct_reward: _reward, coverage_reward: _coverage, ...rest }) => rest)).toEqual(before);
    expect(
      db
        .prepare(
          'SELECT (SELECT COUNT(*) FROM rows) AS rows, (SELECT COUNT(*) FROM grades) AS grades, (SELECT COUNT(*) FROM labels) AS labels',
        )
        .get(),
    ).toEqual(counts);
    expect(storedLines(db)).toEqual(expectedLines(db));
    const rewards = new Set(after.map((line) => line.conduct_reward));
    expect(rewards).toEqual(new Set([-1, 0, 1]));
  });

  it('keeps every line current as grades are written, changed and deleted, and labels still kept', () => {
    const db = storeAt012();
    migrate(db, ':memory:');
    const steps: [string, () => void][] = [
      ['a conduct grade on a row a judge graded', () => insertConduct(db, 'mixed:1', 0.5, 'repeated_reply')],
      ['a conduct grade without a reward', () => insertConduct(db, 'conduct:2', null, 'error')],
      ['a judge grade on a conduct-graded row', () => insertJudge(db, 'conduct:3', 0.3)],
      ['an unsure judge grade', () => insertJudge(db, 'mixed:4', 0.52, 1)],
      [
        'a grade rewarded again',
        () => db.prepare("UPDATE grades SET reward = 0 WHERE id = (SELECT MAX(id) FROM grades WHERE row_id = 'mixed:1')").run(),
      ],
      [
        'a grade moved to another row',
        () => db.prepare("UPDATE grades SET row_id = 'mixed:7' WHERE id = (SELECT MAX(id) FROM grades WHERE row_id = 'conduct:2')").run(),
      ],
      [
        'the latest conduct grade deleted',
        () =>
          db
            .prepare("DELETE FROM grades WHERE id = (SELECT MAX(id) FROM grades WHERE row_id = 'mixed:1' AND label_source = 'conduct')")
            .run(),
      ],
      ['every grade of a row deleted', () => db.prepare("DELETE FROM grades WHERE row_id = 'conduct:5'").run()],
    ];
    for (const [name, step] of steps) {
      step();
      expect(storedLines(db), name).toEqual(expectedLines(db));
    }
    const line = (key: string) => storedLines(db).find((entry) => entry.key === key);
    expect(line('mixed:7')).toMatchObject({ conduct_verdict: 'error', conduct_reward: -1 });
    expect(line('conduct:5')).toMatchObject({ conduct_verdict: 'ungraded', conduct_reward: -1 });
    db.prepare(
      "INSERT INTO labels (row_id, run_id, label, kind, author, created_at) VALUES ('mixed:9', 'mixed', 'fail', 'human', 'ana', ?)",
    ).run(NOW);
    expect(db.prepare("SELECT human_label FROM row_verdicts WHERE run_id = 'mixed' AND ordinal = 9").get()).toEqual({
      human_label: 'fail',
    });
  });

  it('decides pass and fail in SQL exactly as shared/domain/verdict does, at the threshold and either side of it', () => {
    const db = storeAt012();
    migrate(db, ':memory:');
    const rewards = [0, PASS_THRESHOLD - 1e-9, PASS_THRESHOLD, PASS_THRESHOLD + 1e-9, 1];
    rewards.forEach((reward, index) => {
      insertConduct(db, `conduct:${index}`, reward, 'repeated_reply');
      insertJudge(db, `mixed:${index}`, reward);
    });
    const shown = (runId: string, column: 'conduct_verdict' | 'judge_verdict') =>
      rewards.map(
        (_, index) =>
          (
            db.prepare(`SELECT ${column} AS verdict FROM row_verdicts WHERE run_id = ? AND ordinal = ?`).get(runId, index) as {
              verdict: string;
            }
          ).verdict,
      );
    const want = rewards.map((reward) => verdictOf(reward));
    expect(want).toEqual(['fail', 'fail', 'pass', 'pass', 'pass']);
    expect(shown('conduct', 'conduct_verdict')).toEqual(want);
    expect(shown('mixed', 'judge_verdict')).toEqual(want);
  });

  it('gives a row stored after the migration a line, filled as its conduct grade lands', () => {
    const db = storeAt012();
    migrate(db, ':memory:');
    db.prepare(
      `INSERT INTO rows (id, run_id, ordinal, rollout_id, scenario_id, tool, rule, stance, world_state, tool_condition, history, writer,
        turns, ended_by, duration_ms, created_at, body)
       SELECT 'conduct:900', run_id, 900, 'ro-900', scenario_id, tool, rule, stance, world_state, tool_condition, history, writer, turns,
         ended_by, duration_ms, created_at, body
         FROM rows WHERE id = 'conduct:0'`,
    ).run();
    expect(db.prepare("SELECT conduct_verdict, conduct_reward FROM row_verdicts WHERE run_id = 'conduct' AND ordinal = 900").get()).toEqual(
      {
        conduct_verdict: 'ungraded',
        conduct_reward: -1,
      },
    );
    insertConduct(db, 'conduct:900', 0.5, 'repeated_reply');
    expect(db.prepare("SELECT conduct_verdict, conduct_reward FROM row_verdicts WHERE run_id = 'conduct' AND ordinal = 900").get()).toEqual(
      {
        conduct_verdict: 'pass',
        conduct_reward: 0.5,
      },
    );
  });

  it('serves the Reward sort of a conduct-graded run, and the Judge filter and sorts of a mixed run, from one covering index each', () => {
    const db = storeAt012();
    migrate(db, ':memory:');
    expect(shownJudgeSource(db, 'conduct')).toBe('conduct');
    expect(shownJudgeSource(db, 'mixed')).toBe('either');
    for (const direction of ['asc', 'desc']) {
      const conductReward = plan(db, 'conduct', { sort: { column: 'reward', direction } });
      expect(conductReward).toContain('SEARCH v USING COVERING INDEX row_verdicts_shown_reward (run_id=?)');
      expect(conductReward).not.toMatch(/grades|TEMP B-TREE|SCAN/);
      expect(plan(db, 'mixed', { sort: { column: 'reward', direction } })).toContain(
        'SEARCH v USING COVERING INDEX row_verdicts_shown_reward (run_id=?)',
      );
      const judgeSort = plan(db, 'mixed', { sort: { column: 'judge', direction } });
      expect(judgeSort).toContain('SEARCH v USING COVERING INDEX row_verdicts_shown (run_id=?)');
      expect(judgeSort).not.toMatch(/TEMP B-TREE|SCAN/);
    }
    // One verdict in ordinal order: the page is the index's first lines; several: an ordinal set from the same index.
    const one = plan(db, 'mixed', { filters: { judge: ['pass'] } });
    expect(one).toContain('SEARCH f USING COVERING INDEX row_verdicts_shown (run_id=? AND <expr>=?)');
    expect(one).not.toMatch(/grades|SCAN|TEMP B-TREE/);
    const several = plan(db, 'mixed', { filters: { judge: ['fail', 'unsure'] } });
    expect(several).toContain('SEARCH row_verdicts USING COVERING INDEX row_verdicts_shown (run_id=? AND <expr>');
    expect(several).not.toMatch(/grades|SCAN/);
    const total = verdictCountClauses('mixed', RowsQuery.parse({ filters: { judge: ['fail', 'unsure'] } }), 'either')!;
    const countPlan = db.prepare(`EXPLAIN QUERY PLAN SELECT COUNT(*) ${total.from} ${total.where}`).all(total.parameters) as {
      detail: string;
    }[];
    expect(countPlan.map((record) => record.detail)).toEqual([
      'SEARCH row_verdicts USING COVERING INDEX row_verdicts_shown (run_id=? AND <expr>=?)',
    ]);
    const filtered = plan(db, 'mixed', { filters: { judge: ['fail'] }, sort: { column: 'reward', direction: 'asc' } });
    expect(filtered).toContain('row_verdicts_shown (run_id=? AND <expr>=?)');
    expect(filtered).toContain('row_verdicts_shown_reward');
  });

  it('finds, counts and steps through the rows of a Judge filter on a mixed run as the column shows them', () => {
    const db = storeAt012();
    migrate(db, ':memory:');
    const tools = new Map(
      (db.prepare("SELECT ordinal, tool FROM rows WHERE run_id = 'mixed'").all() as { ordinal: number; tool: string }[]).map((row) => [
        row.ordinal,
        row.tool,
      ]),
    );
    const lines = expectedLines(db)
      .filter((line) => line.key.startsWith('mixed:'))
      .map((line) => ({
        ...line,
        ordinal: Number(line.key.slice('mixed:'.length)),
        shown: line.judge_verdict !== 'ungraded' ? line.judge_verdict : line.conduct_verdict,
      }));
    const cases: [unknown, (line: (typeof lines)[number]) => boolean][] = [
      [{ filters: { judge: ['pass'] } }, (line) => line.shown === 'pass'],
      [{ filters: { judge: ['fail'] }, sort: { column: 'ordinal', direction: 'desc' } }, (line) => line.shown === 'fail'],
      [{ filters: { judge: ['fail', 'unsure'] } }, (line) => line.shown === 'fail' || line.shown === 'unsure'],
      [
        { filters: { judge: ['pass'], tool: ['get_order', 'unrelated'] } },
        (line) => line.shown === 'pass' && ['get_order', 'unrelated'].includes(tools.get(line.ordinal)!),
      ],
      [{ filters: { judge: ['pass'], conduct: ['ungraded'] } }, (line) => line.shown === 'pass' && line.conduct_verdict === 'ungraded'],
    ];
    for (const [input, matches] of cases) {
      const query = RowsQuery.parse(input);
      const want = lines.filter(matches).map((line) => `mixed:${line.ordinal}`);
      if (query.sort.direction === 'desc') want.reverse();
      expect(want.length, JSON.stringify(input)).toBeGreaterThan(5);
      const pages = [0, 40, 80, 120, 160, 200, 240, 280].map((offset) => pageRows(db, 'mixed', query, offset, 40));
      expect(
        pages.flatMap((page) => page.rows.map((row) => row.row_id)),
        JSON.stringify(input),
      ).toEqual(want);
      expect(new Set(pages.map((page) => page.total))).toEqual(new Set([want.length]));
      for (const index of [0, Math.floor(want.length / 2), want.length - 1]) {
        expect(rowNeighbours(db, 'mixed', want[index]!, query)).toEqual({
          previous: want[index - 1] ?? null,
          next: want[index + 1] ?? null,
          position: index,
          total: want.length,
        });
      }
    }
  });
});
