import type { CoverageSummary, Run, SimulationSummary } from '../../shared/domain';

/** Warnings and degraded marks first, then the numbers: a figure is never read without its caveats. */
export function printSummary(run: Run, summary: SimulationSummary): void {
  const lines: string[] = [];
  const warnings = run.warnings;
  if (run.degraded.length > 0) lines.push(`DEGRADED: ${run.degraded.join(', ')}`);
  if (warnings.length > 0) {
    lines.push('Warnings:');
    for (const warning of warnings) lines.push(`  - ${warning}`);
  }
  const { coverage, search } = summary;
  const pairwise = coverage.pairwise;
  lines.push(`Run ${run.id} (${run.status}): ${summary.rows} rows, stopped because ${summary.stopped_because}`);
  const mode = modeLine(coverage);
  if (mode) lines.push(mode);
  lines.push(
    `Coverage: ${pairwise.pairs_covered} of ${pairwise.pairs_planned} planned pairs (${pairwise.fraction ?? '-'}), ` +
      `${coverage.unique_cells} cells, ${coverage.unique_scenario_ids} situations, ${coverage.unique_signatures} behaviour signatures, ` +
      `${coverage.cells_unvisited} of ${search.grid.cells} grid cells unvisited`,
  );
  const saturation = saturationLine(coverage);
  if (saturation) lines.push(saturation);
  lines.push(
    `Rollouts: ${search.rollouts.landed} landed (${search.rollouts.resumed} resumed), ${search.rollouts.rerolled} re-rolled, ` +
      `${search.rollouts.lost} lost`,
  );
  const groups = search.repeat_groups;
  if (groups)
    lines.push(
      `Repeats: ${groups.topped_up} of ${groups.prompts} prompts got the rest of their repeats; ${groups.rollouts_saved} rollouts not ` +
        `spent`,
    );
  lines.push(
    `Writers: ${Object.entries(search.arm_weights)
      .map(([arm, share]) => `${arm} ${share.toFixed(2)}`)
      .join(', ')}`,
  );
  const modelWriter = modelWriterLine(search);
  if (modelWriter) lines.push(modelWriter);
  const logprobs = summary.logprobs;
  if (logprobs) lines.push(`Logprobs: ${logprobs.with_logprobs} of ${logprobs.turns} agent turns have one (tool-call turns have none)`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** What the simulator model wrote for the llm_guided arm, and what was dropped; absent when no model wrote situations. */
export function modelWriterLine(search: SimulationSummary['search']): string | undefined {
  const report = search.model_writer;
  if (!report) return undefined;
  const dropped = `${report.invalid} invalid, ${report.duplicates} duplicate and ${report.near_copies} near-copy asks dropped`;
  return (
    `Simulator model: ${report.model} wrote ${report.kept} new situations of ${report.cards_asked} asked (${dropped}); ` +
    `${report.restarts} restarts, ${report.fallbacks} of ${report.calls} calls written by the template instead`
  );
}

/**
 * `Mode: rl (repeat_policy successive, 1 phrasing x 8 repeats, fault rate 0.8, prefer_success off)`; absent on runs stored before modes.
 */
export function modeLine(coverage: CoverageSummary): string | undefined {
  if (coverage.mode === undefined) return undefined;
  const parts = [
    coverage.repeat_policy && `repeat_policy ${coverage.repeat_policy}`,
    coverage.requests_per_situation !== undefined &&
      coverage.rollouts_per_request !== undefined &&
      `${coverage.requests_per_situation} phrasing${coverage.requests_per_situation === 1 ? '' : 's'} x ` +
        `${coverage.rollouts_per_request} repeat${coverage.rollouts_per_request === 1 ? '' : 's'}`,
    coverage.fault_rate !== undefined && `fault rate ${coverage.fault_rate}`,
    coverage.prefer_success !== undefined && `prefer_success ${coverage.prefer_success ? 'on' : 'off'}`,
    coverage.time_budget !== undefined && `time budget ${coverage.time_budget} s`,
  ].filter((part): part is string => typeof part === 'string');
  return `Mode: ${coverage.mode}${parts.length > 0 ? ` (${parts.join(', ')})` : ''}`;
}

/** `Saturation: ...` from coverage.saturation and predicted_to_saturation; absent on runs stored before the stop rule. */
export function saturationLine(coverage: CoverageSummary): string | undefined {
  if (coverage.saturation === undefined) return undefined;
  const until = coverage.until === undefined ? '' : ` (until ${coverage.until})`;
  const copies =
    coverage.min_cell_copies !== undefined && coverage.copies_needed !== undefined
      ? `, fewest rows in a planned cell ${coverage.min_cell_copies} of ${coverage.copies_needed}`
      : '';
  if (coverage.saturation) return `Saturation: saturated${until}${copies}`;
  const predicted = coverage.predicted_to_saturation;
  const filled =
    coverage.min_cell_copies !== undefined && coverage.copies_needed !== undefined && coverage.min_cell_copies >= coverage.copies_needed;
  let state = 'not saturated';
  if (filled) state = 'every planned cell has its rows, but the run did not stop on it';
  else if (predicted !== undefined && predicted > 0) state = `not saturated, about ${predicted} more rows predicted to saturation`;
  else if (predicted === 0) state = 'not saturated when the budget ran out';
  return `Saturation: ${state}${until}${copies}`;
}
