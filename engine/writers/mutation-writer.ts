import type { Dimensions, FaultPlan } from '../../shared/domain';
import { isFailure } from '../../shared/domain/verdict';
import { aimedAxes, matchesAim } from '../coverage/aim';
import { scenarioId, WORLD_CONDITION_MODES } from '../coverage/plan-grid';
import { hashPick } from '../seeded';
import { situationCards } from './structured-writer';
import type { Wording } from './wording';
import type { Writer } from './writer';

const MUTABLE_AXES = ['stance', 'history', 'world_state', 'tool_condition', 'rule'] as const;

/**
 * The failure-mutation arm: takes a rollout that failed its conduct checks (or met a world fault) and
 * changes one axis, keeping the rest, to find the neighbours of a failure. In an aimed run it mutates only
 * failures that carry the aim, and never an aimed axis.
 */
export function createMutationWriter(wording: Wording): Writer {
  return {
    arm: 'failure_mutation',
    model: 'template',
    async propose(request) {
      const aim = request.plan.aim;
      const aimed = new Set<string>(aimedAxes(aim));
      const candidates = request.state
        .mutationCandidates()
        .filter((failure) => matchesAim(failure.dimensions, aim))
        .slice(0, request.count);
      return candidates.flatMap((failure) => {
        const key = `${request.seed}:${failure.ordinal}:mutate`;
        const axes = MUTABLE_AXES.filter((axis) => request.spec.axes[axis].length > 1 && !aimed.has(axis));
        const axis = hashPick(axes, `${key}:axis`);
        if (!axis) return [];
        const others = request.spec.axes[axis].filter((value) => value !== failure.dimensions[axis]);
        const value = hashPick(others, `${key}:value`)!;
        const dimensions: Dimensions = { ...failure.dimensions, [axis]: value };
        const mode = WORLD_CONDITION_MODES[dimensions.tool_condition];
        const faults: Record<string, FaultPlan> = mode ? { '*': { mode, rate: 1 } } : {};
        const cell = { scenario_id: scenarioId(dimensions), dimensions, faults };
        const aim = isFailure(failure.reward) ? ('graded_failure' as const) : ('world_fault' as const);
        return [
          situationCards(cell, 'failure_mutation', request, wording, {
            lineage: { mutated_from: failure.ordinal, aim, mutated_axis: axis },
          }),
        ];
      });
    },
  };
}
