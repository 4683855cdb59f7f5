import { round4 } from '../../../shared/domain/rounding';
import { LENGTH_BIAS_SHARE } from '../constants';
import type { ExportInput } from '../export-input';
import { groupBy, type RowStream } from '../source';
import { type PairChoice, choosePairs, type PairSide, pairSides, rowsToCompare } from './pair-choice';
import { type PairRow, pairRowOf, type PairScenario } from './pair-row';

export interface PairOptions {
  max_pairs_per_prompt?: number;
  /** Smallest reward difference that makes a pair (default 1.0: a pass against a fail). */
  min_margin?: number;
  /** Among pairs of equal margin, prefer the sides closest in length (default true), against length bias. */
  length_match?: boolean;
  /** Drop pairs with no reward difference (default true). */
  drop_ties?: boolean;
}

export interface PairLineage {
  rollout_id: string;
  scenario_id: string;
  rollout_index: number;
  judge_name?: string;
  label_source?: string;
}

export interface PreferencePair {
  prompt: string;
  chosen: ExportInput;
  rejected: ExportInput;
  chosen_score: number;
  rejected_score: number;
  margin: number;
  chosen_model: string;
  rejected_model: string;
  same_policy: boolean;
  /** Characters of the chosen side's assistant text minus the rejected side's. */
  length_delta: number;
  chosen_lineage: PairLineage;
  rejected_lineage: PairLineage;
}

export interface PairReport {
  n_rows: number;
  n_prompts: number;
  prompts_with_contrast: number;
  n_pairs: number;
  ties_dropped: number;
  /** Candidate pairs whose two conversations are the same but for their tool-call ids: not preferences, dropped. */
  same_but_ids_dropped: number;
  /** Rows left out before pairing: ungraded, junk, or quoting privileged text. */
  excluded_rows: number;
  chosen_longer: number;
  chosen_longer_share: number | null;
  warnings: string[];
}

const lineage = (input: ExportInput): PairLineage => ({
  rollout_id: input.row.rollout_id,
  scenario_id: input.row.situation.scenario_id,
  rollout_index: input.row.rollout_index,
  ...(input.judge_name ? { judge_name: input.judge_name } : {}),
  ...(input.label_source ? { label_source: input.label_source } : {}),
});

function makePair(chosenSide: PairSide, rejectedSide: PairSide): PreferencePair {
  const [chosen, rejected] = [chosenSide.row.input(), rejectedSide.row.input()];
  return {
    prompt: chosen.row.prompt,
    chosen,
    rejected,
    chosen_score: chosenSide.reward,
    rejected_score: rejectedSide.reward,
    margin: round4(chosenSide.reward - rejectedSide.reward),
    chosen_model: chosen.row.agent_model,
    rejected_model: rejected.row.agent_model,
    same_policy: chosen.row.agent_model === rejected.row.agent_model,
    length_delta: chosenSide.chars - rejectedSide.chars,
    chosen_lineage: lineage(chosen),
    rejected_lineage: lineage(rejected),
  };
}

/**
 * Pairs within one prompt's rows: each candidate (chosen, rejected) differs in reward by at least `min_margin`;
 * larger margins first, then (with `length_match`) the closest lengths; a row is used in at most one pair.
 */
export function pairsForPrompt(
  rows: readonly ExportInput[],
  options: PairOptions = {},
): { pairs: PreferencePair[]; ties: number; same_but_ids: number } {
  return pairsOfRows(
    rows.map((input) => pairRowOf(input)),
    options,
  );
}

const choose = (rows: readonly PairRow[], options: PairOptions): PairChoice =>
  choosePairs(pairSides(rows), {
    min_margin: options.min_margin ?? 1.0,
    drop_ties: options.drop_ties ?? true,
    length_match: options.length_match !== false,
    max_pairs: options.max_pairs_per_prompt ?? 1,
  });

/** pairsForPrompt over rows as pairing weighs them: only the rows of the pairs chosen are asked for whole. */
function pairsOfRows(rows: readonly PairRow[], options: PairOptions): { pairs: PreferencePair[]; ties: number; same_but_ids: number } {
  const made = choose(rows, options);
  return { pairs: made.pairs.map((pair) => makePair(pair.chosen, pair.rejected)), ties: made.ties, same_but_ids: made.same_but_ids };
}

/**
 * `build_preference_pairs` over groups of rows (each scenario's rows together; one group held at a time). Pairs
 * never cross prompts: both sides must share the ask word for word. Yields pairs; `report()` is final at the end.
 */
export function buildPreferencePairs(
  scenarios: RowStream<readonly ExportInput[]>,
  options: PairOptions = {},
): { pairs: AsyncIterable<PreferencePair>; report(): PairReport } {
  return pairPreferences(pairRowGroups(scenarios), options);
}

async function* pairRowGroups(scenarios: RowStream<readonly ExportInput[]>): AsyncGenerator<PairScenario> {
  for await (const scenarioRows of scenarios as AsyncIterable<readonly ExportInput[]>) {
    yield { rows: scenarioRows.map((input) => pairRowOf(input)) };
  }
}

/** buildPreferencePairs over scenarios of rows as pairing weighs them (see PairRow). */
export function pairPreferences(
  scenarios: RowStream<PairScenario>,
  options: PairOptions = {},
): { pairs: AsyncIterable<PreferencePair>; report(): PairReport } {
  const counts = { rows: 0, prompts: 0, contrast: 0, pairs: 0, ties: 0, sameButIds: 0, excluded: 0, longer: 0, ungraded: 0 };
  async function* pairs(): AsyncGenerator<PreferencePair> {
    for await (const scenario of scenarios as AsyncIterable<PairScenario>) {
      counts.rows += scenario.rows.length;
      const asks = groupBy(scenario.rows, (row) => row.ask).map((ask) => {
        const usable = ask.filter((row) => !row.excluded);
        counts.prompts += 1;
        counts.excluded += ask.length - usable.length;
        counts.ungraded += ask.filter((row) => row.reward === null).length;
        return usable;
      });
      scenario.prepare?.(asks.flatMap(rowsToCompare));
      const chosen = asks.map((usable) => choose(usable, options));
      scenario.prepare?.(chosen.flatMap((made) => made.pairs.flatMap((pair) => [pair.chosen.row, pair.rejected.row])));
      for (const made of chosen) {
        counts.ties += made.ties;
        counts.sameButIds += made.same_but_ids;
        if (made.pairs.length > 0) counts.contrast += 1;
        for (const choice of made.pairs) {
          const pair = makePair(choice.chosen, choice.rejected);
          counts.pairs += 1;
          if (pair.length_delta > 0) counts.longer += 1;
          yield pair;
        }
      }
    }
  }
  const report = (): PairReport => {
    const share = counts.pairs === 0 ? null : round4(counts.longer / counts.pairs);
    const warnings: string[] = [];
    if (share !== null && share > LENGTH_BIAS_SHARE) {
      warnings.push(`the chosen side is the longer one in ${Math.round(share * 100)}% of pairs: DPO may learn that longer is better`);
    }
    if (counts.sameButIds > 0) {
      warnings.push(
        `${counts.sameButIds} candidate ${counts.sameButIds === 1 ? 'pair was' : 'pairs were'} the same conversation but for ` +
          'tool-call ids (chat templates drop them, so both sides tokenize the same) and were dropped',
      );
    }
    if (counts.pairs === 0) {
      // The cause a person can act on comes first: rows without a grade cannot be paired at all.
      const margin = options.min_margin ?? 1.0;
      const ungraded = `${counts.ungraded} ${counts.ungraded === 1 ? 'row is' : 'rows are'} ungraded`;
      if (counts.ungraded > 0) warnings.unshift(`${ungraded}: grade the run before a DPO export (no prompt has rewards ${margin} apart)`);
      else if (counts.prompts > 0 && counts.prompts === counts.rows) {
        warnings.unshift(
          `no prompt has rewards ${margin} apart: every prompt has a single graded rollout, and a pair ` +
            `needs a pass and a failure of the same prompt: simulate again with repeats of 2 or more and ` +
            `grade the new run`,
        );
      } else warnings.unshift(`no prompt has rewards ${margin} apart: preference pairs need repeats that disagree`);
    }
    return {
      n_rows: counts.rows,
      n_prompts: counts.prompts,
      prompts_with_contrast: counts.contrast,
      n_pairs: counts.pairs,
      ties_dropped: counts.ties,
      same_but_ids_dropped: counts.sameButIds,
      excluded_rows: counts.excluded,
      chosen_longer: counts.longer,
      chosen_longer_share: share,
      warnings,
    };
  };
  return { pairs: pairs(), report };
}
