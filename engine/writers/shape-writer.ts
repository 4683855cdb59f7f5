import type { Dimensions, FaultPlan } from '../../shared/domain';
import type { Aim } from '../coverage/aim';
import { scenarioId, type GridCell } from '../coverage/plan-grid';
import { hashPick } from '../seeded';
import { mayAimAtFault } from './fault-policy';
import { situationCards, type ToolKind } from './structured-writer';
import type { Wording } from './wording';
import type { Writer, WriterRequest } from './writer';

/** An action shape is a tool and how the world answered it, e.g. `get_order:not_found`. */
interface TargetShape {
  shape: string;
  world_state?: string;
  tool_condition?: string;
  faults?: Record<string, FaultPlan>;
}

function targetShapes(tool: string, kind: ToolKind, worldStates: readonly string[]): TargetShape[] {
  const shapes: TargetShape[] = [
    { shape: `${tool}:ok`, ...(worldStates.includes('entity exists') ? { world_state: 'entity exists' } : {}) },
  ];
  if (worldStates.includes('entity missing')) shapes.push({ shape: `${tool}:not_found`, world_state: 'entity missing' });
  if (kind !== 'read' && worldStates.includes('entity already acted on')) {
    shapes.push({ shape: `${tool}:already_done`, world_state: 'entity already acted on' });
  }
  shapes.push({ shape: `${tool}:timeout`, tool_condition: 'timeout', faults: { '*': { mode: 'timeout', rate: 1 } } });
  shapes.push({
    shape: `${tool}:permission_denied`,
    tool_condition: 'permission_denied',
    faults: { '*': { mode: 'permission_denied', rate: 1 } },
  });
  return shapes;
}

function cellFor(target: TargetShape, tool: string, request: WriterRequest): GridCell {
  const key = `${request.seed}:${request.round}:${target.shape}`;
  const axes = request.spec.axes;
  const aim = request.plan.aim ?? {};
  const dimensions: Dimensions = {
    tool,
    rule: aim.rule ?? hashPick(axes.rule, `${key}:rule`)!,
    stance: aim.stance ?? hashPick(axes.stance, `${key}:stance`)!,
    world_state: target.world_state ?? aim.world_state ?? hashPick(axes.world_state, `${key}:world`)!,
    tool_condition: target.tool_condition ?? 'success',
    history: aim.history ?? hashPick(axes.history, `${key}:history`)!,
  };
  return { scenario_id: scenarioId(dimensions), dimensions, faults: target.faults ?? {} };
}

/** A target fixes the tool, its condition and perhaps the world state: it fits an aim that fixes none of them otherwise. */
function fitsAim(target: TargetShape, tool: string, aim: Aim | undefined): boolean {
  if (aim?.tool !== undefined && aim.tool !== tool) return false;
  if (aim?.tool_condition !== undefined && aim.tool_condition !== (target.tool_condition ?? 'success')) return false;
  return aim?.world_state === undefined || target.world_state === undefined || aim.world_state === target.world_state;
}

/**
 * The behaviour-targeted arm: for each declared tool, the answers it has not been seen giving yet
 * (found, not found, already done, timed out, denied) become situations built to produce them. A fault answer is
 * aimed at only as often as the run's fault settings schedule faults (never at fault rate 0). In an aimed run only
 * the targets that fit the aim are tried, and every other axis takes its aimed value.
 */
export function createShapeWriter(kindOf: (tool: string) => ToolKind, wording: Wording): Writer {
  return {
    arm: 'behavior_targeted',
    model: 'template',
    async propose(request) {
      const axes = request.spec.axes;
      const targets = request.spec.tools
        .filter((tool) => axes.tool.includes(tool.name))
        .flatMap((tool) => targetShapes(tool.name, kindOf(tool.name), axes.world_state).map((target) => ({ tool: tool.name, target })))
        .filter(({ target }) => !request.state.hasShape(target.shape))
        .filter(({ tool, target }) => fitsAim(target, tool, request.plan.aim))
        .filter(({ target }) => target.tool_condition === undefined || axes.tool_condition.includes(target.tool_condition))
        .filter(({ target }) => target.tool_condition === undefined || mayAimAtFault(target.shape, target.tool_condition, request.faults));
      return targets.slice(0, request.count).map(({ tool, target }) =>
        situationCards(cellFor(target, tool, request), 'behavior_targeted', request, wording, {
          lineage: { target_shape: target.shape },
        }),
      );
    },
  };
}
