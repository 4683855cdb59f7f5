import type { Dimensions } from '../../shared/domain';
import { aimedAxes, matchesAim } from '../coverage/aim';
import { hashPick } from '../seeded';
import { scheduledCell } from './fault-policy';
import { situationCards } from './structured-writer';
import type { Wording } from './wording';
import type { Writer, WriterRequest } from './writer';

const MUTABLE_AXES = ['stance', 'history', 'world_state', 'tool_condition', 'rule'] as const;

/**
 * The values an axis of a failure may move to: every other value of the spec's axis, except, on the tool condition,
 * a fault the run's fault settings would not schedule there (it would land on `success` and change nothing asked).
 */
function otherValues(request: WriterRequest, failure: Dimensions, axis: (typeof MUTABLE_AXES)[number]): string[] {
  const others = request.spec.axes[axis].filter((value) => value !== failure[axis]);
  if (axis !== 'tool_condition') return others;
  return others.filter((value) => scheduledCell({ ...failure, tool_condition: value }, request.faults).dimensions.tool_condition === value);
}

/**
 * The failure-mutation arm: takes a rollout that was a graded failure (the run's grader, or the conduct checks without
 * one) or met a world fault, and changes one axis, keeping the rest, to find the neighbours of a failure. The mutated
 * coordinate's faults are the run's to schedule, as any writer's. In an aimed run it mutates only failures that carry
 * the aim, and never an aimed axis.
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
        const choices = MUTABLE_AXES.filter((axis) => !aimed.has(axis))
          .map((axis) => ({ axis, values: otherValues(request, failure.dimensions, axis) }))
          .filter((choice) => choice.values.length > 0);
        const choice = hashPick(choices, `${key}:axis`);
        if (!choice) return [];
        const value = hashPick(choice.values, `${key}:value`)!;
        const cell = scheduledCell({ ...failure.dimensions, [choice.axis]: value }, request.faults);
        return [
          situationCards(cell, 'failure_mutation', request, wording, {
            lineage: {
              mutated_from: failure.ordinal,
              aim: failure.graded_failure ? ('graded_failure' as const) : ('world_fault' as const),
              mutated_axis: choice.axis,
            },
          }),
        ];
      });
    },
  };
}
