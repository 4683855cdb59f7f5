import type { AgreementLine, AgreementReport, JudgeRef } from '../../../shared/api/agreement';
import type { StoredAdjudication } from '../../../shared/api/labels';
import { passBit, type Label } from '../../../shared/domain';
import {
  compareJudgesFromGold,
  conflictWarnings,
  goldSummary,
  measureJudge,
  rowsWithoutGold,
  verdictWord,
  currentLabels as currentLabelsOf,
  type GoldInput,
  type GoldPair,
  type GoldRowOf,
  type GoldSummary,
  type RowsWithoutGold,
  type Verdict,
} from '../../../engine/index';
import { iterateRowRewards, type LabelledRowGrade } from '../../store/grades/agreement-reads-repository';
import { latestAdjudications } from '../../store/labels/adjudications-repository';
import type { LabelledRow } from '../../store/labels/labels-repository';
import { memoOnTables } from '../../store/store-memo';
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

/** The labels of one row, as they are: keptRunLabels keeps them grouped by row, this the group itself. */
const rowLabels = (labels: readonly Label[]): readonly Label[] => labels;

/** The run's settlements (latest per row), kept while the labels' counter stays: a settlement moves it (migration 014). */
function keptAdjudications(context: AppContext, runId: string): Map<string, StoredAdjudication> {
  return memoOnTables(context.db, ['labels'], JSON.stringify(['adjudications', runId]), () => latestAdjudications(context.db, runId));
}

type RunGoldInput = GoldInput & LabelledRow;

/**
 * What agreement reads of a run: only rows that carry a label or a settlement become gold inputs (no other row can
 * have gold); every other row enters as counts (rows, and per judge, the rows it left unjudged or marked unsure).
 */
interface GoldRows {
  /** Rows measured over: the run's rows less simulator-error ones. */
  nRows: number;
  nExcluded: number;
  summary: GoldSummary<RunGoldInput>;
  /** Per judge key, its newest grade on each labelled row (as latestVerdicts merged by key). */
  verdicts: Map<string, Map<string, LabelledRowGrade>>;
}

/**
 * The labels grow with each label (agreement-memo keptRunLabels); the rest (the rows counted, each labelled row's
 * identity and grades) is kept while the rows and grades stay. Gold is worked out afresh (engine goldSummary).
 */
function goldRows(context: AppContext, runId: string, excluded: Excluded, isBlindOnly: boolean): GoldRows {
  const { gold: labelsByRow } = keptRunLabels(context, runId, rowLabels);
  const settlements = keptAdjudications(context, runId);
  const labelled = labelledRowsOf(context, runId, [...labelsByRow.keys(), ...settlements.keys()]);
  const inputs = labelled
    .filter((row) => !excluded.ids.has(row.id))
    .map((row): RunGoldInput => {
      const settled = settlements.get(row.id);
      return {
        ...row,
        row_id: row.id,
        task: row.scenario_id,
        labels: labelsByRow.get(row.id) ?? [],
        settlement: settled ? { label: settled.label === 'pass' ? 1 : 0, author: settled.author, created_at: settled.created_at } : null,
      };
    });
  return {
    nRows: keptIncludedRows(context, runId, excluded),
    nExcluded: excluded.ids.size,
    summary: goldSummary(inputs, { blindOnly: isBlindOnly }),
    verdicts: verdictsByKey(gradesOfRows(context, runId, labelled)),
  };
}

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
  const pairs = gold.summary.rows
    .filter((row) => row.gold !== null)
    .map((row: GoldRowOf<RunGoldInput>): GoldPair => {
      const verdict = judged?.get(row.id);
      return {
        id: row.scenario_id,
        row_id: row.id,
        judge: verdictOf(verdict),
        gold: row.gold,
        gold_kind: row.gold_kind,
        author: row.author,
        unsure: verdict?.unsure ?? false,
        decided_at: row.decided_at,
      };
    });
  const counts = keptKeyCounts(context, runId, judges, key, excluded);
  return { pairs, withoutGold: rowsWithoutGold(gold.nRows, counts, pairs) };
}

export interface AgreementRequest {
  judge_name?: string | undefined;
  version?: string | undefined;
  /** Only labels made blind, and no settlement. */
  blind_only?: boolean | undefined;
}

/**
 * agreement.get: the chosen judge against the gold labels (settled, else all annotators agreeing), with trust, how it
 * settled as gold grew, the conflicts waiting, human-human agreement and every judge compared.
 */
export function agreementReport(context: AppContext, runId: string, request: AgreementRequest = {}): AgreementReport {
  requireRun(context, runId);
  const isBlindOnly = request.blind_only ?? false;
  const excluded = excludedRows(context, runId);
  const judges = keptGradedJudges(context, runId, excluded);
  const chosen = chooseJudge(judges, runId, request.judge_name, request.version);
  const gold = goldRows(context, runId, excluded, isBlindOnly);
  const byKey = new Map<string | null, KeyPairs>();
  const pairsOf = (key: string | null): KeyPairs => {
    let found = byKey.get(key);
    if (!found) byKey.set(key, (found = keyPairs(context, runId, gold, judges, key, excluded)));
    return found;
  };
  const chosenPairs = pairsOf(chosen?.judge_key ?? null);
  const measure = measureJudge(chosenPairs.pairs, chosenPairs.withoutGold);
  const { summary } = gold;
  const warnings: string[] = [];
  if (gold.nExcluded > 0) warnings.push(`${simulatorErrorRows(gold.nExcluded)} left out of every number here.`);
  if (chosen === null) warnings.push('No judge has graded this run yet: grade it, then the judge is measured against these labels.');
  if (isBlindOnly) {
    warnings.push(
      `Blind labels only: ${summary.labels_made.blind} labels made with the judges hidden count; ` +
        `${summary.labels_made.sighted + summary.labels_made.unrecorded} others and every settlement are left out.`,
    );
  }
  warnings.push(...conflictWarnings(summary.n_conflicts));
  const mixed = summary.rows.filter((row) => row.isMixed).length;
  if (mixed > 0)
    warnings.push(`${mixed} rows have gold from labels of different kinds: that gold is not all human, so it cannot make the judge ok.`);
  const refs: JudgeRef[] = judges.map(({ judge_key, judge_name, version, n_graded }) => ({ judge_key, judge_name, version, n_graded }));
  warnings.push(...summary.warnings);
  return {
    run_id: runId,
    judge: refs.find((ref) => ref.judge_key === chosen?.judge_key) ?? null,
    judges: refs,
    n_rows: gold.nRows,
    n_excluded: gold.nExcluded,
    n_gold: summary.n_gold,
    n_conflicts: summary.n_conflicts,
    blind_only: isBlindOnly,
    labels_made: summary.labels_made,
    judge_agreement: measure.judge_agreement,
    judge_trust: measure.judge_trust,
    human_agreement: summary.human_agreement,
    fleiss: summary.fleiss,
    series: measure.series,
    compare_judges: compareJudgesFromGold(judges.map((judge) => ({ name: judge.judge_key, ...pairsOf(judge.judge_key) }))),
    disagreements: measure.disagreements,
    warnings,
  };
}

/** A row's labels as the agreement file carries them: each author's current label (and every unsigned one). */
function fileLabels(row: GoldRowOf<RunGoldInput>): NonNullable<AgreementLine['labels']> {
  return currentLabelsOf(row.labels).map((label) => ({
    author: label.author,
    label: label.label,
    kind: label.kind,
    blind: label.blind ?? null,
    created_at: label.created_at,
  }));
}

/**
 * agreement.export: one line per row (simulator errors left out) as `wai agreement FILE` reads it — id, the judge's
 * reward (null when unjudged), gold pass/fail (null without gold), gold_kind, author, the row's scenario, and where the
 * row has labels, every author's current label (with whether it was made blind) and its settlement — so the CLI derives
 * exactly the gold, conflicts, human-human agreement and judge figures agreement.get reports (`--blind-only` as
 * blind_only). Rows stream from the store with their reward; only the labelled rows' gold is held.
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
  const gold = new Map(goldRows(context, runId, excludedAt, false).summary.rows.map((row) => [row.id, row]));
  const spelled = chosen === null ? [] : judges.filter((judge) => judge.judge_key === chosen.judge_key);
  const lines: string[] = [];
  for (const row of iterateRowRewards(context.db, runId, spelled)) {
    if (excluded.has(row.id)) continue;
    const labelled = gold.get(row.id);
    const line: AgreementLine = {
      id: row.id,
      rollout_id: row.rollout_id,
      judge: row.reward,
      gold: labelled?.gold == null ? null : verdictWord(labelled.gold),
      gold_kind: labelled?.gold_kind ?? null,
      author: labelled?.author ?? null,
      ...(labelled?.scenario_id === undefined ? {} : { scenario_id: labelled.scenario_id }),
      ...(labelled === undefined
        ? {}
        : {
            labels: fileLabels(labelled),
            settled: labelled.settlement && {
              label: verdictWord(labelled.settlement.label),
              author: labelled.settlement.author,
              created_at: labelled.settlement.created_at,
            },
          }),
    };
    lines.push(`${JSON.stringify(line)}\n`);
  }
  const suffix = chosen === null ? 'ungraded' : chosen.judge_key.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { text: lines.join(''), filename: `${runId}-agreement-${suffix}.jsonl`, n: lines.length };
}
