import type { CellStatus, FailureCell, FailureMap } from '../../../shared/api/traces';
import type { TracesState } from './initial-state';

/** Words and colour class per status; colours follow the app's one-meaning-per-state rule. */
export const STATUS_LOOK: Readonly<Record<CellStatus, { label: string; tone: 'fail' | 'pass' | 'unsure' | 'muted' }>> = {
  new: { label: 'new', tone: 'fail' },
  persistent: { label: 'persistent', tone: 'fail' },
  failing: { label: 'failing', tone: 'fail' },
  improving: { label: 'improving', tone: 'unsure' },
  uncertain: { label: 'not re-checked', tone: 'unsure' },
  stopped_failing: { label: 'stopped failing', tone: 'pass' },
  passing: { label: 'passing', tone: 'pass' },
  ungraded: { label: 'ungraded', tone: 'muted' },
};

/** The order statuses are told apart in: what needs attention first. */
const STATUS_RANK: readonly CellStatus[] = [
  'new',
  'persistent',
  'failing',
  'improving',
  'uncertain',
  'stopped_failing',
  'passing',
  'ungraded',
];

/** The world states of a square that share one status, with their counts. */
export interface StatusShare {
  status: CellStatus;
  traces: number;
  graded: number;
  failures: number;
  world_states: string[];
}

export interface HeatCell {
  tool: string;
  tool_condition: string;
  traces: number;
  failures: number;
  graded: number;
  /** The most pressing status among the world states in this square. */
  status: CellStatus;
  /** Every status among its world states, most pressing first: more than one means the square is mixed. */
  statuses: StatusShare[];
  keys: string[];
}

export interface Heatmap {
  tools: string[];
  conditions: string[];
  cells: Map<string, HeatCell>;
}

export const heatKey = (tool: string, condition: string) => `${tool}\u0000${condition}`;

/** Tool x tool condition, each square summing its world states; rows and columns by traces, most first. */
export function selectHeatmap(map: FailureMap | null): Heatmap {
  const cells = new Map<string, HeatCell>();
  if (!map) return { tools: [], conditions: [], cells };
  for (const cell of map.cells) {
    const key = heatKey(cell.tool, cell.tool_condition);
    const square: HeatCell = cells.get(key) ?? {
      tool: cell.tool,
      tool_condition: cell.tool_condition,
      traces: 0,
      failures: 0,
      graded: 0,
      status: cell.status,
      statuses: [],
      keys: [],
    };
    square.traces += cell.traces;
    square.failures += cell.failures;
    square.graded += cell.graded;
    square.keys.push(cell.key);
    if (STATUS_RANK.indexOf(cell.status) < STATUS_RANK.indexOf(square.status)) square.status = cell.status;
    const share = square.statuses.find((entry) => entry.status === cell.status);
    if (share) {
      share.traces += cell.traces;
      share.graded += cell.graded;
      share.failures += cell.failures;
      share.world_states.push(cell.world_state);
    } else {
      square.statuses.push({
        status: cell.status,
        traces: cell.traces,
        graded: cell.graded,
        failures: cell.failures,
        world_states: [cell.world_state],
      });
    }
    cells.set(key, square);
  }
  for (const square of cells.values()) square.statuses.sort((a, b) => STATUS_RANK.indexOf(a.status) - STATUS_RANK.indexOf(b.status));
  const order = (values: { value: string; traces: number }[]) => values.map((entry) => entry.value);
  return { tools: order(map.axes.tool), conditions: order(map.axes.tool_condition), cells };
}

export const selectWeakCells = (state: TracesState): FailureCell[] => state.map?.cells.filter((cell) => cell.is_weak) ?? [];

/** What "Aim a run here" will aim at: the picked cells, else every weak cell. */
export function selectAimTargets(state: TracesState): FailureCell[] {
  if (!state.map) return [];
  if (state.selected.length > 0) return state.map.cells.filter((cell) => state.selected.includes(cell.key));
  return selectWeakCells(state);
}

export const selectIsEmpty = (state: TracesState): boolean => state.status === 'ready' && state.imports.length === 0;

/** The named model versions a person can compare, oldest first. */
export const selectVersionNames = (map: FailureMap | null): string[] =>
  map?.versions.flatMap((version) => (version.version === null ? [] : [version.version])) ?? [];
