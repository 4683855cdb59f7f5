import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GradesRunInput } from '../../../shared/api/grades';
import { closeAppContext, createAppContext, type AppContext } from '../../services/app/app-context';
import { executeGrading } from '../../services/grading/grade-executor';
import { planGrading } from '../../services/grading/grading-service';
import { simulateOfflineRun, storeCraftedRun, storeJudgeGrades } from '../../test-support/grading-run';
import { RowsQuery, ROW_SORT_COLUMNS, type RowFilterKey, type RowSummary } from '../../../shared/api/rows';
import { STANCES } from '../../../shared/domain';
import { generatedRow, GENERATED_TOOLS, storeGeneratedRun } from '../__fixtures__/generated-rows';
import { openDatabase, type Db } from '../database';
import { rowFacets } from './row-facets-repository';
import { MATCH_AFTER_CHARS, MATCH_BEFORE_CHARS } from './row-match-snippet';
import { countMatchingRows, pageIdsSql, pageRows, rowNeighbours } from './rows-page-repository';
import { shownJudgeSource } from './rows-query';

const COUNT = 700;
let db: Db;

/** What a person would expect of each row, computed without the store's SQL: the reference the queries must match. */
interface Expected {
  row_id: string;
  ordinal: number;
  values: Record<RowFilterKey, string[]>;
  sortKeys: Record<string, string | number>;
  tokens: string[];
}
let expected: Expected[];

function latest(db: Db, rowId: string, condition: string) {
  return db
    .prepare(`SELECT reward, unsure, judge_meta FROM grades WHERE row_id = ? AND ${condition} ORDER BY id DESC LIMIT 1`)
    .get(rowId) as { reward: number | null; unsure: number; judge_meta: string } | undefined;
}

function buildExpected(): Expected[] {
  return Array.from({ length: COUNT }, (_, ordinal) => {
    const row = generatedRow(ordinal);
    const rowId = `bench:${ordinal}`;
    const conduct = latest(db, rowId, "label_source = 'conduct'");
    const judge = latest(db, rowId, "label_source <> 'conduct'");
    const label = db.prepare("SELECT label FROM labels WHERE row_id = ? AND kind = 'human' ORDER BY id DESC LIMIT 1").get(rowId) as
      { label: string } | undefined;
    const conductVerdict = !conduct ? 'ungraded' : conduct.reward === null ? 'error' : conduct.reward >= 0.5 ? 'pass' : 'fail';
    // The Judge and Reward columns show the latest judge grade, else the latest conduct grade.
    const judgeVerdict = !judge
      ? conductVerdict
      : judge.unsure
        ? 'unsure'
        : judge.reward === null
          ? 'error'
          : judge.reward >= 0.5
            ? 'pass'
            : 'fail';
    const shownReward = (judge ? judge.reward : conduct ? conduct.reward : null) ?? -1;
    const conductRule = conduct ? ((JSON.parse(conduct.judge_meta) as { rule?: string }).rule ?? '') : '';
    const dimensions = row.situation.dimensions;
    const turns = row.messages.filter((message) => message.role === 'user' || message.role === 'assistant').length;
    return {
      row_id: rowId,
      ordinal,
      values: {
        ...Object.fromEntries(Object.entries(dimensions).map(([axis, value]) => [axis, [value]])),
        writer: [row.writer],
        ended_by: [row.ended_by],
        persona_tags: row.persona.tags,
        conduct: [conductVerdict],
        conduct_rule: [conductRule],
        judge: [judgeVerdict],
        label: [label?.label ?? 'unlabelled'],
      } as Record<RowFilterKey, string[]>,
      sortKeys: {
        ...dimensions,
        ordinal,
        scenario_id: row.situation.scenario_id,
        writer: row.writer,
        turns,
        ended_by: row.ended_by,
        conduct: conductVerdict,
        conduct_rule: conductRule,
        reward: shownReward,
        judge: judgeVerdict,
        label: label?.label ?? 'unlabelled',
      },
      tokens: tokensOf([row.prompt, ...row.messages.map((message) => message.content), row.final_text].join(' ')),
    };
  });
}

function tokensOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}_]+/u)
    .filter(Boolean);
}

/** Each typed word (quotes dropped) is a phrase of its tokens, the last one a prefix, as the search box promises. */
function hasPhrase(tokens: string[], phrase: string[]): boolean {
  return tokens.some((_, start) =>
    phrase.every((word, index) => (index === phrase.length - 1 ? tokens[start + index]?.startsWith(word) : tokens[start + index] === word)),
  );
}

/** The reference answer: filter, word-prefix search and sort with the ordinal as tie-break, in plain code. */
function reference(query: RowsQuery): string[] {
  const phrases = query.search
    .split(/\s+/)
    .map((word) => tokensOf(word.replaceAll('"', '')))
    .filter((phrase) => phrase.length > 0);
  const matches = expected.filter(
    (row) =>
      Object.entries(query.filters).every(
        ([key, values]) => !values?.length || row.values[key as RowFilterKey].some((value) => (values as string[]).includes(value)),
      ) && phrases.every((phrase) => hasPhrase(row.tokens, phrase)),
  );
  const sign = query.sort.direction === 'asc' ? 1 : -1;
  return matches
    .sort((a, b) => {
      const left = a.sortKeys[query.sort.column]!;
      const right = b.sortKeys[query.sort.column]!;
      const byKey = left < right ? -1 : left > right ? 1 : 0;
      return sign * (byKey || a.ordinal - b.ordinal);
    })
    .map((row) => row.row_id);
}

function allPages(query: RowsQuery, limit: number): { ids: string[]; totals: number[] } {
  const ids: string[] = [];
  const totals: number[] = [];
  for (let offset = 0; ; offset += limit) {
    const page = pageRows(db, 'bench', query, offset, limit);
    totals.push(page.total);
    ids.push(...page.rows.map((row) => row.row_id));
    if (page.rows.length < limit) return { ids, totals };
  }
}

beforeAll(() => {
  db = openDatabase(':memory:');
  storeGeneratedRun(db, { runId: 'bench', count: COUNT });
  storeGeneratedRun(db, { runId: 'other', count: 50 });
  expected = buildExpected();
});

describe('rows pages', () => {
  it('give the first page of a run in plan order with its total, leaving other runs out', () => {
    const page = pageRows(db, 'bench', RowsQuery.parse({}), 0, 100);
    expect(page.total).toBe(COUNT);
    expect(page.rows.map((row) => row.ordinal)).toEqual(Array.from({ length: 100 }, (_, index) => index));
    const first = page.rows[0]!;
    const row = generatedRow(0);
    expect(first).toMatchObject<Partial<RowSummary>>({
      row_id: 'bench:0',
      stance: row.situation.dimensions.stance,
      persona_tags: row.persona.tags,
      turns: 3,
      prompt: row.prompt.slice(0, 160),
    });
  });

  it('filter by an axis, a tag, a verdict and a label, each with its count', () => {
    const cases: RowsQuery['filters'][] = [
      { stance: ['hurried'] },
      { tool: ['get_order', 'issue_refund'] },
      { persona_tags: ['texture:lowercase'] },
      { conduct: ['fail'] },
      { conduct: ['ungraded'] },
      { conduct_rule: ['invented_identifier'] },
      { judge: ['unsure', 'error'] },
      { label: ['pass', 'fail'] },
      { stance: ['hurried'], tool: [GENERATED_TOOLS[0]!], conduct: ['pass'] },
    ];
    for (const filters of cases) {
      const query = RowsQuery.parse({ filters });
      const want = reference(query);
      expect(want.length, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(allPages(query, 500).ids, JSON.stringify(filters)).toEqual(want);
      expect(countMatchingRows(db, 'bench', query)).toBe(want.length);
    }
  });

  it('search prompts, messages and final texts word by word, as prefixes, ignoring query syntax', () => {
    for (const search of ['refund', 'A1000', 'parcel hurried', 'Done confirmation', '"order', 'NEAR(a b)', 'zzzz-nothing']) {
      const query = RowsQuery.parse({ search });
      expect(allPages(query, 500).ids, search).toEqual(reference(query));
    }
  });

  it('say where each searched row matched, as the transcript numbers its turns, only when there is a search', () => {
    expect(pageRows(db, 'bench', RowsQuery.parse({}), 0, 50).rows.every((row) => row.match === undefined)).toBe(true);
    for (const search of ['refund', 'Confirmation done', 'A1000']) {
      const word = search.split(' ')[0]!.toLowerCase();
      const page = pageRows(db, 'bench', RowsQuery.parse({ search }), 0, 100);
      expect(page.rows.length, search).toBeGreaterThan(0);
      for (const summary of page.rows) {
        const match = summary.match;
        expect(match, `${search} ${summary.row_id}`).toBeTruthy();
        expect(match!.hit.toLowerCase()).toBe(word);
        const row = generatedRow(summary.ordinal);
        const texts = row.messages.flatMap((message, index) => {
          const turn = row.messages.slice(0, index + 1).filter((each) => each.role === 'user' || each.role === 'assistant').length;
          const calls =
            message.role === 'assistant'
              ? (message.tool_calls ?? []).map((call) => ({
                  in: 'tool_call',
                  turn,
                  text: `${call.name} ${JSON.stringify(call.arguments)}`,
                }))
              : [];
          return [
            { in: message.role === 'tool' ? 'tool_answer' : 'message', turn: message.role === 'tool' ? null : turn, text: message.content },
            ...calls,
          ];
        });
        const first = [...texts, { in: 'final_text', turn: null, text: row.final_text }].find((text) =>
          text.text.toLowerCase().includes(word),
        )!;
        expect({ in: match!.in, turn: match!.turn }).toEqual({ in: first.in, turn: first.turn });
        const shown = `${match!.before.replace(/^…/, '')}${match!.hit}${match!.after.replace(/…$/, '')}`;
        expect(first.text.replace(/[\r\n]/g, ' ')).toContain(shown);
        expect(shown.length).toBeLessThanOrEqual(MATCH_BEFORE_CHARS + word.length + MATCH_AFTER_CHARS);
      }
    }
  });

  it('sort by every sortable column both ways, ties in ordinal order, pages adding up to the total', () => {
    for (const column of ROW_SORT_COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const query = RowsQuery.parse({ filters: { stance: [...STANCES.slice(0, 4)] }, sort: { column, direction } });
        const { ids, totals } = allPages(query, 120);
        expect(ids, `${column} ${direction}`).toEqual(reference(query));
        expect(new Set(totals)).toEqual(new Set([ids.length]));
      }
    }
  });

  it('agree with the reference for any combination of filters, search and sort', () => {
    const values = (key: RowFilterKey) => [...new Set(expected.flatMap((row) => row.values[key]))].filter(Boolean);
    const filterKeys: RowFilterKey[] = ['tool', 'stance', 'writer', 'persona_tags', 'conduct', 'judge', 'label', 'world_state'];
    const filters = fc.record(
      Object.fromEntries(filterKeys.map((key) => [key, fc.subarray(values(key), { minLength: 1, maxLength: 3 })])) as Record<
        RowFilterKey,
        fc.Arbitrary<string[]>
      >,
      { requiredKeys: [] },
    );
    const arbitraryQuery = fc.record({
      filters,
      search: fc.constantFrom('', 'refund', 'order', 'Hello', 'reach'),
      sort: fc.record({ column: fc.constantFrom(...ROW_SORT_COLUMNS), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
    });
    fc.assert(
      fc.property(arbitraryQuery, fc.nat({ max: 250 }), (input, offset) => {
        const query = RowsQuery.parse(input);
        const want = reference(query);
        const page = pageRows(db, 'bench', query, offset, 50);
        expect(page.total).toBe(want.length);
        expect(page.rows.map((row) => row.row_id)).toEqual(want.slice(offset, offset + 50));
      }),
      { numRuns: 40 },
    );
  });

  it('give each row its neighbours and position in the query, at the ends too', () => {
    const query = RowsQuery.parse({ filters: { tool: ['get_order', 'unrelated'] }, sort: { column: 'reward', direction: 'desc' } });
    const order = reference(query);
    for (const index of [0, 1, Math.floor(order.length / 2), order.length - 1]) {
      expect(rowNeighbours(db, 'bench', order[index]!, query)).toEqual({
        previous: order[index - 1] ?? null,
        next: order[index + 1] ?? null,
        position: index,
        total: order.length,
      });
    }
    const outside = expected.find((row) => !order.includes(row.row_id))!;
    expect(rowNeighbours(db, 'bench', outside.row_id, query)).toMatchObject({ position: null, total: order.length });
    expect(rowNeighbours(db, 'other', 'bench:0', query)).toBeNull();
  });

  it("count each filter menu's values over the whole run", () => {
    const facets = rowFacets(db, 'bench');
    expect(facets.total).toBe(COUNT);
    for (const key of ['stance', 'persona_tags', 'conduct', 'judge', 'label', 'conduct_rule'] as RowFilterKey[]) {
      const counts = new Map<string, number>();
      for (const row of expected)
        for (const value of new Set(row.values[key])) if (value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
      expect(new Map(facets.columns[key].map((facet) => [facet.value, facet.count])), key).toEqual(counts);
    }
    expect(facets.sources.map((source) => source.judge_name).sort()).toEqual(['conduct', 'rubric-judge']);
  });
});

describe('a run graded by the conduct checks alone', () => {
  let graded: { context: AppContext; runId: string };
  beforeAll(async () => {
    const context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-rows-page-')), mode: 'browser' });
    const runId = await simulateOfflineRun(context, 30, 7);
    const outcome = await executeGrading({ db: context.db, plan: planGrading(context, GradesRunInput.parse({ run_id: runId })) });
    expect(outcome.status).toBe('completed');
    graded = { context, runId };
    return () => closeAppContext(context);
  });

  const stored = () =>
    graded.context.db
      .prepare("SELECT row_id, reward, judge_name FROM grades WHERE run_id = ? AND label_source = 'conduct'")
      .all(graded.runId) as {
      row_id: string;
      reward: number | null;
      judge_name: string;
    }[];

  it('shows its verdicts and rewards in the Judge and Reward columns, named by who made them', () => {
    const grades = new Map(stored().map((grade) => [grade.row_id, grade]));
    expect(grades.size).toBe(30);
    const page = pageRows(graded.context.db, graded.runId, RowsQuery.parse({}), 0, 100);
    expect(page.rows).toHaveLength(30);
    for (const row of page.rows) {
      const grade = grades.get(row.row_id)!;
      const verdict = grade.reward === null ? 'error' : grade.reward >= 0.5 ? 'pass' : 'fail';
      expect(row.judge, row.row_id).toMatchObject({ verdict, reward: grade.reward, name: 'conduct', status: 'ok' });
      expect(row.conduct?.verdict).toBe(verdict);
    }
    expect(new Set(page.rows.map((row) => row.judge!.verdict))).toEqual(new Set(['pass', 'fail']));
  });

  it('offers those verdicts in the Judge filter, which finds the same rows as the Conduct filter', () => {
    const facets = rowFacets(graded.context.db, graded.runId);
    expect(facets.columns.judge.map((facet) => facet.value).sort()).toEqual(['fail', 'pass']);
    expect(facets.columns.judge).toEqual(facets.columns.conduct);
    for (const verdict of ['pass', 'fail'] as const) {
      const byJudge = pageRows(graded.context.db, graded.runId, RowsQuery.parse({ filters: { judge: [verdict] } }), 0, 100);
      const byConduct = pageRows(graded.context.db, graded.runId, RowsQuery.parse({ filters: { conduct: [verdict] } }), 0, 100);
      expect(byJudge.rows.map((row) => row.row_id)).toEqual(byConduct.rows.map((row) => row.row_id));
      expect(byJudge.total).toBe(facets.columns.judge.find((facet) => facet.value === verdict)!.count);
    }
    expect(pageRows(graded.context.db, graded.runId, RowsQuery.parse({ filters: { judge: ['ungraded'] } }), 0, 100).total).toBe(0);
  });

  it('reads the conduct index for the Judge filter and sort, as for the Conduct column', () => {
    const { db } = graded.context;
    expect(shownJudgeSource(db, graded.runId)).toBe('conduct');
    const plan = (input: unknown) => {
      const page = pageIdsSql(graded.runId, RowsQuery.parse(input), 'conduct');
      return (db.prepare(`EXPLAIN QUERY PLAN ${page.sql}`).all({ ...page.parameters, limit: 100, offset: 0 }) as { detail: string }[])
        .map((record) => record.detail)
        .join(' | ');
    };
    expect(plan({ filters: { judge: ['fail'] } })).toBe(plan({ filters: { conduct: ['fail'] } }));
    expect(plan({ filters: { judge: ['fail'] } })).toContain('COVERING INDEX row_verdicts_conduct');
    expect(plan({ sort: { column: 'judge', direction: 'asc' } })).toBe(plan({ sort: { column: 'conduct', direction: 'asc' } }));
  });

  it('steps to the next and previous conversation in the Judge order', () => {
    const query = RowsQuery.parse({ sort: { column: 'judge', direction: 'desc' } });
    const order = pageRows(graded.context.db, graded.runId, query, 0, 100).rows.map((row) => row.row_id);
    expect(rowNeighbours(graded.context.db, graded.runId, order[5]!, query)).toEqual({
      previous: order[4],
      next: order[6],
      position: 5,
      total: 30,
    });
  });

  it('sorts by the conduct reward', () => {
    const page = pageRows(graded.context.db, graded.runId, RowsQuery.parse({ sort: { column: 'reward', direction: 'desc' } }), 0, 100);
    const rewards = page.rows.map((row) => row.judge!.reward ?? -1);
    expect(rewards).toEqual([...rewards].sort((a, b) => b - a));
    expect(rewards[0]).toBe(1);
  });
});

describe('which grades the Judge column shows', () => {
  it("a judge's where one graded the row, else the conduct checks', reading one index when a run is all one or the other", () => {
    const local = openDatabase(':memory:');
    const ids = storeCraftedRun(local, 'crafted', 4);
    expect(shownJudgeSource(local, 'crafted')).toBe('conduct');
    storeJudgeGrades(local, ids.slice(0, 2), 'rubric-judge', '1', [0.9, 0.2]);
    expect(shownJudgeSource(local, 'crafted')).toBe('judges');
    const conduct = (rowId: string, reward: number) =>
      local
        .prepare(
          `INSERT INTO grades (row_id, run_id, reward, reason, judge_status, label_source, judge_name, failure_class, unsure, span,
            judge_meta, provenance, created_at)
           VALUES (?, 'crafted', ?, 'r', 'ok', 'conduct', 'conduct', NULL, 0, NULL, '{"rule":"conforms"}',
             '{"judge":"conduct","model":null,"rubric_hash":null,"settings":{},"version":"1"}', '2026-11-01')`,
        )
        .run(rowId, reward);
    conduct(ids[0]!, 0);
    conduct(ids[2]!, 1);
    expect(shownJudgeSource(local, 'crafted')).toBe('either');
    const rows = pageRows(local, 'crafted', RowsQuery.parse({ sort: { column: 'reward', direction: 'desc' } }), 0, 10).rows;
    expect(rows.map((row) => [row.ordinal, row.judge?.name ?? null, row.judge?.verdict ?? null, row.judge?.reward ?? null])).toEqual([
      [2, 'conduct', 'pass', 1],
      [0, 'rubric-judge', 'pass', 0.9],
      [1, 'rubric-judge', 'fail', 0.2],
      [3, null, null, null],
    ]);
    expect(rowFacets(local, 'crafted').columns.judge).toEqual([
      { value: 'pass', count: 2 },
      { value: 'fail', count: 1 },
      { value: 'ungraded', count: 1 },
    ]);
    expect(pageRows(local, 'crafted', RowsQuery.parse({ filters: { judge: ['pass'] } }), 0, 10).rows.map((row) => row.ordinal)).toEqual([
      0, 2,
    ]);
    local.close();
  });
});

describe('rows query plans', () => {
  const plan = (input: unknown) => {
    const page = pageIdsSql('bench', RowsQuery.parse(input), shownJudgeSource(db, 'bench'));
    return (db.prepare(`EXPLAIN QUERY PLAN ${page.sql}`).all({ ...page.parameters, limit: 100, offset: 0 }) as { detail: string }[])
      .map((record) => record.detail)
      .join(' | ');
  };

  it('read the first page from the (run_id, ordinal) index with no sort and no row bodies', () => {
    expect(plan({})).toMatch(/^SEARCH rows USING COVERING INDEX sqlite_autoindex_rows_2 \(run_id=\?\)$/);
    expect(plan({ sort: { column: 'ordinal', direction: 'desc' } })).toMatch(
      /^SEARCH rows USING COVERING INDEX sqlite_autoindex_rows_2 \(run_id=\?\)$/,
    );
  });

  it("filter by an axis through that axis's index, already in order", () => {
    expect(plan({ filters: { stance: ['hurried'] } })).toBe('SEARCH rows USING COVERING INDEX rows_stance (run_id=? AND stance=?)');
  });

  it('intersect further filters through their own covering indexes', () => {
    const detail = plan({ filters: { stance: ['hurried'], tool: ['get_order', 'unrelated'], conduct: ['fail'] } });
    expect(detail).toContain('rows_stance');
    expect(detail).toContain('COVERING INDEX rows_tool');
    expect(detail).toContain('COVERING INDEX row_verdicts_conduct');
    expect(detail).not.toMatch(/SCAN rows|TEMP B-TREE/);
  });

  it('sort by a column or a verdict through its index', () => {
    expect(plan({ sort: { column: 'tool', direction: 'asc' } })).toBe('SEARCH rows USING COVERING INDEX rows_tool (run_id=?)');
    const conduct = plan({ sort: { column: 'conduct', direction: 'desc' } });
    expect(conduct).toContain('SEARCH v USING COVERING INDEX row_verdicts_conduct (run_id=?)');
    expect(conduct).not.toContain('TEMP B-TREE');
  });

  it('sort by the shown reward through its index, without reading a row body or a grade', () => {
    const reward = plan({ sort: { column: 'reward', direction: 'desc' } });
    expect(reward).toContain('SEARCH v USING COVERING INDEX row_verdicts_shown_reward (run_id=?)');
    expect(reward).not.toMatch(/SCAN rows(?! USING COVERING)|grades|TEMP B-TREE/);
  });

  it('filter by the shown Judge verdict through its index', () => {
    const detail = plan({ filters: { judge: ['pass'] } });
    expect(detail).toContain('COVERING INDEX row_verdicts_shown (run_id=? AND <expr>=?)');
    expect(detail).not.toMatch(/SCAN (rows|row_verdicts)\b(?! USING COVERING)/);
  });

  it('search through the full-text index, never scanning the rows', () => {
    const detail = plan({ search: 'refund' });
    expect(detail).toContain('row_search VIRTUAL TABLE');
    expect(detail).not.toMatch(/SCAN rows/);
  });
});
