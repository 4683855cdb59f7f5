import { UNRELATED_TOOL, type Dimensions, type FaultMode, type FaultPlan } from '../../shared/domain';
import { scenarioId, WORLD_CONDITION_MODES, type GridCell } from '../coverage/plan-grid';
import { hashUnit } from '../seeded';
import type { SituationCard } from '../writers/situation-card';
import type { Writer, WriterRequest } from '../writers/writer';
import { CONDITION_MATCH_WEIGHT, HOT_REGION_BOOST, TOOL_MATCH_WEIGHT } from './constants';
import type { AimRegion, TraceAim } from './trace-aim';
import { TraceLeakGate } from './trace-leakage';

const QUIET_WORLDS: ReadonlySet<string> = new Set(['entity exists', 'unspecified']);

/** `1 + 4 * share` per hot region it matches: tool match 0.6, fault or world match 0.4. */
export function aimWeight(dimensions: Dimensions, regions: readonly AimRegion[]): number {
  let boost = 0;
  for (const region of regions) {
    const toolMatch = dimensions.tool === region.tool ? TOOL_MATCH_WEIGHT : 0;
    const conditionMatch =
      (region.tool_condition !== 'success' && dimensions.tool_condition === region.tool_condition) ||
      (!QUIET_WORLDS.has(region.world_state) && dimensions.world_state === region.world_state)
        ? CONDITION_MATCH_WEIGHT
        : 0;
    boost += region.share * (toolMatch + conditionMatch);
  }
  return 1 + HOT_REGION_BOOST * boost;
}

/**
 * Cells that reproduce the regions: a grid cell of the region's tool (any tool when the spec does not declare it)
 * given the region's tool condition, scheduled fault and world state. Ranked unused first, then by aim weight.
 */
export function aimedCells(request: Pick<WriterRequest, 'plan' | 'state' | 'seed' | 'round'>, aim: TraceAim): GridCell[] {
  const candidates = new Map<string, { cell: GridCell; weight: number }>();
  const tools = new Set(aim.axes.tool);
  for (const region of aim.regions) {
    const base = request.plan.cells.filter((cell) =>
      tools.has(region.tool) ? cell.dimensions.tool === region.tool : cell.dimensions.tool !== UNRELATED_TOOL,
    );
    for (const cell of base) {
      if (cell.dimensions.tool === UNRELATED_TOOL) {
        candidates.set(cell.scenario_id, { cell, weight: aimWeight(cell.dimensions, aim.regions) });
        continue;
      }
      const dimensions: Dimensions = {
        ...cell.dimensions,
        tool_condition: aim.axes.tool_condition.includes(region.tool_condition) ? region.tool_condition : cell.dimensions.tool_condition,
        world_state: aim.axes.world_state.includes(region.world_state) ? region.world_state : cell.dimensions.world_state,
      };
      const mode = WORLD_CONDITION_MODES[dimensions.tool_condition] ?? (dimensions.tool_condition as FaultMode);
      const faults: Record<string, FaultPlan> = dimensions.tool_condition === 'success' ? {} : { '*': { mode, rate: 1 } };
      const id = scenarioId(dimensions);
      if (!candidates.has(id))
        candidates.set(id, { cell: { scenario_id: id, dimensions, faults }, weight: aimWeight(dimensions, aim.regions) });
    }
  }
  const key = (id: string) => hashUnit(`${request.seed}:${request.round}:aim:${id}`);
  return [...candidates.values()]
    .sort(
      (a, b) =>
        Number(request.state.uses(a.cell.scenario_id) > 0) - Number(request.state.uses(b.cell.scenario_id) > 0) ||
        b.weight - a.weight ||
        key(a.cell.scenario_id) - key(b.cell.scenario_id),
    )
    .map((entry) => entry.cell);
}

/** The grid writer, steered: each slot whose seeded coin falls under the steering weight takes an aimed cell. */
function steeredWriter(inner: Writer, aim: TraceAim): Writer {
  return {
    arm: inner.arm,
    model: inner.model,
    async propose(request) {
      const steered = Array.from(
        { length: request.count },
        (_, slot) => hashUnit(`${request.seed}:${request.round}:steer:${slot}`) < aim.steering_weight,
      );
      const wanted = steered.filter(Boolean).length;
      const pool = aim.regions.length === 0 || wanted === 0 ? [] : aimedCells(request, aim);
      const cells = pool.slice(0, wanted);
      if (cells.length === 0) return inner.propose(request);
      const plain = request.count > cells.length ? await inner.propose({ ...request, count: request.count - cells.length }) : [];
      const aimed = await inner.propose({ ...request, count: cells.length, plan: { ...request.plan, cells } });
      const merged: SituationCard[][] = [];
      let taken = 0;
      for (const isSteered of steered) {
        const next = isSteered && taken < cells.length ? aimed.shift() : plain.shift();
        if (isSteered && next) taken++;
        if (next) merged.push(next);
      }
      return [...merged, ...aimed, ...plain];
    },
  };
}

/** Drops proposed situations any of whose wordings near-copies a source trace, and counts them. */
function gatedWriter(inner: Writer, gate: TraceLeakGate): Writer {
  return {
    arm: inner.arm,
    model: inner.model,
    async propose(request) {
      const proposed = await inner.propose(request);
      return proposed.filter((cards) => cards.every((card) => gate.check(card.ask) === undefined));
    },
  };
}

export interface AimedWriters {
  writers: Writer[];
  leakage: TraceLeakGate;
}

/** The run's writers aimed at the traces: the grid writer steered, every writer behind the leak gate. */
export function aimWriters(writers: readonly Writer[], aim: TraceAim): AimedWriters {
  const leakage = new TraceLeakGate(aim.sources, aim.leak_threshold);
  return {
    writers: writers.map((writer) => gatedWriter(writer.arm === 'structured' ? steeredWriter(writer, aim) : writer, leakage)),
    leakage,
  };
}
