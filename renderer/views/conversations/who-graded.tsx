import { useConversationsStore } from '../../stores/conversations/store';

/** Who graded this run's rows: conduct checks and each judge, with how many rows each covers. */
export function WhoGraded() {
  const facets = useConversationsStore((state) => state.facets);
  if (!facets) return null;
  const labelled = facets.columns.label.filter((facet) => facet.value !== 'unlabelled').reduce((sum, facet) => sum + facet.count, 0);
  return (
    <p className="grade-sources" aria-label="Grades">
      {facets.sources.length === 0 ? (
        <span>Ungraded: no conduct checks or judges have run on these rows.</span>
      ) : (
        facets.sources.map((source) => (
          <span key={`${source.label_source}:${source.judge_name}`}>
            {source.label_source === 'conduct' ? 'Conduct checks' : source.judge_name}{' '}
            <span className="n">
              {source.rows.toLocaleString()} of {facets.total.toLocaleString()} rows
            </span>
          </span>
        ))
      )}
      <span>
        Human labels <span className="n">{labelled.toLocaleString()}</span>
      </span>
    </p>
  );
}
