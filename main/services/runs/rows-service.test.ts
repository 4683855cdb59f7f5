import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contract, type MethodOutput } from '../../../shared/api';
import { dispatch } from '../../api/dispatch';
import { GENERATED_SPEC, storeGeneratedRun } from '../../store/__fixtures__/generated-rows';
import { filteredRowFacets } from '../../store/rows/row-facets-filtered';
import { closeAppContext, createAppContext, type AppContext } from '../app/app-context';

let context: AppContext | undefined;
afterEach(async () => {
  if (context) await closeAppContext(context);
  context = undefined;
});

function contextWithRun(count = 60): AppContext {
  context = createAppContext({ dataDir: mkdtempSync(join(tmpdir(), 'while-rows-')), mode: 'browser' });
  storeGeneratedRun(context.db, { runId: 'run_a', count });
  return context;
}

async function call<M extends 'rows.page' | 'rows.facets' | 'rows.get'>(method: M, input: unknown): Promise<MethodOutput<M>> {
  const result = await dispatch(context!, method, input);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return contract[method].output.parse(result.value) as MethodOutput<M>;
}

describe('rows service', () => {
  it("pages a run with the contract's defaults: plan order, 100 rows, the filtered total", async () => {
    contextWithRun(150);
    const page = await call('rows.page', { run_id: 'run_a' });
    expect(page).toMatchObject({ total: 150, offset: 0 });
    expect(page.rows).toHaveLength(100);
    const filtered = await call('rows.page', { run_id: 'run_a', filters: { conduct: ['fail'] }, offset: 0, limit: 5 });
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.rows.every((row) => row.conduct?.verdict === 'fail' && row.conduct.rule !== null)).toBe(true);
  });

  it('answers NOT_FOUND for a run or conversation that is not there, and refuses an unknown filter', async () => {
    contextWithRun(3);
    const missingRun = await dispatch(context!, 'rows.page', { run_id: 'nope' });
    expect(missingRun).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: 'There is no run nope.' } });
    const missingRow = await dispatch(context!, 'rows.get', { row_id: 'run_a:99' });
    expect(missingRow).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const unknown = await dispatch(context!, 'rows.page', { run_id: 'run_a', filters: { colour: ['red'] } });
    expect(unknown).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });

  it("gives a conversation with its grades, labels, the run's system prompt and tools, and its neighbours", async () => {
    contextWithRun(40);
    const first = await call('rows.page', {
      run_id: 'run_a',
      filters: { conduct: ['fail'] },
      sort: { column: 'ordinal', direction: 'desc' },
    });
    const middle = first.rows[1]!;
    const detail = await call('rows.get', {
      row_id: middle.row_id,
      query: { filters: { conduct: ['fail'] }, sort: { column: 'ordinal', direction: 'desc' } },
    });
    expect(detail.row.ordinal).toBe(middle.ordinal);
    expect(detail.system_prompt).toBe(GENERATED_SPEC.system_prompt);
    expect(detail.tools.map((tool) => tool.name)).toEqual(GENERATED_SPEC.tools.map((tool) => tool.name));
    const conduct = detail.grades.find((grade) => grade.label_source === 'conduct')!;
    expect(conduct).toMatchObject({ reward: 0, span: { message_index: 3, start: 0 } });
    expect(detail.neighbours).toEqual({
      previous: first.rows[0]!.row_id,
      next: first.rows[2]?.row_id ?? null,
      position: 1,
      total: first.total,
    });
  });

  it("counts each filter menu's values", async () => {
    contextWithRun(80);
    const facets = await call('rows.facets', { run_id: 'run_a' });
    expect(facets.total).toBe(80);
    expect(facets.columns.stance.reduce((sum, facet) => sum + facet.count, 0)).toBe(80);
    expect(facets.columns.conduct.reduce((sum, facet) => sum + facet.count, 0)).toBe(80);
    expect(facets.sources.find((source) => source.label_source === 'conduct')?.rows).toBeGreaterThan(0);
  });

  it('counts the menus under a Judge filter on the reader thread as on this one, and sees rows stored since', async () => {
    contextWithRun(90);
    const query = { filters: { judge: ['fail' as const], stance: ['hurried'] }, search: '' };
    const facets = await call('rows.facets', { run_id: 'run_a', ...query });
    expect(facets).toEqual(await filteredRowFacets(context!.db, 'run_a', query));
    expect(facets.columns.tool.reduce((sum, facet) => sum + facet.count, 0)).toBe(
      (await call('rows.page', { run_id: 'run_a', ...query, limit: 1 })).total,
    );
    storeGeneratedRun(context!.db, { runId: 'run_b', count: 30 });
    const other = await call('rows.facets', { run_id: 'run_b', ...query });
    expect(other).toEqual(await filteredRowFacets(context!.db, 'run_b', query));
    expect(other.without?.judge).toBe((await call('rows.page', { run_id: 'run_b', filters: { stance: ['hurried'] }, limit: 1 })).total);
  });
});
