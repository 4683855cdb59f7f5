import type { ReactNode } from 'react';
import type { SimulationSummary } from '../../../shared/domain';
import { formatCount, formatShare } from './format';

function Figures({ title, rows }: { title: string; rows: [string, ReactNode][] }) {
  return (
    <section className="panel" aria-label={title}>
      <h2 className="panel-title">{title}</h2>
      <dl className="kv">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ofTotal(part: number, total: number): ReactNode {
  return (
    <>
      {formatCount(part)} <span className="n">/ {formatCount(total)}</span>
    </>
  );
}

/** What the run produced, once it has ended: coverage arithmetic, rollouts, the tier mix and the writers' errors. */
export function RunSummary({ summary }: { summary: SimulationSummary }) {
  const { coverage, search } = summary;
  const { rollouts, tier_mix: tierMix } = search;
  const lostBy = Object.entries(rollouts.lost_by).filter(([, count]) => count > 0);
  const tiers = Object.entries(tierMix.counts).sort(([a], [b]) => a.localeCompare(b));
  return (
    <div className="run-summary">
      <Figures
        title="Coverage"
        rows={[
          ['Pairs covered', ofTotal(coverage.pairwise.pairs_covered, coverage.pairwise.pairs_planned)],
          ['Fraction', formatShare(coverage.pairwise.fraction)],
          ['Unique cells', formatCount(coverage.unique_cells)],
          ['Grid cells unvisited', ofTotal(coverage.cells_unvisited, search.grid.cells)],
          ['Unique situations', formatCount(coverage.unique_scenario_ids)],
          ['Unique signatures', formatCount(coverage.unique_signatures)],
          ['Unique prompts', formatCount(coverage.unique_prompts)],
        ]}
      />
      <Figures
        title="Rollouts"
        rows={[
          ['Landed', formatCount(rollouts.landed)],
          ['Resumed', formatCount(rollouts.resumed)],
          ['Re-rolled', formatCount(rollouts.rerolled)],
          ['Lost', formatCount(rollouts.lost)],
          ...lostBy.map(([reason, count]): [string, ReactNode] => [`  lost to ${reason}`, formatCount(count)]),
          ['Ended on a question', formatCount(search.ended_on_question.n)],
        ]}
      />
      <Figures
        title="Tier mix"
        rows={[
          ['Hard share requested', formatShare(tierMix.hard_share_requested)],
          ['Hard share realized', formatShare(tierMix.hard_share_realized)],
          ...tiers.map(([tier, count]): [string, ReactNode] => [tier, formatCount(count)]),
        ]}
      />
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
