import type { CoverageCell, CoverageMatrix } from '../../../shared/api/coverage';
import type { Axis } from '../../../shared/domain';
import { AXIS_LABELS } from '../axis-labels';
import type { Route } from '../navigation/routes';

/**
 * What a heatmap square says, one colour meaning each: a planned pair no row reached yet, rows (ungraded), rows
 * all passing their latest grade, rows with a failure, a pair the plan left out, a pair that cannot occur.
 */
export type CellKind = 'unvisited' | 'covered' | 'passing' | 'failing' | 'unplanned' | 'infeasible';

export function cellKind(cell: CoverageCell): CellKind {
  if (!cell.feasible && cell.rows === 0) return 'infeasible';
  if (cell.rows === 0) return cell.planned ? 'unvisited' : 'unplanned';
  if (cell.failing > 0) return 'failing';
  return cell.graded > 0 ? 'passing' : 'covered';
}

/** 0..1: how full a square is drawn, on a square-root scale so one busy cell does not wash out the rest. */
export function heatLevel(rows: number, maxRows: number): number {
  if (rows <= 0 || maxRows <= 0) return 0;
  return Math.sqrt(Math.min(rows, maxRows) / maxRows);
}

/** Share of graded rows that fail, or null when none is graded. */
export function failShare(cell: CoverageCell): number | null {
  return cell.graded === 0 ? null : cell.failing / cell.graded;
}

const plural = (count: number, noun: string) => `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** What a square holds, as a sentence: "Planned, 3 rows, 2 graded rows, 1 failing." */
export function cellStatus(cell: CoverageCell): string {
  if (!cell.feasible && cell.rows === 0) return 'Cannot occur (an unrelated ask meets no record and no fault).';
  const plan = cell.planned ? 'Planned' : 'Not planned';
  if (cell.rows === 0) return `${plan}, no rows yet.`;
  const grades =
    cell.graded === 0 ? 'none graded' : `${plural(cell.graded, 'graded row')}, ${cell.failing.toLocaleString('en-US')} failing`;
  return `${plan}, ${plural(cell.rows, 'row')}, ${grades}.`;
}

/** The sentence screen readers give for one square: where it is, then what it holds. */
export function cellDescription(cell: CoverageCell, x: Axis, y: Axis): string {
  const status = cellStatus(cell);
  return `${AXIS_LABELS[x]} ${cell.x}, ${AXIS_LABELS[y].toLowerCase()} ${cell.y}: ${status.charAt(0).toLowerCase()}${status.slice(1)}`;
}

/** The heatmap's squares row by row (one row per y value), in the matrix's value order. */
export function gridRows(matrix: CoverageMatrix): CoverageCell[][] {
  const width = matrix.x_values.length;
  return matrix.y_values.map((_, row) => matrix.cells.slice(row * width, (row + 1) * width));
}

export function maxRows(matrix: CoverageMatrix): number {
  return matrix.cells.reduce((max, cell) => Math.max(max, cell.rows), 0);
}

/** The square "Fill this cell" starts on: the first planned gap, else the first empty pair that can occur. */
export function defaultFillTarget(matrix: CoverageMatrix): { x: string; y: string } | null {
  const target =
    matrix.cells.find((cell) => cell.feasible && cell.planned && cell.rows === 0) ??
    matrix.cells.find((cell) => cell.feasible && cell.rows === 0) ??
    matrix.cells.find((cell) => cell.feasible);
  return target ? { x: target.x, y: target.y } : null;
}

export function findCell(matrix: CoverageMatrix, x: string, y: string): CoverageCell | undefined {
  return matrix.cells.find((cell) => cell.x === x && cell.y === y);
}

/** The conversations of one square: the table filtered on both axes. */
export function conversationsOfCell(runId: string, x: Axis, y: Axis, cell: Pick<CoverageCell, 'x' | 'y'>): Route {
  return { view: 'conversations', run_id: runId, filters: { [x]: [cell.x], [y]: [cell.y] } };
}

/** `0.7317` as `73.2%`; a run with nothing planned has no fraction. */
export function formatFraction(fraction: number | null): string {
  return fraction === null ? '—' : `${(Math.round(fraction * 1000) / 10).toFixed(1)}%`;
}
