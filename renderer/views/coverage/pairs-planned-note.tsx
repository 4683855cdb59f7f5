import type { PairsAccounting } from '../../../shared/domain';

const count = (value: number) => value.toLocaleString('en-US');

/** Why `pairs_planned` is smaller than every pair of the spec's axis values: the engine's sentences, one per kind. */
export function PairsPlannedNote({ accounting }: { accounting: PairsAccounting }) {
  const left = accounting.pairs_possible - accounting.pairs_planned;
  return (
    <section className="coverage-pairs-note" aria-label="Pairs planned">
      <p className="coverage-pairs-note-head">
        {left === 0 ? (
          <>Every one of the {count(accounting.pairs_possible)} pairs of axis values is planned.</>
        ) : (
          <>
            {count(accounting.pairs_planned)} of the {count(accounting.pairs_possible)} pairs of axis values are planned; the other{' '}
            {count(left)} are not in <code>pairs_planned</code>, so an empty square there is no gap:
          </>
        )}
      </p>
      {accounting.notes.length > 0 && (
        <ul>
          {accounting.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
