import { dispatch } from '../api/dispatch';
import { closeAppContext, createAppContext, type AppContext } from '../services/app/app-context';
import { SCALE_RUN_ID } from './scale-store';

/** One call the app makes, timed: the first (right after the store opened) and the median of the next. */
export interface CallTiming {
  name: string;
  first_ms: number;
  median_ms: number;
}

const REPEATS = 5;
const run_id = SCALE_RUN_ID;
const PAGE = { limit: 100 };

const JUDGE_FAIL_MENUS: object = { run_id, filters: { judge: ['fail'] } };

/** The calls behind the screens the bench measures, as the renderer makes them (through dispatch, input parsed). */
function calls(rows: number): { name: string; method: string; input: object }[] {
  return [
    { name: 'conversations: first page', method: 'rows.page', input: { run_id, offset: 0, ...PAGE } },
    { name: 'conversations: filter menus', method: 'rows.facets', input: { run_id } },
    {
      name: 'conversations: filter (stance hurried)',
      method: 'rows.page',
      input: { run_id, offset: 0, ...PAGE, filters: { stance: ['hurried'] } },
    },
    {
      name: 'conversations: filter menus under that filter',
      method: 'rows.facets',
      input: { run_id, filters: { stance: ['hurried'] } },
    },
    { name: 'conversations: filter menus under Judge fail', method: 'rows.facets', input: JUDGE_FAIL_MENUS },
    {
      name: 'conversations: sort (reward, descending)',
      method: 'rows.page',
      input: { run_id, offset: 0, ...PAGE, sort: { column: 'reward', direction: 'desc' } },
    },
    { name: 'conversations: a page in the middle (scrollbar dragged)', method: 'rows.page', input: { run_id, offset: rows / 2, ...PAGE } },
    { name: 'coverage: summary', method: 'coverage.summary', input: { run_id } },
    { name: 'coverage: heatmap (tool x stance)', method: 'coverage.matrix', input: { run_id, x: 'tool', y: 'stance' } },
    { name: 'agreement.get', method: 'agreement.get', input: { run_id } },
  ];
}

/** Times each call on a store opened for the purpose, as the app opens it. */
export async function timeCalls(dataDir: string, rows: number): Promise<CallTiming[]> {
  const context = createAppContext({ dataDir, mode: 'browser' });
  try {
    const timings: CallTiming[] = [];
    for (const call of calls(rows)) {
      const durations: number[] = [];
      for (let index = 0; index <= REPEATS; index += 1) {
        const started = performance.now();
        const result = await dispatch(context, call.method, call.input);
        durations.push(performance.now() - started);
        if (!result.ok) throw new Error(`${call.method} failed: ${result.error.message}`);
      }
      const [first, ...rest] = durations;
      timings.push({
        name: call.name,
        first_ms: first!,
        median_ms: rest.sort((left, right) => left - right)[Math.floor(rest.length / 2)]!,
      });
    }
    timings.push(await pageWhileCounting(context));
    return timings;
  } finally {
    await closeAppContext(context);
  }
}

/**
 * A page asked for 20 ms after the menus under Judge fail (the table asks for them 250 ms after a page, and pages on
 * while they count): how long it waits from then. Counted on the main thread, it waited for the whole count.
 */
async function pageWhileCounting(context: AppContext): Promise<CallTiming> {
  const durations: number[] = [];
  for (let index = 0; index <= REPEATS; index += 1) {
    const sentAt = performance.now() + 20;
    const page = new Promise<number>((resolve, reject) => {
      setTimeout(() => {
        dispatch(context, 'rows.page', { run_id, offset: 0, ...PAGE, filters: { stance: ['hurried'] } }).then(
          (result) => (result.ok ? resolve(performance.now() - sentAt) : reject(new Error(result.error.message))),
          reject,
        );
      }, 20);
    });
    const menus = await dispatch(context, 'rows.facets', JUDGE_FAIL_MENUS);
    if (!menus.ok) throw new Error(`rows.facets failed: ${menus.error.message}`);
    durations.push(await page);
  }
  const [first, ...rest] = durations;
  return {
    name: 'conversations: a page while the menus count under Judge fail',
    first_ms: first!,
    median_ms: rest.sort((left, right) => left - right)[Math.floor(rest.length / 2)]!,
  };
}
