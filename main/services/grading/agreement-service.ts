import type { AgreementLine, AgreementReport, JudgeRef } from '../../../shared/api/agreement';
import { passBit, type Label, type LabelKind } from '../../../shared/domain';
import {
  compareJudgesFromGold,
  goldOf,
  humanAgreement,
  judgeAgreementFromGold,
  judgeTrustFromGold,
  labelVote,
  type AuthoredLabel,
  type HumanAgreement,
  type JudgedPair,
  type RowsWithoutGold,
  type TrustPair,
  type Verdict,
} from '../../../engine/index';
import { iterateRowRewards, type LabelledRowGrade } from '../../store/grades/grades-repository';
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

type RunJudge = GradedJudge & { n_graded: number };
import { requireRun } from '../runs/runs-service';
import { simulatorErrorRows } from '../app/simulator-error-rows';

/** A row's gold: the majority of each author's latest pass/fail label. */
interface RowGold {
  gold: Verdict | null;
  gold_kind: LabelKind | null;
  /** The voters' names (sorted, comma-joined); null when any counted vote is unsigned, so the row is unmeasured. */
  author: string | null;
  isMixed: boolean;
}

/** Each author's latest label plus every unsigned one, oldest first (the labels that count). */
function currentLabels(labels: readonly Label[]): Label[] {
  const latest = new Map<string, Label>();
  const unsigned: Label[] = [];
  for (const label of labels) {
    if (label.author === null) unsigned.push(label);
    else {
      latest.delete(label.author);
      latest.set(label.author, label);
    }
  }
  return [...latest.values(), ...unsigned];
}

/**
 * The gold of a row's labels (engine goldOf). A row whose votes mix kinds is reported with its least trusted
 * kind (model, else program), so gold that is not all human is never taken for human.
 */
function rowGold(labels: readonly Label[]): RowGold {
  const gold = goldOf(labels);
  if (gold.gold_reward === null) return { gold: null, gold_kind: null, author: null, isMixed: false };
  const voters = currentLabels(labels).filter((label) => labelVote(label.label) !== null);
  const isUnsigned = voters.some((label) => label.author === null);
  const author = isUnsigned ? null : [...new Set(voters.map((label) => label.author!))].sort().join(', ');
  if (gold.gold_kind !== 'mixed') return { gold: gold.gold_reward, gold_kind: gold.gold_kind, author, isMixed: false };
  return { gold: gold.gold_reward, gold_kind: voters.some((label) => label.kind === 'model') ? 'model' : 'program', author, isMixed: true };
}

function verdictOf(grade: LabelledRowGrade | undefined): Verdict | null {
  if (grade === undefined || grade.reward === null) return null;
  return passBit(grade.reward);
}

/** Two people compared on every row both labelled (human labels, each one's latest, pass/fail only). */
function humanAgreements(labels: readonly Label[], warnings: string[]): HumanAgreement[] {
  const latest = new Map<string, Label>();
  for (const label of labels) {
    if (label.kind === 'human' && label.author !== null) latest.set(`${label.author}\u0000${label.row_id}`, label);
  }
  const authored: AuthoredLabel[] = [];
  for (const label of latest.values()) {
    const vote = labelVote(label.label);
    if (vote !== null) authored.push({ id: label.row_id, author: label.author!, label: vote });
  }
  const authors = [...new Set(authored.map((label) => label.author))].sort();
  const results: HumanAgreement[] = [];
  for (let first = 0; first < authors.length; first += 1) {
    for (let second = first + 1; second < authors.length; second += 1) {
      const result = humanAgreement(authored, [authors[first]!, authors[second]!]);
      if (result.n > 0) results.push(result);
    }
  }
  if (authors.length >= 2 && results.length === 0)
    warnings.push(`${authors.join(', ')} labelled no row in common: human-human agreement needs two people on the same rows.`);
  return results;
}

/** A judge graded on the run, as grading-service gradedJudges reports it (same figures, same order). */
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

const NO_GOLD: RowGold = { gold: null, gold_kind: null, author: null, isMixed: false };

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
  // Over every row: unjudged = no grade, or a grade without a reward; the gold rows' share is in the pairs.
  const unjudged = gold.nRows - (counts.n_graded - counts.n_unjudged);
  const withoutGold = {
    n: gold.nRows - pairs.length,
    unjudged: unjudged - pairs.filter((pair) => pair.judge === null).length,
    unsure: counts.n_unsure - pairs.filter((pair) => pair.unsure).length,
  };
  return { pairs, withoutGold };
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
  const disagreements = chosenPairs.pairs
    .filter((pair) => pair.judge !== null && pair.gold !== null && pair.judge !== pair.gold)
    .map((pair) => ({
      row_id: pair.row_id,
      judge: pair.judge === 1 ? ('pass' as const) : ('fail' as const),
      gold: pair.gold === 1 ? ('pass' as const) : ('fail' as const),
    }));
  return {
    run_id: runId,
    judge: refs.find((ref) => ref.judge_key === chosen?.judge_key) ?? null,
    judges: refs,
    n_rows: gold.nRows,
    n_excluded: gold.nExcluded,
    n_gold: gold.rows.filter((row) => row.gold !== null).length,
    judge_agreement: judgeAgreementFromGold(chosenPairs.pairs, chosenPairs.withoutGold),
    judge_trust: judgeTrustFromGold(chosenPairs.pairs, chosenPairs.withoutGold),
    human_agreement: humanAgreements(gold.labels, warnings),
    compare_judges: compareJudgesFromGold(judges.map((judge) => ({ name: judge.judge_key, ...pairsOf(judge.judge_key) }))),
    disagreements,
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
    const rowGold = gold.get(row.id) ?? NO_GOLD;
    const line: AgreementLine = {
      id: row.id,
      rollout_id: row.rollout_id,
      judge: row.reward,
      gold: rowGold.gold === null ? null : rowGold.gold === 1 ? 'pass' : 'fail',
      gold_kind: rowGold.gold_kind,
      author: rowGold.author,
    };
    lines.push(`${JSON.stringify(line)}\n`);
  }
  const suffix = chosen === null ? 'ungraded' : chosen.judge_key.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { text: lines.join(''), filename: `${runId}-agreement-${suffix}.jsonl`, n: lines.length };
}
