import { verdictOf } from '../../../shared/domain/verdict';
import { useTracesStore } from '../../stores/traces/store';

const STATE_CLASS = { pass: 'state-completed', fail: 'state-failed' } as const;
const stateClass = (value: number | null) => {
  const verdict = verdictOf(value);
  return verdict === null ? '' : STATE_CLASS[verdict];
};
const reward = (value: number | null) => (value === null ? 'ungraded' : `${verdictOf(value)} ${value}`);

/** The traces behind the open situation: what the person asked, the reply, the reward and the model version. */
export function CellTraces() {
  const cell = useTracesStore((store) => store.cell);
  if (!cell) return null;
  const where = (() => {
    try {
      const value = JSON.parse(cell.key) as { tool: string; tool_condition: string; world_state: string };
      return `${value.tool} · ${value.tool_condition} · ${value.world_state}`;
    } catch {
      return cell.key;
    }
  })();
  return (
    <section className="cell-traces" aria-label={`Traces in ${where}`}>
      <h3>
        Traces in {where} {cell.status === 'ready' && <span className="count">{cell.total}</span>}
      </h3>
      {cell.status === 'loading' && (
        <p className="muted" role="status">
          Loading traces…
        </p>
      )}
      {cell.status === 'error' && <p className="status-error">{cell.error}</p>}
      {cell.status === 'ready' && (
        <ul>
          {cell.rows.map((row) => (
            <li key={row.id}>
              <div className="cell-trace-head">
                <span className={`state ${stateClass(row.reward)}`}>{reward(row.reward)}</span>
                <code>{row.conversation_id}</code>
                <span className="muted">{row.model_version ?? 'no model version'}</span>
                {row.faults.length > 0 && <span className="state trace-fault">{row.faults.join(', ')}</span>}
                <span className="muted">{row.source_file}</span>
              </div>
              <p className="cell-trace-prompt">{row.prompt || <em className="muted">no user message</em>}</p>
              {row.final_text && <p className="cell-trace-reply muted">→ {row.final_text}</p>}
            </li>
          ))}
          {cell.total > cell.rows.length && <li className="muted">… and {cell.total - cell.rows.length} more</li>}
        </ul>
      )}
    </section>
  );
}
