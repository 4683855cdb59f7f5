/** Column filters as the URL carries them: column id -> accepted values. */
export type RouteFilters = Readonly<Record<string, readonly string[]>>;

/** Every screen the app can show, addressable by the location hash so back/forward and reloads work. */
export type Route =
  | { view: 'runs' }
  | { view: 'new-run'; from_run?: string; repeats?: number }
  | { view: 'run'; run_id: string }
  | { view: 'conversations'; run_id: string; filters?: RouteFilters; search?: string }
  | { view: 'conversation'; run_id: string; row_id: string }
  | { view: 'coverage'; run_id: string }
  | { view: 'label'; run_id: string }
  | { view: 'traces' }
  | { view: 'prove' }
  | { view: 'settings' };

export type View = Route['view'];

export const HOME: Route = { view: 'runs' };

function queryOf(filters: RouteFilters | undefined, search: string | undefined): string {
  const params = new URLSearchParams();
  for (const [column, values] of Object.entries(filters ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
    for (const value of values) params.append(column, value);
  }
  if (search) params.set('q', search);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The hash for a route, e.g. `#/runs/run_1/conversations?tool=get_order`. */
export function formatRoute(route: Route): string {
  switch (route.view) {
    case 'runs':
      return '#/runs';
    case 'new-run': {
      if (!route.from_run) return '#/runs/new';
      const repeats = route.repeats === undefined ? '' : `&repeats=${route.repeats}`;
      return `#/runs/new?from=${encodeURIComponent(route.from_run)}${repeats}`;
    }
    case 'run':
      return `#/runs/${encodeURIComponent(route.run_id)}`;
    case 'conversations':
      return `#/runs/${encodeURIComponent(route.run_id)}/conversations${queryOf(route.filters, route.search)}`;
    case 'conversation':
      return `#/runs/${encodeURIComponent(route.run_id)}/conversations/${encodeURIComponent(route.row_id)}`;
    case 'coverage':
      return `#/runs/${encodeURIComponent(route.run_id)}/coverage`;
    case 'label':
      return `#/runs/${encodeURIComponent(route.run_id)}/label`;
    case 'traces':
      return '#/traces';
    case 'prove':
      return '#/prove';
    case 'settings':
      return '#/settings';
    default: {
      const unreachable: never = route;
      return unreachable;
    }
  }
}

/** Reads a hash back into a route; anything unknown is the runs list. */
export function parseRoute(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const params = new URLSearchParams(query);
  if (parts[0] === 'traces') return { view: 'traces' };
  if (parts[0] === 'prove') return { view: 'prove' };
  if (parts[0] === 'settings') return { view: 'settings' };
  if (parts[0] !== 'runs') return HOME;
  if (parts.length === 1) return HOME;
  if (parts[1] === 'new') {
    const from = params.get('from');
    const repeats = Number(params.get('repeats'));
    if (!from) return { view: 'new-run' };
    return Number.isInteger(repeats) && repeats > 0 ? { view: 'new-run', from_run: from, repeats } : { view: 'new-run', from_run: from };
  }
  const runId = parts[1]!;
  if (parts.length === 2) return { view: 'run', run_id: runId };
  if (parts[2] === 'coverage') return { view: 'coverage', run_id: runId };
  if (parts[2] === 'label') return { view: 'label', run_id: runId };
  if (parts[2] === 'conversations') {
    if (parts[3]) return { view: 'conversation', run_id: runId, row_id: parts[3] };
    const filters: Record<string, string[]> = {};
    for (const [column, value] of params) if (column !== 'q') (filters[column] ??= []).push(value);
    const search = params.get('q') ?? undefined;
    return {
      view: 'conversations',
      run_id: runId,
      ...(Object.keys(filters).length > 0 ? { filters } : {}),
      ...(search ? { search } : {}),
    };
  }
  return { view: 'run', run_id: runId };
}
