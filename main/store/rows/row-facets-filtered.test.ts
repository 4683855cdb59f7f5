import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { RowsQuery, type FacetValue, type RowFilters, type RowSummary } from '../../../shared/api/rows';
import { storeGeneratedRun } from '../__fixtures__/generated-rows';
import { migrate } from '../migrate';
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
function rowsOf(db: Database.Database, filters: RowFilters, search = ''): RowSummary[] {
  const query = RowsQuery.parse({ filters, search });
  const rows: RowSummary[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = pageRows(db, RUN, query, offset, 500).rows;
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
