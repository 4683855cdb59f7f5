import {
  type ExportFormat,
  type ExportInput,
  type ExportOptions,
  exportPairRows,
  hasToolCalls,
  type PairRow,
  pairRowOf,
  pairRowOfStored,
  type PairScenario,
  type RunContext,
} from '../../../../engine/index';
import type { Db } from '../../../store/database';
import { type GradedRowRecord, gradedRowRecords, rowBodies } from '../../../store/exports/export-rows-repository';
import { conversationDigest, pairFactRecords, type PairFactValues } from '../../../store/exports/pair-facts-repository';
import { gradeOf, PAGE_ROWS, wholeInput } from '../export-rows';

const PREFERENCE_FORMATS = ['dpo-openai', 'dpo-trl', 'dpo-full'] as const;
export type PreferenceFormat = (typeof PREFERENCE_FORMATS)[number];

/** The export's DPO format, or null for SFT and GRPO. */
export const preferenceFormatOf = (format: ExportFormat): PreferenceFormat | null =>
  PREFERENCE_FORMATS.find((preference) => preference === format) ?? null;

type Grade = Omit<GradedRowRecord, 'body'>;

/** A row as a DPO export reads it for pairing: what the export's counters take, and the row as pairing weighs it. */
export interface PairInput {
  /** The row's id in the store. */
  id: string;
  reward: number | null;
  /** An assistant turn calls a tool. */
  tool_calls: boolean;
  pair: PairRow;
}

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
  input(grade: Grade): ExportInput {
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

/** The row as its stored facts and its grade, or null when it has no facts of this version (it is read whole). */
function storedInput(values: PairFactValues, again: RowsAgain): PairInput | null {
  const [id, reward, reason, label_source, judge_name, judge_status, failure_class, label, label_kind, rollout_id, scenario_id, ...facts] =
    values;
  const [junk, leak, toolCalls, chars, shape, keyHash, ask] = facts;
  if (rollout_id === null || scenario_id === null || junk === null || leak === null || toolCalls === null) return null;
  if (chars === null || shape === null || keyHash === null || ask === null) return null;
  const grade: Grade = { id, reward, reason, label_source, judge_name, judge_status, failure_class, label, label_kind };
  const pair = pairRowOfStored({
    rollout_id,
    scenario_id,
    grade: gradeOf(grade),
    facts: { ask, junk: junk === 1, leak: leak === 1, tool_calls: toolCalls === 1, chars, shape },
    key: () => keyHash,
    input: () => again.input(grade),
  });
  return { id, reward, tool_calls: toolCalls === 1, pair };
}

/** A row without stored facts, read whole: its facts worked out here, its key digested as the store digests it. */
function wholePairInput(record: GradedRowRecord, again: RowsAgain): PairInput {
  const input = wholeInput(record);
  const { body: _body, ...grade } = record;
  // No closure here may name `input` or `record`: the row is let go once its facts are out, and read again if asked.
  const pair = pairRowOf(input, () => again.input(grade));
  const key = pair.key;
  return {
    id: record.id,
    reward: input.reward,
    tool_calls: hasToolCalls(input.row),
    pair: { ...pair, key: () => conversationDigest(key()) },
  };
}

/** The rows of the given ids, in that order, as pairing weighs them: from their stored facts, else read whole. */
function* pairInputs(db: Db, ids: readonly string[], again: RowsAgain, signal?: AbortSignal): Generator<PairInput> {
  for (let start = 0; start < ids.length; start += PAGE_ROWS) {
    signal?.throwIfAborted();
    const slice = ids.slice(start, start + PAGE_ROWS);
    const inputs = new Map<string, PairInput>();
    const whole: string[] = [];
    for (const values of pairFactRecords(db, slice)) {
      const stored = storedInput(values, again);
      if (stored) inputs.set(values[0], stored);
      else whole.push(values[0]);
    }
    if (whole.length > 0) for (const record of gradedRowRecords(db, whole)) inputs.set(record.id, wholePairInput(record, again));
    for (const id of slice) {
      const input = inputs.get(id);
      if (input) yield input;
    }
  }
}

/**
 * The rows of the given ids (in the store's order by scenario) as pairing weighs them, a scenario at a time: each row
 * from its stored facts (migration 019), or read whole once for them and let go where it has none; a row is read
 * (again) only if pairing asks for it (its conversation compared, or its pair's line). `seen` takes every row as it
 * passes (the caller's counts), in order.
 */
export function* pairRowScenarios(
  db: Db,
  ids: readonly string[],
  seen: (rows: Iterable<PairInput>) => Iterable<PairInput>,
  signal?: AbortSignal,
): Generator<PairScenario> {
  const again = new RowsAgain(db);
  const scenarioOf = (storeIds: Map<PairRow, string>): PairScenario => ({
    rows: [...storeIds.keys()],
    prepare: (wanted) => again.prepare(wanted.map((row) => storeIds.get(row)!)),
  });
  let scenario = new Map<PairRow, string>();
  let scenarioId: string | null = null;
  for (const { id, pair } of seen(pairInputs(db, ids, again, signal))) {
    if (scenario.size > 0 && scenarioId !== pair.scenario_id) {
      yield scenarioOf(scenario);
      scenario = new Map();
    }
    scenarioId = pair.scenario_id;
    scenario.set(pair, id);
  }
  if (scenario.size > 0) yield scenarioOf(scenario);
}

/** A DPO split's lines, its rows read as pairRowScenarios reads them (the ids grouped by scenario, as the plan orders them). */
export function preferenceLines(
  db: Db,
  ids: readonly string[],
  seen: (rows: Iterable<PairInput>) => Iterable<PairInput>,
  context: RunContext | null,
  options: ExportOptions & { format: PreferenceFormat },
  signal?: AbortSignal,
) {
  return exportPairRows(pairRowScenarios(db, ids, seen, signal), context, options);
}
