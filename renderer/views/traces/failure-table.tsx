import { useShallow } from 'zustand/react/shallow';
import type { FailureMap } from '../../../shared/api/traces';
import { useTracesStore } from '../../stores/traces/store';
import { failingOfGraded, ungradedOf } from './graded-words';
import { StatusMark } from './status-mark';

const counts = (value: { failures: number; graded: number } | null) => (value === null ? '—' : `${value.failures}/${value.graded}`);

/**
 * Every situation the traces show, by priority: status mark, counts before and after, and a pick box for aiming.
 * Failing counts over graded traces (as the map's squares do); the ungraded have their own column.
 */
export function FailureTable({ map }: { map: FailureMap }) {
  const { selected, openKey, toggleCell, openCell } = useTracesStore(
    useShallow((store) => ({
      selected: store.selected,
      openKey: store.cell?.key ?? null,
      toggleCell: store.toggleCell,
      openCell: store.openCell,
    })),
  );
  return (
    <table className="data-table failure-table" aria-label="Situations in the traces">
      <thead>
        <tr>
          <th scope="col">Aim</th>
          <th scope="col">Status</th>
          <th scope="col">Tool</th>
          <th scope="col">Tool condition</th>
          <th scope="col">World state</th>
          <th scope="col" className="numeric">
            Traces
          </th>
          <th scope="col" className="numeric" title="traces with no grade: not counted in Failing">
            Ungraded
          </th>
          <th scope="col" className="numeric" title="failing / graded traces">
            Failing
          </th>
          {map.compares_versions && (
            <>
              <th scope="col" className="numeric" title={`failures / graded under ${map.previous_version}`}>
                {map.previous_version}
              </th>
              <th scope="col" className="numeric" title={`failures / graded under ${map.current_version}`}>
                {map.current_version}
              </th>
            </>
          )}
          <th scope="col" className="numeric">
            Priority
          </th>
          <th scope="col">
            <span className="visually-hidden">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {map.cells.map((cell) => {
          const where = `${cell.tool}, ${cell.tool_condition}, ${cell.world_state}`;
          return (
            <tr key={cell.key} className={openKey === cell.key ? 'is-open' : undefined}>
              <td>
                <input
                  type="checkbox"
                  aria-label={`Aim at ${where}`}
                  checked={selected.includes(cell.key)}
                  onChange={() => toggleCell(cell.key)}
                />
              </td>
              <td>
                <StatusMark status={cell.status} />
                {cell.low_support && cell.graded > 0 && (
                  <span className="muted" title="fewer than 3 graded traces: read the status as a hint">
                    {' '}
                    low n
                  </span>
                )}
              </td>
              <td>
                <code>{cell.tool}</code>
              </td>
              <td>{cell.tool_condition}</td>
              <td>{cell.world_state}</td>
              <td className="numeric">{cell.traces}</td>
              <td className="numeric">{ungradedOf(cell) > 0 ? ungradedOf(cell) : <span className="muted">0</span>}</td>
              <td className="numeric" style={{ whiteSpace: 'nowrap' }}>
                {failingOfGraded(cell)}
                {cell.fail_rate !== null && <span className="n"> {(cell.fail_rate * 100).toFixed(0)}%</span>}
              </td>
              {map.compares_versions && (
                <>
                  <td className="numeric">{counts(cell.previous)}</td>
                  <td className="numeric">{counts(cell.current)}</td>
                </>
              )}
              <td className="numeric">{cell.priority.toFixed(3)}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  aria-label={`Traces in ${where}`}
                  onClick={() => void openCell(openKey === cell.key ? null : cell.key)}
                >
                  {openKey === cell.key ? 'Hide' : 'Traces'}
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
