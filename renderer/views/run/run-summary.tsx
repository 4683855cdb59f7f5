import type { SimulationSummary } from '../../../shared/domain';
import { Figures, ofTotal, type Figure } from './figures';
import { formatCount, formatShare } from './format';
import { LoopFigures } from './loop-figures';
import { tierRows } from './tiers';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What the run produced, once it has ended: coverage arithmetic, rollouts, the difficulty tiers, what each writer
 * wrote, what the run delivered, its grading in the loop and the writers' errors. Words as the Coverage screen uses
 * them: a "cell" is a square of the planned grid; the other counts are of distinct things among the rows.
 */
export function RunSummary({ summary }: { summary: SimulationSummary }) {
  const { coverage, search } = summary;
  const { rollouts, tier_mix: tierMix } = search;
  const lostBy = Object.entries(rollouts.lost_by).filter(([, count]) => count > 0);
  return (
    <div className="run-summary">
      <Figures
        title="Coverage"
        rows={[
          {
            label: 'Pairs covered',
            value: ofTotal(coverage.pairwise.pairs_covered, coverage.pairwise.pairs_planned),
            title: 'Pairs of axis values with a conversation, of the pairs the grid planned.',
          },
          { label: 'Fraction', value: formatShare(coverage.pairwise.fraction) },
          {
            label: 'Planned cells visited',
            value: ofTotal(search.grid.cells - coverage.cells_unvisited, search.grid.cells),
            title: 'Cells of the planned grid (one value on each axis) with at least one conversation, as on the Coverage screen.',
          },
          {
            label: 'Distinct axis combinations',
            value: formatCount(coverage.unique_cells),
            title:
              'Different combinations of the six axis values among the rows: writers beyond the grid add combinations it did not plan.',
          },
          {
            label: 'Distinct situations',
            value: formatCount(coverage.unique_scenario_ids),
            title: 'Different scenario_id values: the worlds the writers planned; several can share one axis combination.',
          },
          {
            label: 'Distinct behaviours',
            value: formatCount(coverage.unique_signatures),
            title:
              'Different behaviour signatures: the tools the agent called, where each argument came from and what each returned, ' +
              'whether it refused, and its reply length.',
          },
          {
            label: 'Distinct prompts',
            value: formatCount(coverage.unique_prompts),
            title: 'Different opening asks of the simulated user.',
          },
        ]}
      />
      <Figures
        title="Rollouts"
        rows={[
          { label: 'Landed', value: formatCount(rollouts.landed) },
          { label: 'Resumed', value: formatCount(rollouts.resumed), title: 'Rows read back from the store when the run resumed.' },
          { label: 'Re-rolled', value: formatCount(rollouts.rerolled) },
          { label: 'Lost', value: formatCount(rollouts.lost) },
          ...lostBy.map(([reason, count]): Figure => ({ label: `  lost to ${reason}`, value: formatCount(count) })),
          { label: 'Ended on a question', value: formatCount(search.ended_on_question.n) },
        ]}
      />
      <Figures
        title="Difficulty tiers"
        note="The search mixes four tiers; each groups stances, so its count is the sum of theirs in the Stance filter."
        rows={[
          {
            label: 'Hard share requested',
            value: formatShare(tierMix.hard_share_requested),
            title: 'Share of rows asked of the ambiguous, boundary and adversarial tiers.',
          },
          { label: 'Hard share realized', value: formatShare(tierMix.hard_share_realized) },
          ...tierRows(tierMix.counts).map(({ tier, count, stances }): Figure => ({
            label: `${capitalized(tier)} tier`,
            value: formatCount(count),
            note: stances.length > 0 ? stances.join(', ') : undefined,
            title: stances.length > 0 ? `The ${tier} tier holds the stances ${stances.join(', ')}.` : undefined,
          })),
        ]}
      />
      <LoopFigures summary={summary} />
      <section className="panel" aria-label="Writer errors">
        <h2 className="panel-title">Writer errors</h2>
        {search.writer_errors.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <ul className="writer-errors">
            {search.writer_errors.map((error) => (
              <li key={error}>
                <code>{error}</code>
              </li>
            ))}
          </ul>
        )}
        {search.first_agent_error && (
          <p>
            First agent error: <code>{search.first_agent_error}</code>
          </p>
        )}
      </section>
    </div>
  );
}
