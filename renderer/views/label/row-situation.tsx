import type { RowDetail } from '../../../shared/api/rows';

/** The row's six coordinates on one line above its transcript: what situation the person is judging. */
export function RowSituation({ detail, onOpen }: { detail: RowDetail; onOpen(): void }) {
  const { row } = detail;
  const { dimensions } = row.situation;
  return (
    <div className="transcript-head">
      <div className="transcript-title">
        <strong>Conversation #{row.ordinal}</strong>
        <code className="muted">{row.situation.scenario_id}</code>
        <span className="muted">
          {row.messages.length} messages · ended by {row.ended_by}
        </span>
        <span className="toolbar-spacer" />
        <button type="button" className="link-button" onClick={onOpen}>
          Open in Conversations
        </button>
      </div>
      <dl className="situation-line" aria-label="Situation">
        <div>
          <dt>Tool</dt>
          <dd>{dimensions.tool}</dd>
        </div>
        <div className="situation-rule">
          <dt>Rule</dt>
          <dd title={dimensions.rule}>{dimensions.rule}</dd>
        </div>
        <div>
          <dt>Stance</dt>
          <dd>{dimensions.stance}</dd>
        </div>
        <div>
          <dt>World</dt>
          <dd>{dimensions.world_state}</dd>
        </div>
        <div>
          <dt>Tool condition</dt>
          <dd className={dimensions.tool_condition === 'success' ? undefined : 'fault-text'}>{dimensions.tool_condition}</dd>
        </div>
        <div>
          <dt>History</dt>
          <dd>{dimensions.history}</dd>
        </div>
      </dl>
    </div>
  );
}
