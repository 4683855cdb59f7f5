import type { ExportReport } from '../../../engine/index';
import { type ExportPlan, isPreference } from './export-plan';

const rows = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/** Why a DPO export paired nothing, and its fix, from the pairing's own counts. */
function noPairs(plan: ExportPlan, reports: readonly ExportReport[]): string {
  const pairs = reports.flatMap((report) => (report.kind === 'dpo' ? [report.pairs] : []));
  const read = pairs.reduce((total, report) => total + report.n_rows, 0);
  const prompts = pairs.reduce((total, report) => total + report.n_prompts, 0);
  const ungraded = reports
    .flatMap((report) => (report.kind === 'dpo' ? report.pairs.warnings : []))
    .find((warning) => warning.includes('ungraded'));
  if (ungraded)
    return `no DPO pair could be made: ${ungraded}. Fix: grade the run (wai grade ${plan.run.id}, or Grade in the app), then export again.`;
  if (read > 0 && prompts === read) {
    return (
      `no DPO pair could be made: every situation has a single rollout (the run was simulated with repeats ${plan.run.config.repeats}), ` +
      'and a pair needs two rollouts of one situation, one passing and one failing. Fix: simulate the same spec and seed again with ' +
      '--repeats 2 or more ("New run with repeats" in the app), grade that run, then export it.'
    );
  }
  return (
    'no DPO pair could be made: no situation has both a passing and a failing rollout. Fix: simulate again with more --repeats ' +
    '(or a higher --fault-rate) so rollouts of one situation disagree, grade the run, then export it.'
  );
}

/**
 * Why an export would write no line at all, and what to do, as one sentence for the CLI's error and the dialog's
 * warning (it names the CLI's flags and the app's controls): nothing is written then, not even an empty file.
 */
export function nothingToWrite(plan: ExportPlan, reports: readonly ExportReport[]): string {
  const head = `Nothing to write for run ${plan.run.id}`;
  if (plan.n_selected === 0 && plan.request.selection.passes_only) {
    return (
      `${head}: no selected row has a full pass (reward 1). Fix: grade the run first, or take every row (--select all; ` +
      '"Passes only" off in the app).'
    );
  }
  if (plan.n_selected === 0) return `${head}: the selection matches no rows. Fix: choose other rows, or export the whole run.`;
  const exported = [...plan.ids.values()].reduce((total, ids) => total + ids.length, 0);
  if (exported === 0) {
    return (
      `${head}: none of the ${rows(plan.n_selected)} selected reaches a split this export writes (simulator errors, decontamination ` +
      'and the split fractions left none). Fix: write more splits (--splits), or change the fractions.'
    );
  }
  if (isPreference(plan.request.format)) return `${head}: ${noPairs(plan, reports)}`;
  if (plan.request.format === 'grpo') {
    const reason = reports.flatMap((report) => report.warnings)[0] ?? 'no prompt has both passes and failures in the difficulty band';
    return `${head}: ${reason}. Fix: simulate with more --repeats so each prompt has rollouts that disagree, and grade the run.`;
  }
  return `${head}: no selected row has an assistant turn to train on. Fix: check the run's conversations, or export other rows.`;
}
