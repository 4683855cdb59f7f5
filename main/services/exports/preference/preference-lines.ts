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
import { type GradedRowRecord, rowBodies } from '../../../store/exports/export-rows-repository';
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
  private page = new Map<string, string>();

  constructor(private readonly db: Db) {}

  prepare(ids: readonly string[]): void {
    this.wanted = [...ids];
    this.order = new Map(ids.map((id, index) => [id, index]));
  }

  /** The row with the grade read with it the first time (only its body is read again). */
  input(grade: Omit<GradedRowRecord, 'body'>): ExportInput {
    const { id } = grade;
    let body = this.page.get(id);
    if (body === undefined) {
      const at = this.order.get(id);
      this.page = new Map(rowBodies(this.db, at === undefined ? [id] : this.wanted.slice(at, at + PAGE_ROWS)));
      body = this.page.get(id);
      if (body === undefined) throw new Error(`row ${id} is no longer in the store`);
    }
    return wholeInput({ ...grade, body });
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
  let grade: Omit<GradedRowRecord, 'body'> | null = null;
  function* whole(): Generator<ExportInput> {
    for (const record of readRecords(db, ids, signal)) {
      const { body: _body, ...rest } = record;
      grade = rest;
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
    const read = grade!;
    const row = pairRowOf(input, () => again.input(read));
    if (scenario.size > 0 && scenarioId !== row.scenario_id) {
      yield scenarioOf(scenario);
      scenario = new Map();
    }
    scenarioId = row.scenario_id;
    scenario.set(row, read.id);
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
