import type { GateDrop } from '../../../shared/api/exports';
import type { DecontaminationReport, ExportReport } from '../../../engine/index';

const drop = (drops: GateDrop[], gate: string, n: number, reason: string) => {
  if (n > 0) drops.push({ gate, n, reason });
};

/** Every reason rows (or lines) did not reach the file, summed over the splits, in the order the gates run. */
export function gateDrops(reports: readonly ExportReport[], decontamination: DecontaminationReport | null): GateDrop[] {
  const drops: GateDrop[] = [];
  if (decontamination) {
    drop(drops, 'decontamination', decontamination.n_same_task, 'same task id as an evaluation row');
    drop(drops, 'decontamination', decontamination.n_exact, 'prompt equals an evaluation text (normalised)');
    drop(
      drops,
      'decontamination',
      decontamination.n_near,
      `8-grams shared with one evaluation text cover >= ${decontamination.overlap} of the prompt`,
    );
    drop(drops, 'decontamination', decontamination.n_semantic, 'paraphrase of an evaluation prompt');
  }
  const sum = (pick: (report: ExportReport) => number) => reports.reduce((total, report) => total + pick(report), 0);
  const kinds = new Set(reports.map((report) => report.kind));
  if (kinds.has('sft')) {
    drop(
      drops,
      'no_assistant',
      sum((report) => (report.kind === 'sft' ? report.no_assistant_dropped : 0)),
      'no assistant turn to learn from',
    );
  }
  if (kinds.has('dpo')) {
    drop(
      drops,
      'pairing',
      sum((report) => (report.kind === 'dpo' ? report.pairs.excluded_rows : 0)),
      'ungraded, junk or quoting privileged text: not paired',
    );
    drop(
      drops,
      'pairing',
      sum((report) => (report.kind === 'dpo' ? report.pairs.ties_dropped : 0)),
      'pairs with no reward difference (ties)',
    );
    drop(
      drops,
      'pairing',
      sum((report) => (report.kind === 'dpo' ? report.no_completion_dropped : 0)),
      'pairs whose sides never diverge on an assistant turn',
    );
  }
  if (kinds.has('grpo')) {
    const grpo = (pick: (selection: NonNullable<Extract<ExportReport, { kind: 'grpo' }>['selection']>) => number) =>
      sum((report) => (report.kind === 'grpo' && report.selection ? pick(report.selection) : 0));
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.privileged_leaks),
      'rows quoting privileged text',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.junk),
      'junk or do-nothing rows',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.duplicates),
      'duplicate trajectories within an ask',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.truncated),
      'truncated rows',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.ungraded),
      'ungraded rows',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.unanimous_rows),
      'rows of unanimous groups (all pass or all fail)',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.too_easy_groups),
      'asks above the difficulty band (groups)',
    );
    drop(
      drops,
      'rl_selection',
      grpo((selection) => selection.dropped.too_hard_groups),
      'asks below the difficulty band (groups)',
    );
  }
  const gates = (report: ExportReport) => ('tool_call_roundtrip' in report ? report : null);
  drop(
    drops,
    'tool_call_roundtrip',
    sum((report) => gates(report)?.tool_call_roundtrip.invalid ?? 0),
    'tool calls whose arguments would not survive the trip into the trainer',
  );
  drop(
    drops,
    'privileged_leak',
    sum((report) => gates(report)?.privileged_leaks.n_leaked ?? 0),
    'rows quoting privileged text (hidden state, reference, principle)',
  );
  drop(
    drops,
    'line_check',
    sum((report) => report.line_check.n_invalid),
    'lines that break the format',
  );
  return drops;
}

/** Why a validating export would refuse its files (the gates that refuse rather than drop). */
export function refusals(drops: readonly GateDrop[]): string[] {
  return drops
    .filter((item) => item.gate === 'tool_call_roundtrip' || item.gate === 'privileged_leak' || item.gate === 'line_check')
    .map((item) => `${item.n} ${item.reason}`);
}
