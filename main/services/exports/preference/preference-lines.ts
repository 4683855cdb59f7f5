import {
  type ExportFormat,
  type ExportInput,
  type ExportOptions,
  exportPairRows,
  type PairRow,
  pairRowOf,
  type RunContext,
} from '../../../../engine/index';
import type { Db } from '../../../store/database';
import { readRereadableRows } from '../export-rows';

const PREFERENCE_FORMATS = ['dpo-openai', 'dpo-trl', 'dpo-full'] as const;
export type PreferenceFormat = (typeof PREFERENCE_FORMATS)[number];

/** The export's DPO format, or null for SFT and GRPO. */
export const preferenceFormatOf = (format: ExportFormat): PreferenceFormat | null =>
  PREFERENCE_FORMATS.find((preference) => preference === format) ?? null;

/**
 * The rows of the given ids (in the store's order by scenario) as pairing weighs them, a scenario at a time: each row is
 * read whole once for its facts and let go, its stored text kept to read it again only if it ends up in a pair. `seen`
 * takes every row read whole as it passes (the caller's counts), in order.
 */
export function* pairRowScenarios(
  db: Db,
  ids: readonly string[],
  seen: (rows: Iterable<ExportInput>) => Iterable<ExportInput>,
  signal?: AbortSignal,
): Generator<PairRow[]> {
  // `seen` passes each row on as it takes it, so the row it gives is always the one read last.
  let reread = (): ExportInput => {
    throw new Error('no row read yet');
  };
  function* whole(): Generator<ExportInput> {
    for (const read of readRereadableRows(db, ids, signal)) {
      reread = read.reread;
      yield read.input;
    }
  }
  let scenario: PairRow[] = [];
  for (const input of seen(whole())) {
    const row = pairRowOf(input, reread);
    if (scenario.length > 0 && scenario[0]!.scenario_id !== row.scenario_id) {
      yield scenario;
      scenario = [];
    }
    scenario.push(row);
  }
  if (scenario.length > 0) yield scenario;
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
