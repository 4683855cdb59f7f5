import { type HeatCell, STATUS_LOOK, type StatusShare } from '../../stores/traces/selectors';

/** Traces with no grade: never in a failure share, always said beside it. */
export const ungradedOf = (counts: { traces: number; graded: number }): number => Math.max(0, counts.traces - counts.graded);

/** "3/6": failing over graded traces, the map's one denominator; "—" when none is graded. */
export const failingOfGraded = (counts: { graded: number; failures: number }): string =>
  counts.graded === 0 ? '—' : `${counts.failures}/${counts.graded}`;

/** A status's share of a square: "1 of 2", "1 of 2 graded, 1 ungraded", or "2" for its ungraded world states. */
function shareInWords(share: StatusShare): string {
  const ungraded = ungradedOf(share);
  if (share.graded === 0) return `${share.traces}`;
  return ungraded > 0 ? `${share.failures} of ${share.graded} graded, ${ungraded} ungraded` : `${share.failures} of ${share.graded}`;
}

/**
 * A square in words, for its label and tooltip: "cancel_order, success: 4 of 6 graded traces failing, 2 ungraded,
 * not re-checked" when one status holds, else the split, e.g. "...failing, mixed: not re-checked 1 of 2 (entity
 * missing); stopped failing 3 of 6 (entity already acted on); ungraded 2 (entity exists)". Failures are counted over
 * graded traces only (the table's denominator); the ungraded are said apart.
 */
export function describeSquare(square: HeatCell): string {
  const ungraded = ungradedOf(square);
  const counts =
    square.graded === 0
      ? `${square.traces} traces, none graded`
      : `${square.failures} of ${square.graded} graded traces failing${ungraded > 0 ? `, ${ungraded} ungraded` : ''}`;
  const head = `${square.tool}, ${square.tool_condition}: ${counts}`;
  if (square.statuses.length <= 1) return `${head}, ${STATUS_LOOK[square.status].label}`;
  const parts = square.statuses.map(
    (share: StatusShare) => `${STATUS_LOOK[share.status].label} ${shareInWords(share)} (${share.world_states.join(', ')})`,
  );
  return `${head}, mixed: ${parts.join('; ')}`;
}
