import type { Result } from '../../../shared/api';
import type { ExportSelectionInput } from '../../../shared/api/exports';
import { ROW_FILTER_KEYS, type RowFilterKey, type RowsQuery } from '../../../shared/api/rows';
import { AXES, type Axis } from '../../../shared/domain';
import type { ApiClient } from '../../api/client';

/** Where the Export action was taken: a whole run, the conversations table (its filter or its checked rows), or a coverage cell. */
export type ExportSource =
  | { kind: 'run'; run_id: string; run_name: string }
  | { kind: 'table'; run_id: string; run_name: string; query: RowsQuery; row_ids: readonly string[] }
  | { kind: 'cell'; run_id: string; run_name: string; cell: Partial<Record<Axis, string>> };

/** The most rows an explicit selection may name (the contract's limit). */
export const MAX_ROW_IDS = 100_000;
/** Rows read per page while turning a table filter the export cannot express into row ids. */
const RESOLVE_PAGE = 500;

const AXIS_NAMES: Readonly<Record<Axis, string>> = {
  tool: 'Tool',
  rule: 'Policy rule',
  stance: 'Stance',
  world_state: 'World state',
  tool_condition: 'Tool condition',
  history: 'History',
};

const FILTER_NAMES: Readonly<Record<RowFilterKey, string>> = {
  ...AXIS_NAMES,
  persona_tags: 'Persona tags',
  writer: 'Writer',
  ended_by: 'Ended by',
  conduct: 'Conduct',
  conduct_rule: 'Conduct rule',
  judge: 'Judge',
  label: 'Label',
};

/** The table filters the export selection expresses with the same meaning: the six axes and the writer. */
const EXPRESSIBLE = new Set<RowFilterKey>([...AXES, 'writer']);

const activeFilters = (query: RowsQuery) => ROW_FILTER_KEYS.filter((key) => (query.filters[key]?.length ?? 0) > 0);

/** What the dialog says it exports, in words. */
export function describeSource(source: ExportSource): string {
  switch (source.kind) {
    case 'run':
      return `The whole run “${source.run_name}”.`;
    case 'table': {
      if (source.row_ids.length > 0) return `${source.row_ids.length.toLocaleString()} conversations checked in the table.`;
      const parts = activeFilters(source.query).map((key) => `${FILTER_NAMES[key]}: ${source.query.filters[key]!.join(', ')}`);
      if (source.query.search) parts.push(`search “${source.query.search}”`);
      return parts.length === 0 ? `Every conversation of “${source.run_name}”.` : `The conversations table’s filter — ${parts.join('; ')}.`;
    }
    case 'cell': {
      const parts = AXES.filter((axis) => source.cell[axis] !== undefined).map((axis) => `${AXIS_NAMES[axis]} ${source.cell[axis]}`);
      return `The coverage cell ${parts.join(' × ')} of “${source.run_name}”.`;
    }
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

/**
 * The selection the source describes, when the contract can say it directly; null when the table's filter uses
 * columns an export cannot filter on with the same meaning (search, persona tags, verdict columns...), whose rows
 * must be read into ids first (`resolveRowIds`).
 */
export function directSelection(source: ExportSource): ExportSelectionInput | null {
  switch (source.kind) {
    case 'run':
      return { run_id: source.run_id };
    case 'cell':
      return { run_id: source.run_id, cell: { ...source.cell } };
    case 'table': {
      if (source.row_ids.length > 0) return { run_id: source.run_id, row_ids: [...source.row_ids] };
      const active = activeFilters(source.query);
      if (source.query.search !== '' || active.some((key) => !EXPRESSIBLE.has(key))) return null;
      if (active.length === 0) return { run_id: source.run_id };
      const filter: NonNullable<ExportSelectionInput['filter']> = {};
      for (const key of active) {
        if (key === 'writer') filter.writer = [...source.query.filters.writer!];
        else if ((AXES as readonly string[]).includes(key)) filter[key as Axis] = [...source.query.filters[key as Axis]!];
      }
      return { run_id: source.run_id, filter };
    }
    default: {
      const unreachable: never = source;
      return unreachable;
    }
  }
}

/** The row ids of a table query, read a page at a time; refuses more than MAX_ROW_IDS. `isCurrent` stops a stale read. */
export async function resolveRowIds(
  client: ApiClient,
  runId: string,
  query: RowsQuery,
  isCurrent: () => boolean,
): Promise<Result<string[]>> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += RESOLVE_PAGE) {
    const page = await client.call('rows.page', {
      run_id: runId,
      filters: query.filters,
      search: query.search,
      sort: query.sort,
      offset,
      limit: RESOLVE_PAGE,
    });
    if (!page.ok) return page;
    if (!isCurrent()) return { ok: false, error: { code: 'CONFLICT', message: 'The selection changed while it was read.' } };
    if (page.value.total > MAX_ROW_IDS) {
      return {
        ok: false,
        error: {
          code: 'VALIDATION_FAILED',
          message:
            `This filter matches ${page.value.total.toLocaleString()} conversations; an export of a search or verdict filter ` +
            `takes at most ${MAX_ROW_IDS.toLocaleString()}. Narrow it, or export the whole run from its Overview.`,
        },
      };
    }
    ids.push(...page.value.rows.map((row) => row.row_id));
    if (page.value.rows.length === 0 || ids.length >= page.value.total) return { ok: true, value: ids };
  }
}
