import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ROW_FILTER_KEYS, RowsQuery, type FacetValue, type RowFilterKey, type RowFilters, type RowSummary } from '../../../shared/api/rows';
import { storeGeneratedRun } from '../__fixtures__/generated-rows';
import { migrate } from '../migrate';
import { readHere, type ReadAll } from '../off-thread-reads';
import { rowFacets } from './row-facets-repository';
import { filteredRowFacets } from './row-facets-filtered';
import { pageRows } from './rows-page-repository';

const RUN = 'run_f';

function store(): Database.Database {
  const db = new Database(':memory:');
  migrate(db, ':memory:');
  storeGeneratedRun(db, { runId: RUN, count: 400 });
  return db;
}

/** Every row a query keeps, read page by page as the table reads them. */
function rowsOf(db: Database.Database, filters: RowFilters, search = '', runId = RUN): RowSummary[] {
  const query = RowsQuery.parse({ filters, search });
  const rows: RowSummary[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = pageRows(db, runId, query, offset, 500).rows;
    rows.push(...page);
    if (page.length < 500) return rows;
  }
}

/** Values counted the plain way, most frequent first, then by value. */
function counted(values: string[]): FacetValue[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((left, right) => right.count - left.count || (left.value < right.value ? -1 : 1));
}

/** A row's values in one column's menu as the table shows them (a row counts once per tag; no conduct rule, no entry). */
function menuValues(row: RowSummary, key: RowFilterKey): string[] {
  switch (key) {
    case 'persona_tags':
      return [...new Set(row.persona_tags)];
    case 'conduct':
      return [row.conduct?.verdict ?? 'ungraded'];
    case 'conduct_rule':
      return row.conduct?.rule ? [row.conduct.rule] : [];
    case 'judge':
      return [row.judge?.verdict ?? 'ungraded'];
    case 'label':
      return [row.label ?? 'unlabelled'];
    default:
      return [row[key]];
  }
}

/** Every menu and `without` total under `filters` as reading the rows each would keep gives them. */
async function expectMenusAsRead(db: Database.Database, runId: string, filters: RowFilters) {
  const facets = await filteredRowFacets(db, runId, { filters, search: '' });
  for (const key of ROW_FILTER_KEYS) {
    const { [key]: _left, ...others } = filters;
    expect(facets.columns[key], key).toEqual(counted(rowsOf(db, others, '', runId).flatMap((row) => menuValues(row, key))));
  }
  const without = Object.fromEntries(
    Object.keys(filters).map((key) => {
      const { [key as RowFilterKey]: _left, ...others } = filters;
      return [key, rowsOf(db, others, '', runId).length];
    }),
  );
  expect(facets.without).toEqual(without);
  expect(pageRows(db, runId, RowsQuery.parse({ filters }), 0, 10).total).toBe(rowsOf(db, filters, '', runId).length);
}

describe('filter menus under the other filters', () => {
  it('counts each column over the rows every other active filter keeps, as reading those rows does', async () => {
    const db = store();
    const filters: RowFilters = { stance: ['hurried', 'hostile'], tool: ['get_order', 'issue_refund'], label: ['unlabelled'] };
    const facets = await filteredRowFacets(db, RUN, { filters, search: '' });
    const { stance: _stance, ...withoutStance } = filters;
    const { tool: _tool, ...withoutTool } = filters;
    const { label: _label, ...withoutLabel } = filters;
    expect(facets.columns.stance).toEqual(counted(rowsOf(db, withoutStance).map((row) => row.stance)));
    expect(facets.columns.tool).toEqual(counted(rowsOf(db, withoutTool).map((row) => row.tool)));
    expect(facets.columns.label).toEqual(counted(rowsOf(db, withoutLabel).map((row) => row.label ?? 'unlabelled')));
    const all = rowsOf(db, filters);
    expect(facets.total).toBe(400);
    expect(facets.columns.world_state).toEqual(counted(all.map((row) => row.world_state)));
    expect(facets.columns.conduct).toEqual(counted(all.map((row) => row.conduct?.verdict ?? 'ungraded')));
    const tagged = new Map<string, Set<string>>();
    for (const row of all) for (const tag of row.persona_tags) tagged.set(tag, (tagged.get(tag) ?? new Set()).add(row.row_id));
    expect(facets.columns.persona_tags).toEqual(counted([...tagged].flatMap(([tag, rows]) => [...rows].map(() => tag))));
    expect(facets.without).toEqual({
      stance: rowsOf(db, withoutStance).length,
      tool: rowsOf(db, withoutTool).length,
      label: rowsOf(db, withoutLabel).length,
    });
  });

  it('counts the columns of rows under filters on those columns alone (kept counts) as reading the rows does', async () => {
    const db = store();
    const filters: RowFilters = { stance: ['hurried', 'hostile'], tool: ['get_order', 'issue_refund'] };
    const facets = await filteredRowFacets(db, RUN, { filters, search: '' });
    const all = rowsOf(db, filters);
    expect(all.length).toBeGreaterThan(0);
    const { stance: _stance, ...withoutStance } = filters;
    expect(facets.columns.stance).toEqual(counted(rowsOf(db, withoutStance).map((row) => row.stance)));
    for (const key of ['rule', 'world_state', 'tool_condition', 'history', 'writer', 'ended_by'] as const)
      expect(facets.columns[key], key).toEqual(counted(all.map((row) => row[key])));
    expect(facets.columns.judge).toEqual(counted(all.map((row) => row.judge?.verdict ?? 'ungraded')));
    expect(facets.columns.label).toEqual(counted(all.map((row) => row.label ?? 'unlabelled')));
    expect(facets.columns.conduct).toEqual(counted(all.map((row) => row.conduct?.verdict ?? 'ungraded')));
    expect(facets.without).toEqual({ stance: rowsOf(db, withoutStance).length, tool: rowsOf(db, { stance: filters.stance }).length });
    expect(pageRows(db, RUN, RowsQuery.parse({ filters }), 0, 10).total).toBe(all.length);
  });

  it('counts every menu under a verdict filter, alone and with a filter on rows (kept counts), as reading the rows does', async () => {
    const db = store();
    expect(rowsOf(db, { judge: ['fail'] }).length).toBeGreaterThan(10);
    await expectMenusAsRead(db, RUN, { judge: ['fail'] });
    await expectMenusAsRead(db, RUN, { judge: ['fail', 'pass'], stance: ['hurried', 'hostile'] });
    await expectMenusAsRead(db, RUN, {
      conduct: ['fail'],
      conduct_rule: rowFacets(db, RUN).columns.conduct_rule!.map((facet) => facet.value),
    });
    await expectMenusAsRead(db, RUN, { label: ['unlabelled'], tool: ['get_order'], judge: ['ungraded'] });
  });

  it('counts the persona tags menu from the kept counts, reading no rows, under a verdict filter, a rows filter and both', async () => {
    const db = store();
    const noRows: ReadAll = async (sql) => {
      throw new Error(`read the rows: ${sql}`);
    };
    const cases: RowFilters[] = [
      { judge: ['fail'] },
      { stance: ['hurried', 'hostile'] },
      { judge: ['fail', 'pass'], stance: ['hurried', 'hostile'], label: ['unlabelled'] },
      { conduct: ['fail'], persona_tags: [rowFacets(db, RUN).columns.persona_tags![0]!.value] },
    ];
    for (const filters of cases) {
      const { persona_tags: _tags, ...others } = filters;
      const read = Object.keys(filters).includes('persona_tags') ? readHere(db) : noRows;
      const facets = await filteredRowFacets(db, RUN, { filters, search: '' }, read);
      expect(facets.columns.persona_tags, JSON.stringify(filters)).toEqual(
        counted(rowsOf(db, others).flatMap((row) => menuValues(row, 'persona_tags'))),
      );
      expect(facets.columns.persona_tags!.length).toBeGreaterThan(0);
    }
  });

  it('counts the Judge menu and filter as the shown verdict of a run only the conduct checks graded', async () => {
    const db = store();
    storeGeneratedRun(db, { runId: 'conduct_only', count: 200 });
    db.prepare("DELETE FROM grades WHERE run_id = 'conduct_only' AND label_source <> 'conduct'").run();
    await expectMenusAsRead(db, 'conduct_only', { judge: ['fail'] });
    await expectMenusAsRead(db, 'conduct_only', {
      judge: ['pass'],
      world_state: [rowFacets(db, 'conduct_only').columns.world_state![0]!.value],
    });
  });

  it('says how many rows each filter alone holds back when two of them together keep none', async () => {
    const db = store();
    const [tag] = rowFacets(db, RUN).columns.persona_tags!;
    const hurried = rowsOf(db, { stance: ['hurried'] });
    const absent = rowFacets(db, RUN).columns.tool!.find((facet) => !hurried.some((row) => row.tool === facet.value));
    const filters: RowFilters = { stance: ['hurried'], persona_tags: [tag!.value], ...(absent ? { tool: [absent.value] } : {}) };
    const facets = await filteredRowFacets(db, RUN, { filters, search: '' });
    expect(facets.without?.stance).toBe(rowsOf(db, { ...filters, stance: [] }).length);
    if (absent) expect(rowsOf(db, filters)).toEqual([]);
  });

  it('gives the run’s plain counts when no filter or search is active', async () => {
    const db = store();
    expect(await filteredRowFacets(db, RUN, { filters: {}, search: '' })).toEqual(rowFacets(db, RUN));
  });
});
