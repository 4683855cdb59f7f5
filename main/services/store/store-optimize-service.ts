import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, type Db } from '../../store/database';
import { insertExportLine } from '../../store/exports/export-lines-repository';
import { preparedOrNone } from '../../store/rows/rows-repository';
import { countMissingLines, rowsMissingLines, runsWithSpecs } from '../../store/upkeep/missing-lines-repository';
import { rewritePath, rewriteStore, type Rewrite } from '../../store/upkeep/rewrite-store';
import { openStoreAlone } from '../../store/upkeep/store-alone';
import { isWorthRewriting, storePages, type StorePages } from '../../store/upkeep/store-pages';
import { ServiceError } from '../app/service-error';
import { watchGrowth } from './growth-watcher';
import { backfillPairFacts } from './pair-facts-backfill';
import { runLineRecipe } from './run-line-recipe';

/** Rows given their lines per transaction. */
const LINES_PAGE = 500;

export interface OptimizeOptions {
  /** After each page of rows given their prepared lines: rows done and to do over the whole store. */
  onLines?(progress: { done: number; total: number }): void;
  /** After each page of rows given their DPO pairing facts (migration 019): rows done and to do over the whole store. */
  onPairFacts?(progress: { done: number; total: number }): void;
  /** Where the rewrite's progress is written while it runs (it blocks this thread); none when absent. */
  rewriteProgressDescriptor?: number;
}

export interface OptimizeReport {
  /** Rows that lacked a prepared line of their run's recipe and got one. */
  lines_added: number;
  /** Rows that still have none: the exporter cannot prepare them (an export reads them whole, as before). */
  lines_unprepared: number;
  /** Rows that lacked DPO pairing facts of this version and got them (a row without is read whole by a DPO export). */
  pair_facts_added: number;
  before: StorePages;
  /** Null when the store was not worth rewriting (see isWorthRewriting). */
  rewrite: (Rewrite & { seconds: number }) | null;
}

/** Gives every run's rows that lack one their prepared export line (as the run executor does when it stores a row). */
function backfillLines(db: Db, onLines: OptimizeOptions['onLines']): Pick<OptimizeReport, 'lines_added' | 'lines_unprepared'> {
  const runs = runsWithSpecs(db).map((run) => {
    const line = runLineRecipe(db, run.spec_id);
    const recipe = line?.recipe ?? '';
    return { id: run.id, context: line?.context ?? null, recipe, missing: line ? countMissingLines(db, run.id, recipe) : 0 };
  });
  const total = runs.reduce((sum, run) => sum + run.missing, 0);
  let done = 0;
  let added = 0;
  for (const run of runs) {
    if (!run.context || run.missing === 0) continue;
    for (let after = -1; ;) {
      const page = rowsMissingLines(db, run.id, run.recipe, after, LINES_PAGE);
      if (page.length === 0) break;
      db.transaction(() => {
        for (const { id, row } of page) {
          const line = preparedOrNone(row, run.context!);
          if (line) insertExportLine(db, id, line);
          added += line ? 1 : 0;
        }
      })();
      after = page.at(-1)!.ordinal;
      done += page.length;
      onLines?.({ done, total });
    }
  }
  return { lines_added: added, lines_unprepared: total - added };
}

async function rewrite(db: Db, path: string, before: StorePages, descriptor: number | undefined): Promise<OptimizeReport['rewrite']> {
  const started = performance.now();
  const expected = (before.pages - before.free_pages) * before.page_bytes;
  const watch =
    descriptor === undefined ? null : watchGrowth({ file: rewritePath(path), expected, descriptor, label: 'Rewriting the store' });
  try {
    return { ...rewriteStore(db, path), seconds: (performance.now() - started) / 1000 };
  } finally {
    await watch?.stop();
  }
}

/**
 * `wai store optimize`: gives old rows their prepared export lines and DPO pairing facts, then rewrites a store made before 8 KiB pages (or
 * a tenth free) with VACUUM INTO and an atomic swap. Refuses while any other connection has the store open.
 */
export async function optimizeStore(dataDir: string, options: OptimizeOptions = {}): Promise<OptimizeReport> {
  const path = join(dataDir, DATABASE_FILE);
  if (!existsSync(path)) throw new ServiceError('NOT_FOUND', `There is no run store in ${dataDir}.`);
  const db = openStoreAlone(path);
  if (!db)
    throw new ServiceError(
      'CONFLICT',
      `Another process has the run store open (the app, browser mode or a wai command): close it, then optimize again. (${path})`,
    );
  try {
    const lines = backfillLines(db, options.onLines);
    const facts = backfillPairFacts(db, options.onPairFacts);
    const before = storePages(db);
    const rewritten = isWorthRewriting(before) ? await rewrite(db, path, before, options.rewriteProgressDescriptor) : null;
    return { ...lines, pair_facts_added: facts.added, before, rewrite: rewritten };
  } finally {
    db.close();
  }
}
