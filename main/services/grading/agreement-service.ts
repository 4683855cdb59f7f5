import type { AgreementLine, AgreementReport, JudgeRef } from '../../../shared/api/agreement';
import { passBit, type Label } from '../../../shared/domain';
import {
  compareJudgesFromGold,
  disagreementsWithGold,
  humanAgreementsOf,
  judgeAgreementFromGold,
  judgeTrustFromGold,
  NO_GOLD,
  rowGold,
  rowsWithoutGold,
  verdictWord,
  type JudgedPair,
  type RowGold,
  type RowsWithoutGold,
  type TrustPair,
  type Verdict,
} from '../../../engine/index';
import { iterateRowRewards, type LabelledRowGrade } from '../../store/grades/agreement-reads-repository';
import type { LabelledRow } from '../../store/labels/labels-repository';
import type { AppContext } from '../app/app-context';
import {
  excludedRows,
  gradesOfRows,
  keptGradedJudges,
  keptIncludedRows,
  keptKeyCounts,
  keptRunLabels,
  labelledRowsOf,
  verdictsByKey,
  type Excluded,
} from './agreement-memo';
import { chooseJudge, type GradedJudge } from './grading-service';
import { requireRun } from '../runs/runs-service';
import { simulatorErrorRows } from '../app/simulator-error-rows';

/** A judge graded on the run, as grading-service gradedJudges reports it (same figures, same order). */
type RunJudge = GradedJudge & { n_graded: number };

function verdictOf(grade: LabelledRowGrade | undefined): Verdict | null {
  if (grade === undefined || grade.reward === null) return null;
  return passBit(grade.reward);
}

/**
 * What agreement reads of a run: only rows that carry a label become pairs (no other row can have gold); every
 * other row enters as counts (rows, and per judge, the rows it left unjudged or marked unsure).
 */
interface GoldRows {
  /** Rows measured over: the run's rows less simulator-error ones. */
  nRows: number;
  nExcluded: number;
  /** Labelled rows outside simulator errors, in row order, with their gold. */
  rows: Array<LabelledRow & RowGold>;
  /** Per judge key, its newest grade on each labelled row (as latestVerdicts merged by key). */
  verdicts: Map<string, Map<string, LabelledRowGrade>>;
  /** Labels outside simulator-error rows, oldest first. */
  labels: Label[];
}

/**
 * The labels and their gold grow with each label (agreement-memo keptRunLabels); the rest (the rows counted, each
 * labelled row's identity and grades) is kept while the rows and grades stay.
 */
function goldRows(context: AppContext, runId: string, excluded: Excluded): GoldRows {
  const { labels, gold } = keptRunLabels(context, runId, rowGold);
  const labelled = labelledRowsOf(context, runId, gold.keys());
  const rows = labelled.filter((row) => !excluded.ids.has(row.id)).map((row) => ({ ...row, ...(gold.get(row.id) ?? NO_GOLD) }));
  const verdicts = verdictsByKey(gradesOfRows(context, runId, labelled));
  return {
    nRows: keptIncludedRows(context, runId, excluded),
    nExcluded: excluded.ids.size,
    rows,
    verdicts,
    labels: labels.filter((label) => !excluded.ids.has(label.row_id)),
  };
}

type GoldPair = JudgedPair & TrustPair & { row_id: string };

/** One judge key's pairs on the gold rows, and its counts over every other row. */
interface KeyPairs {
  pairs: GoldPair[];
  withoutGold: RowsWithoutGold;
}

function keyPairs(
  context: AppContext,
  runId: string,
  gold: GoldRows,
  judges: readonly RunJudge[],
  key: string | null,
  excluded: Excluded,
): KeyPairs {
  const judged = key === null ? undefined : gold.verdicts.get(key);
  const pairs = gold.rows
    .filter((row) => row.gold !== null)
    .map((row): GoldPair => {
      const verdict = judged?.get(row.id);
      return {
        id: row.scenario_id,
        row_id: row.id,
        judge: verdictOf(verdict),
        gold: row.gold,
        gold_kind: row.gold_kind,
        author: row.author,
        unsure: verdict?.unsure ?? false,
      };
    });
  const counts = keptKeyCounts(context, runId, judges, key, excluded);
  return { pairs, withoutGold: rowsWithoutGold(gold.nRows, counts, pairs) };
}

export interface AgreementRequest {
  judge_name?: string | undefined;
  version?: string | undefined;
}

/** agreement.get: the chosen judge against the gold labels, with trust, human-human agreement and every judge compared. */
export function agreementReport(context: AppContext, runId: string, request: AgreementRequest = {}): AgreementReport {
  requireRun(context, runId);
  const excluded = excludedRows(context, runId);
  const judges = keptGradedJudges(context, runId, excluded);
  const chosen = chooseJudge(judges, runId, request.judge_name, request.version);
  const gold = goldRows(context, runId, excluded);
  const byKey = new Map<string | null, KeyPairs>();
  const pairsOf = (key: string | null): KeyPairs => {
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = keyPairs(context, runId, gold, judges, key, excluded)));
    return found;
  };
  const chosenPairs = pairsOf(chosen?.judge_key ?? null);
  const warnings: string[] = [];
  if (gold.nExcluded > 0) warnings.push(`${simulatorErrorRows(gold.nExcluded)} left out of every number here.`);
  if (chosen === null) warnings.push('No judge has graded this run yet: grade it, then the judge is measured against these labels.');
  const mixed = gold.rows.filter((row) => row.isMixed).length;
  if (mixed > 0)
    warnings.push(`${mixed} rows have gold from labels of different kinds: that gold is not all human, so it cannot make the judge ok.`);
  const refs: JudgeRef[] = judges.map(({ judge_key, judge_name, version, n_graded }) => ({ judge_key, judge_name, version, n_graded }));
  const humans = humanAgreementsOf(gold.labels);
  warnings.push(...humans.warnings);
  return {
    run_id: runId,
    judge: refs.find((ref) => ref.judge_key === chosen?.judge_key) ?? null,
    judges: refs,
    n_rows: gold.nRows,
    n_excluded: gold.nExcluded,
    n_gold: gold.rows.filter((row) => row.gold !== null).length,
    judge_agreement: judgeAgreementFromGold(chosenPairs.pairs, chosenPairs.withoutGold),
    judge_trust: judgeTrustFromGold(chosenPairs.pairs, chosenPairs.withoutGold),
    human_agreement: humans.agreements,
    compare_judges: compareJudgesFromGold(judges.map((judge) => ({ name: judge.judge_key, ...pairsOf(judge.judge_key) }))),
    disagreements: disagreementsWithGold(chosenPairs.pairs),
    warnings,
  };
}

/**
 * agreement.export: one line per row (simulator errors left out) as `wai agreement FILE` reads it — id, the
 * judge's reward (null when unjudged), gold pass/fail (null without gold), gold_kind, author — so the CLI
 * computes exactly the judge_agreement agreement.get reports. Rows stream from the store with their reward; only
 * the labelled rows' gold is held.
 */
export function agreementExport(
  context: AppContext,
  runId: string,
  request: AgreementRequest = {},
): { text: string; filename: string; n: number } {
  requireRun(context, runId);
  const excludedAt = excludedRows(context, runId);
  const judges = keptGradedJudges(context, runId, excludedAt);
  const chosen = chooseJudge(judges, runId, request.judge_name, request.version);
  const excluded = excludedAt.ids;
  const { gold } = keptRunLabels(context, runId, rowGold);
  const spelled = chosen === null ? [] : judges.filter((judge) => judge.judge_key === chosen.judge_key);
  const lines: string[] = [];
  for (const row of iterateRowRewards(context.db, runId, spelled)) {
    if (excluded.has(row.id)) continue;
    const goldOfRow = gold.get(row.id) ?? NO_GOLD;
    const line: AgreementLine = {
      id: row.id,
      rollout_id: row.rollout_id,
      judge: row.reward,
      gold: goldOfRow.gold === null ? null : verdictWord(goldOfRow.gold),
      gold_kind: goldOfRow.gold_kind,
      author: goldOfRow.author,
    };
    lines.push(`${JSON.stringify(line)}\n`);
  }
  const suffix = chosen === null ? 'ungraded' : chosen.judge_key.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { text: lines.join(''), filename: `${runId}-agreement-${suffix}.jsonl`, n: lines.length };
}
