import { dispatch } from '../api/dispatch';
import { closeAppContext, createAppContext } from '../services/app/app-context';
import { median } from './process-timing';
import { SCALE_RUN_ID } from './scale-store';

/** `rows.facets` (the filter menus) under one filter a person sets: its first call and the median of the next. */
export interface FacetsTiming {
  filter: string;
  first_ms: number;
  again_ms: number;
}

const REPEATS = 5;

/** The filters the menus are counted under: none, a stance, and the one a person checking failures sets. */
const FILTERS: { filter: string; filters?: object }[] = [
  { filter: 'no filter' },
  { filter: 'stance hurried', filters: { stance: ['hurried'] } },
  { filter: 'Judge fail', filters: { judge: ['fail'] } },
];

/** Times the filter menus' call on the scale store in `dataDir`, opened as the app opens it (through dispatch). */
export async function timeFacets(dataDir: string): Promise<FacetsTiming[]> {
  const context = createAppContext({ dataDir, mode: 'browser' });
  try {
    const timings: FacetsTiming[] = [];
    for (const { filter, filters } of FILTERS) {
      const durations: number[] = [];
      for (let index = 0; index <= REPEATS; index += 1) {
        const started = performance.now();
        const result = await dispatch(context, 'rows.facets', { run_id: SCALE_RUN_ID, ...(filters ? { filters } : {}) });
        durations.push(performance.now() - started);
        if (!result.ok) throw new Error(`rows.facets (${filter}) failed: ${result.error.message}`);
      }
      timings.push({ filter, first_ms: durations[0]!, again_ms: median(durations.slice(1)) });
    }
    return timings;
  } finally {
    await closeAppContext(context);
  }
}
