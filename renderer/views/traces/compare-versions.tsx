import { useShallow } from 'zustand/react/shallow';
import type { FailureMap } from '../../../shared/api/traces';
import { selectVersionNames } from '../../stores/traces/selectors';
import { useTracesStore } from '../../stores/traces/store';

const countOf = (map: FailureMap, version: string) => {
  const entry = map.versions.find((item) => item.version === version);
  return entry ? ` (${entry.graded.toLocaleString('en-US')} graded)` : '';
};

/**
 * The before and after model versions the map compares. Picking in one select the version the other holds swaps
 * them; the choice is kept in the data folder (the default is the two versions seen last).
 */
export function CompareVersions({ map }: { map: FailureMap }) {
  const { comparing, error, compareVersions } = useTracesStore(
    useShallow((store) => ({ comparing: store.comparing, error: store.compareError, compareVersions: store.compareVersions })),
  );
  const onCompare = (before: string | null, after: string | null) => void compareVersions(before, after);
  const names = selectVersionNames(map);
  if (names.length < 2 || !map.previous_version || !map.current_version) return null;
  const before = map.previous_version;
  const after = map.current_version;
  const choose = (side: 'before' | 'after', value: string) => {
    if (side === 'before') onCompare(value, value === after ? before : after);
    else onCompare(value === before ? after : before, value);
  };
  return (
    <div className="compare-versions" role="group" aria-label="Versions compared">
      <label htmlFor="compare-before">Before</label>
      <select id="compare-before" value={before} disabled={comparing} onChange={(event) => choose('before', event.target.value)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {`${name}${countOf(map, name)}`}
          </option>
        ))}
      </select>
      <label htmlFor="compare-after">After</label>
      <select id="compare-after" value={after} disabled={comparing} onChange={(event) => choose('after', event.target.value)}>
        {names.map((name) => (
          <option key={name} value={name}>
            {`${name}${countOf(map, name)}`}
          </option>
        ))}
      </select>
      {map.versions_chosen ? (
        <button type="button" disabled={comparing} onClick={() => onCompare(null, null)}>
          Compare the two seen last
        </button>
      ) : (
        <span className="muted">the two versions seen last{names.length > 2 ? `, of ${names.length}` : ''}</span>
      )}
      {error && (
        <span className="status-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
