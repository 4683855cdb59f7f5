/*
 * The agreement service as it stood before it was made fast (main/services/agreement-service.ts at 291b0e3), kept as
 * the reference the fast one must equal: agreement-service.property.test.ts compares both on random runs, and
 * agreement.bench.ts times both. Do not "fix" this file; it is the definition of the expected output. Issue 22 changed
 * the definition: gold is the settled label, else all annotators agreeing (never a majority), and the report adds the
 * conflicts waiting, how labels were made, Fleiss' kappa and the series; those are worked out here over every row of
 * the run at once, with the engine's plain functions (goldSummary, measureJudge), without the service's memos.
 */
import type { AgreementLine, AgreementReport, JudgeRef } from '../../shared/api/agreement';
import { judgeKey } from '../../shared/api/grades';
import { PASS_THRESHOLD, type Label } from '../../shared/domain';
import {
  compareJudges,
  conflictWarnings,
  currentLabels,
  goldSummary,
  measureJudge,
  NO_ROWS_WITHOUT_GOLD,
  type GoldPair,
  type GoldSummary,
  type Settlement,
  type Verdict,
} from '../../engine/index';
import { latestAdjudications } from '../store/labels/adjudications-repository';
import { latestVerdicts, simulatorErrorRowIds, type LatestVerdict } from '../store/grades/grades-repository';
import { listLabels, listRowIdentities, type RowIdentity } from '../store/labels/labels-repository';
import type { AppContext } from '../services/app/app-context';
import { chooseJudge, gradedJudges } from '../services/grading/grading-service';
import { requireRun } from '../services/runs/runs-service';
import { simulatorErrorRows } from '../services/app/simulator-error-rows';

function verdictOf(grade: LatestVerdict | undefined): Verdict | null {
  if (grade === undefined || grade.reward === null) return null;
  return grade.reward >= PASS_THRESHOLD ? 1 : 0;
}

type ReferenceRow = RowIdentity & {
  row_id: string;
  task: string;
  labels: Label[];
  settlement: (Settlement & { created_at: string }) | null;
};

interface RunPairs {
  rows: RowIdentity[];
  summary: GoldSummary<ReferenceRow>;
  gold: Map<string, GoldSummary<ReferenceRow>['rows'][number]>;
  verdicts: Map<string, Map<string, LatestVerdict>>;
  nExcluded: number;
}

function runPairs(context: AppContext, runId: string, isBlindOnly: boolean): RunPairs {
  const excluded = simulatorErrorRowIds(context.db, runId);
  const rows = listRowIdentities(context.db, runId).filter((row) => !excluded.has(row.id));
  const labels: Label[] = listLabels(context.db, runId).map(({ id: _id, run_id: _runId, ...label }) => label);
  const byRow = new Map<string, Label[]>();
  for (const label of labels) byRow.set(label.row_id, [...(byRow.get(label.row_id) ?? []), label]);
  const settled = latestAdjudications(context.db, runId);
  const summary = goldSummary(
    rows.map((row): ReferenceRow => {
      const settlement = settled.get(row.id);
      return {
        ...row,
        row_id: row.id,
        task: row.scenario_id,
        labels: byRow.get(row.id) ?? [],
        settlement: settlement
          ? { label: settlement.label === 'pass' ? 1 : 0, author: settlement.author, created_at: settlement.created_at }
          : null,
      };
    }),
    { blindOnly: isBlindOnly },
  );
  const gold = new Map(summary.rows.map((row) => [row.id, row]));
  const verdicts = new Map<string, Map<string, LatestVerdict>>();
  for (const verdict of latestVerdicts(context.db, runId)) {
    const key = judgeKey(verdict.judge_name, verdict.version);
    let judged = verdicts.get(key);
    if (!judged) verdicts.set(key, (judged = new Map()));
    judged.set(verdict.row_id, verdict);
  }
  return { rows, summary, gold, verdicts, nExcluded: excluded.size };
}

function judgedPairs(pairs: RunPairs, key: string | null): GoldPair[] {
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
      decided_at: gold.decided_at,
    };
  });
}

interface AgreementRequest {
  judge_name?: string | undefined;
  version?: string | undefined;
  blind_only?: boolean | undefined;
}

/** agreement.get: the chosen judge against the gold labels, with trust, human-human agreement and every judge compared. */
export function referenceAgreementReport(context: AppContext, runId: string, request: AgreementRequest = {}): AgreementReport {
  requireRun(context, runId);
  const judges = gradedJudges(context, runId);
  const chosen = chooseJudge(judges, runId, request.judge_name, request.version);
  const isBlindOnly = request.blind_only ?? false;
  const pairs = runPairs(context, runId, isBlindOnly);
  const { summary } = pairs;
  const chosenPairs = judgedPairs(pairs, chosen?.judge_key ?? null);
  const measure = measureJudge(chosenPairs, NO_ROWS_WITHOUT_GOLD);
  const warnings: string[] = [];
  if (pairs.nExcluded > 0) warnings.push(`${simulatorErrorRows(pairs.nExcluded)} left out of every number here.`);
  if (chosen === null) warnings.push('No judge has graded this run yet: grade it, then the judge is measured against these labels.');
  if (isBlindOnly) {
    warnings.push(
      `Blind labels only: ${summary.labels_made.blind} labels made with the judges hidden count; ` +
        `${summary.labels_made.sighted + summary.labels_made.unrecorded} others and every settlement are left out.`,
    );
  }
  warnings.push(...conflictWarnings(summary.n_conflicts));
  const mixed = summary.rows.filter((gold) => gold.isMixed).length;
  if (mixed > 0)
    warnings.push(`${mixed} rows have gold from labels of different kinds: that gold is not all human, so it cannot make the judge ok.`);
  warnings.push(...summary.warnings);
  const refs: JudgeRef[] = judges.map(({ judge_key, judge_name, version, n_graded }) => ({ judge_key, judge_name, version, n_graded }));
  return {
    run_id: runId,
    judge: refs.find((ref) => ref.judge_key === chosen?.judge_key) ?? null,
    judges: refs,
    n_rows: pairs.rows.length,
    n_excluded: pairs.nExcluded,
    n_gold: summary.n_gold,
    n_conflicts: summary.n_conflicts,
    blind_only: isBlindOnly,
    labels_made: summary.labels_made,
    judge_agreement: measure.judge_agreement,
    judge_trust: measure.judge_trust,
    human_agreement: summary.human_agreement,
    fleiss: summary.fleiss,
    series: measure.series,
    compare_judges: compareJudges(judges.map((judge) => ({ name: judge.judge_key, pairs: judgedPairs(pairs, judge.judge_key) }))),
    disagreements: measure.disagreements,
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
  const pairs = runPairs(context, runId, false);
  const judged = chosen === null ? undefined : pairs.verdicts.get(chosen.judge_key);
  const word = (verdict: Verdict) => (verdict === 1 ? ('pass' as const) : ('fail' as const));
  const lines = pairs.rows.map((row) => {
    const gold = pairs.gold.get(row.id)!;
    const isLabelled = gold.labels.length > 0 || gold.settlement !== null;
    const line: AgreementLine = {
      id: row.id,
      rollout_id: row.rollout_id,
      judge: judged?.get(row.id)?.reward ?? null,
      gold: gold.gold === null ? null : word(gold.gold),
      gold_kind: gold.gold_kind,
      author: gold.author,
      ...(isLabelled
        ? {
            scenario_id: row.scenario_id,
            labels: currentLabels(gold.labels).map((label) => ({
              author: label.author,
              label: label.label,
              kind: label.kind,
              blind: label.blind ?? null,
              created_at: label.created_at,
            })),
            settled: gold.settlement && {
              label: word(gold.settlement.label),
              author: gold.settlement.author,
              created_at: gold.settlement.created_at,
            },
          }
        : {}),
    };
    return JSON.stringify(line);
  });
  const suffix = chosen === null ? 'ungraded' : chosen.judge_key.replace(/[^A-Za-z0-9._-]+/g, '_');
  return { text: lines.map((line) => `${line}\n`).join(''), filename: `${runId}-agreement-${suffix}.jsonl`, n: lines.length };
}
