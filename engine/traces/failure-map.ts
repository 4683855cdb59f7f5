import { AXES, type Axis, type Dimensions } from '../../shared/domain';
import { round4, roundTo } from '../../shared/domain/rounding';
import { stableJson } from '../seeded';
import { compareText } from '../text';
import { TRACE_MIN_SUPPORT, TRACE_RATE_FLOOR, TRACE_SUPPORT_SATURATION } from './constants';
import { comparedVersions, countTraces, hasFailed, versionsOf } from './failure-versions';

/** A placed trace as the map reads it. */
export interface MapTrace {
  dimensions: Dimensions;
  /** Fault chips its tool answers showed. */
  faults: readonly string[];
  reward: number | null;
  model_version: string | null;
  started_at_ms: number | null;
}

/**
 * new: fails under the current model version and did not under the previous one.
 * persistent: fails under both. improving: fails under both, at half the previous rate or less (>= 3 graded each).
 * failing: fails, with no previous version to compare against.
 * uncertain: failed before, and the current version has no graded trace here yet.
 * stopped_failing: failed under the previous version, graded traces of the current one all pass.
 * passing: graded, no failure. ungraded: no trace here carries a reward.
 */
export const CELL_STATUSES = ['new', 'persistent', 'improving', 'failing', 'uncertain', 'stopped_failing', 'passing', 'ungraded'] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

/** Status weight in a cell's priority (the SDK's TRACE_STATE_PRIORITY; `failing` reads as persistent). */
export const STATUS_PRIORITY: Readonly<Record<CellStatus, number>> = {
  new: 1,
  persistent: 0.9,
  failing: 0.9,
  uncertain: 0.35,
  improving: 0.2,
  stopped_failing: 0.05,
  passing: 0.05,
  ungraded: 0.05,
};

const WEAK_STATUSES: ReadonlySet<CellStatus> = new Set(['new', 'persistent', 'improving', 'failing', 'uncertain']);

export interface VersionCount {
  traces: number;
  graded: number;
  failures: number;
}

/** One situation of the map: the three axes traces reproduce (tool, tool condition, world state). */
export interface FailureCell {
  key: string;
  tool: string;
  tool_condition: string;
  world_state: string;
  traces: number;
  graded: number;
  /** Graded traces with reward < 0.5. */
  failures: number;
  /** Traces whose tool answers showed a fault. */
  faulted: number;
  /** failures / graded, 4 dp; null when nothing is graded. */
  fail_rate: number | null;
  current: VersionCount;
  previous: VersionCount | null;
  status: CellStatus;
  /** 0..1: status weight x support x fail rate; what aiming spends by. */
  priority: number;
  /** Worth aiming a run at: failing now, or failed and not yet re-checked, or faulted and ungraded. */
  is_weak: boolean;
  /** Fewer than TRACE_MIN_SUPPORT graded traces under the version the status rests on. */
  low_support: boolean;
}

export interface VersionSummary extends VersionCount {
  version: string | null;
  first_seen_ms: number | null;
}

export interface AxisCount extends VersionCount {
  value: string;
}

export interface FailureMap {
  n_traces: number;
  n_graded: number;
  n_failures: number;
  n_faulted: number;
  /** Oldest first (by earliest trace), unnamed versions last. */
  versions: VersionSummary[];
  /** The "after" version statuses are read under (chosen, else the one seen last). */
  current_version: string | null;
  /** The "before" version (chosen, else the one seen before the last). */
  previous_version: string | null;
  /** Two named versions: new / stopped failing mean something. */
  compares_versions: boolean;
  /** The two versions were chosen by the person (and are both in the traces), not the default pair. */
  versions_chosen: boolean;
  cells: FailureCell[];
  axes: Record<Axis, AxisCount[]>;
  warnings: string[];
}

export function cellKey(dimensions: Pick<Dimensions, 'tool' | 'tool_condition' | 'world_state'>): string {
  return stableJson({ tool: dimensions.tool, tool_condition: dimensions.tool_condition, world_state: dimensions.world_state });
}

function statusOf(all: VersionCount, current: VersionCount, previous: VersionCount | null, otherFailures: number): CellStatus {
  if (all.graded === 0) return 'ungraded';
  if (previous === null) return all.failures > 0 ? 'failing' : 'passing';
  if (current.failures > 0) {
    if (previous.failures === 0) return 'new';
    const halved =
      current.graded >= TRACE_MIN_SUPPORT &&
      previous.graded >= TRACE_MIN_SUPPORT &&
      current.failures / current.graded <= previous.failures / previous.graded / 2;
    return halved ? 'improving' : 'persistent';
  }
  if (previous.failures > 0) return current.graded > 0 ? 'stopped_failing' : 'uncertain';
  if (otherFailures > 0 && current.graded === 0) return 'uncertain';
  return 'passing';
}

export interface FailureMapOptions {
  /** The versions to compare; both named and different, else the default pair (the two seen last) with a warning. */
  before_version?: string | null;
  after_version?: string | null;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * The failure map: traces grouped by the situation they show (tool x tool condition x world state), with counts,
 * failures, and how each situation moved between the previous and the current model version; plus per-axis counts
 * over all six axes. Cells come ordered by priority, the weight an aimed run spends its budget by.
 */
export function failureMap(traces: readonly MapTrace[], options: FailureMapOptions = {}): FailureMap {
  const versions = versionsOf(traces);
  const named = versions.filter((version) => version.version !== null);
  const versionWarnings: string[] = [];
  const { previous, current, chosen } = comparedVersions(named, options, versionWarnings);
  const comparesVersions = previous !== null;

  const byCell = new Map<string, MapTrace[]>();
  for (const trace of traces) {
    const key = cellKey(trace.dimensions);
    const members = byCell.get(key);
    if (members) members.push(trace);
    else byCell.set(key, [trace]);
  }
  const cells: FailureCell[] = [...byCell.entries()].map(([key, members]) => {
    const first = members[0]!.dimensions;
    const all = countTraces(members);
    const now = comparesVersions ? countTraces(members.filter((trace) => trace.model_version === current)) : all;
    const before = comparesVersions ? countTraces(members.filter((trace) => trace.model_version === previous)) : null;
    const others = members.filter((trace) => trace.model_version !== current && trace.model_version !== previous).filter(hasFailed).length;
    const status = statusOf(all, now, before, others);
    const faulted = members.filter((trace) => trace.faults.length > 0).length;
    const basis = comparesVersions && now.graded > 0 ? now : all;
    const failRate = basis.graded > 0 ? basis.failures / basis.graded : faulted / members.length;
    const support = status === 'ungraded' ? faulted : basis.failures;
    const base = status === 'ungraded' && faulted > 0 ? STATUS_PRIORITY.uncertain : STATUS_PRIORITY[status];
    const priority =
      base *
      (0.5 + (0.5 * Math.min(support, TRACE_SUPPORT_SATURATION)) / TRACE_SUPPORT_SATURATION) *
      (TRACE_RATE_FLOOR + (1 - TRACE_RATE_FLOOR) * failRate);
    return {
      key,
      tool: first.tool,
      tool_condition: first.tool_condition,
      world_state: first.world_state,
      ...all,
      faulted,
      fail_rate: all.graded > 0 ? round4(all.failures / all.graded) : null,
      current: now,
      previous: before,
      status,
      priority: roundTo(priority, 6),
      is_weak: WEAK_STATUSES.has(status) || (status === 'ungraded' && faulted > 0),
      low_support: basis.graded < TRACE_MIN_SUPPORT,
    };
  });
  cells.sort((a, b) => b.priority - a.priority || b.failures - a.failures || compareText(a.key, b.key));

  const axes = Object.fromEntries(
    AXES.map((axis) => {
      const byValue = new Map<string, MapTrace[]>();
      for (const trace of traces) {
        const members = byValue.get(trace.dimensions[axis]);
        if (members) members.push(trace);
        else byValue.set(trace.dimensions[axis], [trace]);
      }
      const counts = [...byValue.entries()].map(([value, members]) => ({ value, ...countTraces(members) }));
      counts.sort((a, b) => b.traces - a.traces || compareText(a.value, b.value));
      return [axis, counts];
    }),
  ) as Record<Axis, AxisCount[]>;

  const totals = countTraces(traces);
  const warnings: string[] = [...versionWarnings];
  const after = named.find((version) => version.version === current);
  if (comparesVersions && after && totals.graded > 0 && after.graded < TRACE_MIN_SUPPORT) {
    warnings.push(
      `The "after" version ${current} has ${plural(after.graded, 'graded trace')}: every new, ` +
        `persistent or stopped failing status rests on ${after.graded === 1 ? 'it' : 'so few'}. Choose ` +
        `the versions to compare if another pair is meant.`,
    );
  }
  if (traces.length > 0 && totals.graded === 0) {
    warnings.push(
      'No trace carries a reward: the map shows where traces and faults fall, but cannot say what ' +
        'fails. Stamp whileai.reward (0..1) on a span, or "reward" on each JSONL line.',
    );
  }
  if (traces.length > 0 && !comparesVersions) {
    const only = current === null ? 'no model version' : `one model version (${current})`;
    warnings.push(
      `The traces name ${only}, so no failure can be called new or stopped failing: import traces of ` +
        `the previous version too, stamped with gen_ai.request.model or whileai.model_version.`,
    );
  }
  const unnamed = traces.filter((trace) => trace.model_version === null).length;
  if (unnamed > 0 && named.length > 0) {
    warnings.push(
      `${unnamed} trace${unnamed === 1 ? ' names' : 's name'} no model version: counted in the totals, never as new or stopped failing.`,
    );
  }
  return {
    n_traces: traces.length,
    n_graded: totals.graded,
    n_failures: totals.failures,
    n_faulted: traces.filter((trace) => trace.faults.length > 0).length,
    versions,
    current_version: current,
    previous_version: previous,
    compares_versions: comparesVersions,
    versions_chosen: chosen,
    cells,
    axes,
    warnings,
  };
}
