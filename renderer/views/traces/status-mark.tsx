import type { CellStatus } from '../../../shared/api/traces';
import { STATUS_LOOK } from '../../stores/traces/selectors';

export function StatusMark({ status }: { status: CellStatus }) {
  const look = STATUS_LOOK[status];
  return <span className={`state trace-status tone-${look.tone}`}>{look.label}</span>;
}
