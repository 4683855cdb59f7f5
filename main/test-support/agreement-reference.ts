/*
 * The agreement service as it stood before it was made fast (main/services/agreement-service.ts at 291b0e3), kept as
 * the reference the fast one must equal: agreement-service.property.test.ts compares both on random runs, and
 * agreement.bench.ts times both. Do not "fix" this file; it is the definition of the expected output.
 */
import type { AgreementLine, AgreementReport, JudgeRef } from '../../shared/api/agreement';
import { judgeKey } from '../../shared/api/grades';
import { PASS_THRESHOLD, type Label, type LabelKind } from '../../shared/domain';
import {
  compareJudges,
  goldOf,
  humanAgreement,
  judgeAgreement,
  judgeTrust,
  labelVote,
  type AuthoredLabel,
  type HumanAgreement,
  type JudgedPair,
  type TrustPair,
  type Verdict,
} from '../../engine/index';
import { latestVerdicts, simulatorErrorRowIds, type LatestVerdict } from '../store/grades/grades-repository';
import { listLabels, listRowIdentities, type RowIdentity } from '../store/labels/labels-repository';
import type { AppContext } from '../services/app/app-context';
import { chooseJudge, gradedJudges } from '../services/grading/grading-service';
import { requireRun } from '../services/runs/runs-service';
import { simulatorErrorRows } from '../services/app/simulator-error-rows';

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

function verdictOf(grade: LatestVerdict | undefined): Verdict | null {
  if (grade === undefined || grade.reward === null) return null;
  return grade.reward >= PASS_THRESHOLD ? 1 : 0;
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

interface RunPairs {
  rows: RowIdentity[];
  gold: Map<string, RowGold>;
  verdicts: Map<string, Map<string, LatestVerdict>>;
  labels: Label[];
  nExcluded: number;
}

function runPairs(context: AppContext, runId: string): RunPairs {
  const excluded = simulatorErrorRowIds(context.db, runId);
  const rows = listRowIdentities(context.db, runId).filter((row) => !excluded.has(row.id));
  const labels: Label[] = listLabels(context.db, runId).map(({ id: _id, run_id: _runId, ...label }) => label);
  const byRow = new Map<string, Label[]>();
  for (const label of labels) byRow.set(label.row_id, [...(byRow.get(label.row_id) ?? []), label]);
  const gold = new Map<string, RowGold>();
  for (const row of rows) gold.set(row.id, rowGold(byRow.get(row.id) ?? []));
  const verdicts = new Map<string, Map<string, LatestVerdict>>();
  for (const verdict of latestVerdicts(context.db, runId)) {
    const key = judgeKey(verdict.judge_name, verdict.version);
    let judged = verdicts.get(key);
    if (!judged) verdicts.set(key, (judged = new Map()));
    judged.set(verdict.row_id, verdict);
  }
  return { rows, gold, verdicts, labels: labels.filter((label) => !excluded.has(label.row_id)), nExcluded: excluded.size };
}

function judgedPairs(pairs: RunPairs, key: string | null): Array<JudgedPair & TrustPair & { row_id: string }> {
  const judged = key === null ? undefined : pairs.verdicts.get(key);
  return pairs.rows.map((row) => {
    const gold = pairs.gold.get(row.id)!;
    const verdict = judged?.get(row.id);
    return {
      id: row.scenario_id,
      row_id: row.id,
      judge: verdictOf(verdict),
      gold: gold.gold,
      gold_kind: gold.gold_kind,
      author: gold.author,
      unsure: verdict?.unsure ?? false,
    };
  });
}

interface AgreementRequest {
  judge_name?: string | undefined;
  version?: string | undefined;
}

/** agreement.get: the chosen judge against the gold labels, with trust, human-human agreement and every judge compared. */
export function referenceAgreementReport(context: AppContext, runId: string, request: AgreementRequest = {}): AgreementReport {
  requireRun(context, runId);
  const judges = gradedJudges(context, runId);
  const chosen = chooseJudge(judges, runId, request.judge_name, request.version);
  const pairs = runPairs(context, runId);
  const chosenPairs = judgedPairs(pairs, chosen?.judge_key ?? null);
  const warnings: string[] = [];
  if (pairs.nExcluded > 0) warnings.push(`${simulatorErrorRows(pairs.nExcluded)} left out of every number here.`);
  if (chosen === null) warnings.push('No judge has graded this run yet: grade it, then the judge is measured against these labels.');
  const mixed = [...pairs.gold.values()].filter((gold) => gold.isMixed).length;
  if (mixed > 0)
    warnings.push(`${mixed} rows have gold from labels of different kinds: that gold is not all human, so it cannot make the judge ok.`);
  const refs: JudgeRef[] = judges.map(({ judge_key, judge_name, version, n_graded }) => ({ judge_key, judge_name, version, n_graded }));
  const disagreements = chosenPairs
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
    n_rows: pairs.rows.length,
    n_excluded: pairs.nExcluded,
    n_gold: [...pairs.gold.values()].filter((gold) => gold.gold !== null).length,
    judge_agreement: judgeAgreement(chosenPairs),
    judge_trust: judgeTrust(chosenPairs),
    human_agreement: humanAgreements(pairs.labels, warnings),
    compare_judges: compareJudges(judges.map((judge) => ({ name: judge.judge_key, pairs: judgedPairs(pairs, judge.judge_key) }))),
    disagreements,
    warnings,
  };
}

/**
 * agreement.export: one line per row (simulator errors left out) as `wai agreement FILE` reads it — id, the
 * judge's reward (null when unjudged), gold pass/fail (null without gold), gold_kind, author — so the CLI
 * computes exactly the judge_agreement agreement.get reports.
 */
export function referenceAgreementExport(
  context: AppContext,
  runId: string,
  request: AgreementRequest = {},
): { text: string; filename: string; n: number } {
  requireRun(context, runId);
  const chosen = chooseJudge(gradedJudges(context, runId), runId, request.judge_name, request.version);
  const pairs = runPairs(context, runId);
  const judged = chosen === null ? undefined : pairs.verdicts.get(chosen.judge_key);
  const lines = pairs.rows.map((row) => {
    const gold = pairs.gold.get(row.id)!;
    const line: AgreementLine = {
      id: row.id,
      rollout_id: row.rollout_id,
      judge: judged?.get(row.id)?.reward ?? null,
      gold: gold.gold === null ? null : gold.gold === 1 ? 'pass' : 'fail',
      gold_kind: gold.gold_kind,
      author: gold.author,
    };
    return JSON.stringify(line);
  });
  const suffix = chosen === null ? 'ungraded' : chosen.judge_key.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { text: lines.map((line) => `${line}\n`).join(''), filename: `${runId}-agreement-${suffix}.jsonl`, n: lines.length };
}
