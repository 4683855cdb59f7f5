import {
  type ExportFormat,
  type ExportInput,
  type ExportOptions,
  exportPairRows,
  type PairRow,
  pairRowOf,
  type PairScenario,
  type RunContext,
} from '../../../../engine/index';
import type { Db } from '../../../store/database';
import { gradedRowRecords, type GradedRowRecord } from '../../../store/exports/export-rows-repository';
import { PAGE_ROWS, readRecords, wholeInput } from '../export-rows';

const PREFERENCE_FORMATS = ['dpo-openai', 'dpo-trl', 'dpo-full'] as const;
export type PreferenceFormat = (typeof PREFERENCE_FORMATS)[number];

/** The export's DPO format, or null for SFT and GRPO. */
export const preferenceFormatOf = (format: ExportFormat): PreferenceFormat | null =>
  PREFERENCE_FORMATS.find((preference) => preference === format) ?? null;

/**
 * A scenario's rows read again from the store for pairing, a page at a time in the order pairing said it would ask for
 * them (PairScenario.prepare): only the page in hand is held, so no row's text outlives the few lines that need it.
 */
class RowsAgain {
  private order = new Map<string, number>();
  private wanted: string[] = [];
  private page = new Map<string, GradedRowRecord>();

  constructor(private readonly db: Db) {}

  prepare(ids: readonly string[]): void {
    this.wanted = [...ids];
    this.order = new Map(ids.map((id, index) => [id, index]));
  }

  input(id: string): ExportInput {
    let record = this.page.get(id);
    if (!record) {
      const at = this.order.get(id);
      const slice = at === undefined ? [id] : this.wanted.slice(at, at + PAGE_ROWS);
      this.page = new Map(gradedRowRecords(this.db, slice).map((read) => [read.id, read]));
      record = this.page.get(id);
      if (!record) throw new Error(`row ${id} is no longer in the store`);
    }
    return wholeInput(record);
  }
}

/**
 * The rows of the given ids (in the store's order by scenario) as pairing weighs them, a scenario at a time: each row is
 * read whole once for its facts and let go, and read again only if pairing asks for it (its conversation compared, or
 * its pair's line). `seen` takes every row read whole as it passes (the caller's counts), in order.
 */
export function* pairRowScenarios(
  db: Db,
  ids: readonly string[],
  seen: (rows: Iterable<ExportInput>) => Iterable<ExportInput>,
  signal?: AbortSignal,
): Generator<PairScenario> {
  // `seen` passes each row on as it takes it, so the row it gives is always the one read last.
  let storeId = '';
  function* whole(): Generator<ExportInput> {
    for (const record of readRecords(db, ids, signal)) {
      storeId = record.id;
      yield wholeInput(record);
    }
  }
  const again = new RowsAgain(db);
  const scenarioOf = (storeIds: Map<PairRow, string>): PairScenario => ({
    rows: [...storeIds.keys()],
    prepare: (wanted) => again.prepare(wanted.map((row) => storeIds.get(row)!)),
  });
  let scenario = new Map<PairRow, string>();
  let scenarioId: string | null = null;
  for (const input of seen(whole())) {
    const id = storeId;
    const row = pairRowOf(input, () => again.input(id));
    if (scenario.size > 0 && scenarioId !== row.scenario_id) {
      yield scenarioOf(scenario);
      scenario = new Map();
    }
    scenarioId = row.scenario_id;
    scenario.set(row, id);
  }
  if (scenario.size > 0) yield scenarioOf(scenario);
}

/** A DPO split's lines, its rows read as pairRowScenarios reads them (the ids grouped by scenario, as the plan orders them). */
export function preferenceLines(
  db: Db,
  ids: readonly string[],
  seen: (rows: Iterable<ExportInput>) => Iterable<ExportInput>,
  context: RunContext | null,
  options: ExportOptions & { format: PreferenceFormat },
  signal?: AbortSignal,
) {
  return exportPairRows(pairRowScenarios(db, ids, seen, signal), context, options);
}
