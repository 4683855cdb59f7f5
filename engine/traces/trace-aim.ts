import { compareText } from '../text';
import { roundTo } from '../../shared/domain/rounding';
import { MULTI_TOOL, UNRELATED_TOOL, type AxisValues } from '../../shared/domain';
import { TRACE_EXPLORATION_FLOOR, TRACE_EXPLORATION_MAX, TRACE_LEAK_THRESHOLD } from './constants';
import type { CellStatus, FailureMap } from './failure-map';

/** A situation the traces show failing, and the share of the aimed budget it draws. */
export interface AimRegion {
  key: string;
  tool: string;
  tool_condition: string;
  world_state: string;
  status: CellStatus;
  priority: number;
  /** priority / the sum over regions; the shares sum to 1. */
  share: number;
}

/** What steers a run at the traces (`simulate(traces=...)`): plain data, so a worker can receive it. */
export interface TraceAim {
  /** The spec's axes with trace-seen values first (the same values, reordered). */
  axes: AxisValues;
  regions: AimRegion[];
  /** Share of grid slots that take an aimed situation; the rest explores (1 - exploration). */
  steering_weight: number;
  /** Prompts and user turns of the source traces: generated asks must not near-copy them. */
  sources: string[];
  leak_threshold: number;
}

export interface TraceAimOptions {
  /** Cell keys to aim at; default every weak cell of the map. */
  cells?: readonly string[];
  /** Share of slots kept for broad coverage, clamped to [0.2, 0.6] (default 0.2). */
  exploration?: number;
  leak_threshold?: number;
}

const SPECIAL_TOOLS: ReadonlySet<string> = new Set([UNRELATED_TOOL, MULTI_TOOL]);
const CLEAN_CONDITION = 'success';
const CLEAN_WORLD = 'entity exists';

/** `dimensions_from_traces`: observed failing values first on tool, tool_condition and world_state; nothing dropped. */
function aimedAxes(axes: AxisValues, map: FailureMap): AxisValues {
  const rank = (axis: 'tool' | 'tool_condition' | 'world_state') => {
    const seen = new Map(map.axes[axis].map((entry) => [entry.value, entry]));
    return (a: string, b: string) => {
      const left = seen.get(a);
      const right = seen.get(b);
      if (!left || !right) return left ? -1 : right ? 1 : 0;
      return right.failures - left.failures || right.traces - left.traces || compareText(a, b);
    };
  };
  const real = axes.tool.filter((tool) => !SPECIAL_TOOLS.has(tool));
  const tool = [...[...real].sort(rank('tool')), ...axes.tool.filter((value) => SPECIAL_TOOLS.has(value))];
  const withCleanFirst = (values: readonly string[], clean: string, compare: (a: string, b: string) => number) => {
    const rest = values.filter((value) => value !== clean).sort(compare);
    return values.includes(clean) ? [clean, ...rest] : rest;
  };
  return {
    ...axes,
    tool,
    tool_condition: withCleanFirst(axes.tool_condition, CLEAN_CONDITION, rank('tool_condition')),
    world_state: withCleanFirst(axes.world_state, CLEAN_WORLD, rank('world_state')),
  };
}

/**
 * Builds the aim of a run from a failure map: the regions to reproduce (the weak cells, or the cells a person
 * picked) with their budget shares, the reordered axes, and the source texts the leak gate checks against.
 */
export function traceAim(map: FailureMap, sources: readonly string[], axes: AxisValues, options: TraceAimOptions = {}): TraceAim {
  const chosen = options.cells ? new Set(options.cells) : undefined;
  const cells = map.cells.filter((cell) => (chosen ? chosen.has(cell.key) : cell.is_weak));
  const total = cells.reduce((sum, cell) => sum + cell.priority, 0);
  const regions = cells.map((cell) => ({
    key: cell.key,
    tool: cell.tool,
    tool_condition: cell.tool_condition,
    world_state: cell.world_state,
    status: cell.status,
    priority: cell.priority,
    share: roundTo(total > 0 ? cell.priority / total : 1 / cells.length, 6),
  }));
  const exploration = Math.min(TRACE_EXPLORATION_MAX, Math.max(TRACE_EXPLORATION_FLOOR, options.exploration ?? TRACE_EXPLORATION_FLOOR));
  return {
    axes: aimedAxes(axes, map),
    regions,
    steering_weight: roundTo(1 - exploration, 6),
    sources: [...new Set(sources.filter((text) => text.trim() !== ''))],
    leak_threshold: options.leak_threshold ?? TRACE_LEAK_THRESHOLD,
  };
}
