import type { Run, SimulationSummary } from '../../shared/domain';

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
  lines.push(
    `Run ${run.id} (${run.status}): ${summary.rows} rows, stopped because ${summary.stopped_because}`,
    `Coverage: ${pairwise.pairs_covered} of ${pairwise.pairs_planned} planned pairs (${pairwise.fraction ?? '-'}), ` +
      `${coverage.unique_cells} cells, ${coverage.unique_scenario_ids} situations, ${coverage.unique_signatures} behaviour signatures, ` +
      `${coverage.cells_unvisited} of ${search.grid.cells} grid cells unvisited`,
    `Rollouts: ${search.rollouts.landed} landed (${search.rollouts.resumed} resumed), ${search.rollouts.rerolled} re-rolled, ${search.rollouts.lost} lost`,
    `Writers: ${Object.entries(search.arm_weights)
      .map(([arm, share]) => `${arm} ${share.toFixed(2)}`)
      .join(', ')}`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
}
