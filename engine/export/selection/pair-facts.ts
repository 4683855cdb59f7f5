import type { Row } from '../../../shared/domain';
import { type ExportGrade, type ExportInput, hasToolCalls, isSimulatorError } from '../export-input';
import { junkReason, normaliseText } from '../gates/junk';
import { findLeak } from '../gates/leak-gate';
import { assistantChars, conversationKey, conversationShape, type PairRow } from './pair-row';

/**
 * Bumped whenever a change to pairing changes a fact below: facts of another version are not read, and their rows are
 * read whole (the store keeps the version beside each row's facts).
 */
export const PAIR_FACTS_VERSION = 1;

/**
 * What DPO pairing weighs about a row that the row alone decides (its grade aside), made once when the row is stored:
 * an export pairs from these without reading any body, and reads a row whole only for a pair's line.
 */
export interface StoredPairFacts {
  /** The ask, case and whitespace aside (see PairRow.ask). */
  ask: string;
  /** The agent errored or did nothing: left out whatever its grade (a `simulator_error` label is the grade's part). */
  junk: boolean;
  /** An assistant turn quotes the row's privileged text: left out. */
  leak: boolean;
  chars: number;
  shape: string;
  /** The conversation as a trainer sees it (see conversationKey): the store keeps a digest of it, for equality alone. */
  key: string;
  /** An assistant turn calls a tool (the export counts such rows going out without schemas). */
  tool_calls: boolean;
}

/** The row's pairing facts (see StoredPairFacts). */
export function pairFactsOf(row: Row): StoredPairFacts {
  const input: ExportInput = { row, reward: null };
  return {
    ask: normaliseText(row.prompt),
    junk: junkReason(input) !== null,
    leak: findLeak(input) !== null,
    chars: assistantChars(row.messages),
    shape: conversationShape(row.messages),
    key: conversationKey(input),
    tool_calls: hasToolCalls(row),
  };
}

/** A stored row as pairing weighs it: its facts as stored, its grade as read now. */
export interface StoredPairRow {
  rollout_id: string;
  scenario_id: string;
  /** The row's latest grade and label, as read now. */
  grade: ExportGrade;
  facts: Omit<StoredPairFacts, 'key'>;
  /** The digest of the row's conversation key, or the key itself: rows compared must give the same kind. */
  key(): string;
  /** The whole row with its grade, read again from the store. */
  input(): ExportInput;
}

/** pairRowOf for a row whose facts were stored: the same PairRow, without the row. */
export function pairRowOfStored(stored: StoredPairRow): PairRow {
  const { facts, grade } = stored;
  return {
    reward: grade.reward,
    rollout_id: stored.rollout_id,
    scenario_id: stored.scenario_id,
    ask: facts.ask,
    excluded: grade.reward === null || facts.junk || isSimulatorError(grade) || facts.leak,
    chars: facts.chars,
    shape: facts.shape,
    key: stored.key,
    input: stored.input,
  };
}
