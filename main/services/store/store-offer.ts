import type { AppInfo } from '../../../shared/api';
import type { RunContext } from '../../../engine/index';
import type { Db } from '../../store/database';
import { keptRowCount } from '../../store/rows/row-facets-repository';
import { getRow, preparedOrNone } from '../../store/rows/rows-repository';
import { runsWithSpecs, sampleRunLines } from '../../store/upkeep/missing-lines-repository';
import { isWorthRewriting, storePages } from '../../store/upkeep/store-pages';
import { runLineRecipe } from './run-line-recipe';

type Offer = NonNullable<AppInfo['store_optimize']>;

/** Rows without prepared lines worth preparing: at least this share of the store's rows. */
const UNPREPARED_SHARE = 0.01;

/** Sampled rows without a line that are prepared to see whether they can be, per run (0.3-0.7 ms each). */
const PREPARED_PER_RUN = 128;
const GOLDEN = (Math.sqrt(5) - 1) / 2;
const GIVE_UP_AFTER = 32;

/**
 * Of rows without a line, how many of those tried the exporter can prepare: up to 128, spread by the golden ratio (a
 * fixed step falls in step with patterns of the rows themselves); after 32 none could, the rest are not tried (rows left
 * without a line as they cannot be prepared, on every start).
 */
function preparableShare(db: Db, rowIds: readonly string[], context: RunContext): { tried: number; preparable: number } {
  let preparable = 0;
  let tried = 0;
  while (tried < Math.min(PREPARED_PER_RUN, rowIds.length) && !(tried === GIVE_UP_AFTER && preparable === 0)) {
    const row = getRow(db, rowIds[Math.floor(((tried * GOLDEN) % 1) * rowIds.length)]!);
    if (row && preparedOrNone(row, context)) preparable += 1;
    tried += 1;
  }
  return { tried, preparable };
}

/**
 * The rows `wai store optimize` would give prepared lines, run by run from a sample (sampleRunLines: no run read whole).
 * Some rows have none because the exporter cannot prepare them (a truncated tool output, a system message): some of
 * the sampled rows without one are prepared, as optimize would (preparableShare), and only the share that can counts.
 */
function unpreparedRows(db: Db): Offer['unprepared_rows'] {
  let rows = 0;
  let missing = 0;
  let isEstimate = false;
  for (const run of runsWithSpecs(db)) {
    const line = runLineRecipe(db, run.spec_id);
    if (!line) continue;
    const runRows = keptRowCount(db, run.id);
    rows += runRows;
    const sample = sampleRunLines(db, run.id, line.recipe, runRows);
    if (sample.missing_ids.length === 0) continue;
    const tried = preparableShare(db, sample.missing_ids, line.context);
    missing += (sample.missing_ids.length / sample.sampled) * runRows * (tried.preparable / tried.tried);
    isEstimate ||= tried.preparable > 0 && (sample.sampled < runRows || tried.tried < sample.missing_ids.length);
  }
  const count = Math.round(missing);
  return count > 0 && count >= rows * UNPREPARED_SHARE ? { count, is_estimate: isEstimate } : null;
}

/** What the app offers `wai store optimize` for when it opens the store (AppInfo.store_optimize); null: nothing to gain. */
export function storeOptimizeOffer(db: Db): Offer | null {
  const pages = storePages(db);
  const rewritesPages = isWorthRewriting(pages);
  const unprepared = unpreparedRows(db);
  if (!rewritesPages && !unprepared) return null;
  return {
    page_bytes: pages.page_bytes,
    free_share: pages.free_pages / Math.max(1, pages.pages),
    rewrites_pages: rewritesPages,
    unprepared_rows: unprepared,
  };
}
