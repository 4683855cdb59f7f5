import type { CoverageSummary } from '../../../shared/api/coverage';
import { formatFraction } from '../../stores/coverage/selectors';

const count = (value: number) => value.toLocaleString('en-US');

/** `pairs_planned / pairs_covered / fraction` over the six axes, with the rows they rest on, then cells and grades. */
export function CoverageFigures({ summary }: { summary: CoverageSummary }) {
  const { pairwise } = summary;
  const visited = summary.cells_planned - summary.cells_unvisited;
  return (
    <section className="coverage-panel coverage-figures" aria-label="Pairwise coverage">
      <div className="coverage-figure coverage-figure-main">
        <span className="coverage-figure-label">Pairs covered</span>
        <span className="coverage-figure-value" aria-label="Pairs covered">
          {count(pairwise.pairs_covered)} <span className="n">/ {count(pairwise.pairs_planned)} planned</span>
        </span>
      </div>
      <div className="coverage-figure">
        <span className="coverage-figure-label">Fraction</span>
        <span className="coverage-figure-value" aria-label="Fraction">
          {formatFraction(pairwise.fraction)}
        </span>
      </div>
      <div className="coverage-figure">
        <span className="coverage-figure-label">Rows</span>
        <span className="coverage-figure-value" aria-label="Rows">
          <span className="n">n = </span>
          {count(summary.n_rows)}
        </span>
      </div>
      <div className="coverage-figure">
        <span className="coverage-figure-label">Planned cells visited</span>
        <span className="coverage-figure-value" aria-label="Planned cells visited">
          {count(visited)} <span className="n">/ {count(summary.cells_planned)}</span>
        </span>
      </div>
      <div className="coverage-figure">
        <span className="coverage-figure-label">Failing</span>
        <span className="coverage-figure-value" aria-label="Failing">
          {summary.n_graded === 0 ? (
            <span className="n">not graded</span>
          ) : (
            <>
              <span className={summary.n_failing > 0 ? 'coverage-fail' : undefined}>{count(summary.n_failing)}</span>{' '}
              <span className="n">/ {count(summary.n_graded)} graded</span>
            </>
          )}
        </span>
      </div>
      <p className="coverage-figures-note muted">
        Plain arithmetic over the stored rows: a fraction below 1 says which squares are still empty, not that anything failed.
      </p>
    </section>
  );
}
