import type { RowMatch } from '../../../../shared/api/rows';
import { matchPlace } from './match-place';

/** A searched row's line in the Prompt column: where it matched, and the words around the match, the match marked. */
export function MatchSnippet({ match }: { match: RowMatch }) {
  return (
    <span className="match-snippet">
      <span className="match-place">{matchPlace(match)}</span> {match.before}
      <mark>{match.hit}</mark>
      {match.after}
    </span>
  );
}
