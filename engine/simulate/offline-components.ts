import type { Spec } from '../../shared/domain';
import { createDemoAgent } from '../agents/demo/demo-agent';
import { behaviorSignature } from '../grade/behavior-signature';
import { conductGrade } from '../grade/conduct/conduct-grade';
import { TemplateUser } from '../people/template-user';
import { toolKind } from '../spec/tool-kinds';
import { createWorld } from '../world/create-world';
import { idKindsFor } from '../world/id-kinds';
import { privilegedContext } from '../world/privileged-context';
import { createMutationWriter } from '../writers/mutation-writer';
import { createProbeWriter } from '../writers/probe-writer';
import { createShapeWriter } from '../writers/shape-writer';
import { createStructuredWriter } from '../writers/structured-writer';
import { templateWording } from '../writers/template-wording';
import type { SimulateOptions } from './simulate-options';

export type SimulationComponents = Pick<
  SimulateOptions,
  'agent' | 'createUser' | 'writers' | 'createWorld' | 'conduct' | 'signature' | 'privileged'
>;

/**
 * Everything `simulate` needs to run offline: the demo agent, template people and writers, the seeded world. No
 * `llm_guided` writer: that arm is a model's, so an offline run splits its batches the template writer's way.
 */
export function offlineComponents(spec: Spec, options: { seed: number; demo_rate?: number; avg_turns?: number }): SimulationComponents {
  const declared = spec.tools.map((tool) => tool.name);
  return {
    agent: createDemoAgent({
      tools: spec.tools,
      result_shapes: spec.result_shapes,
      seed: options.seed,
      ...(options.demo_rate === undefined ? {} : { rate: options.demo_rate }),
    }),
    createUser: (situation) =>
      new TemplateUser({
        dimensions: situation.dimensions,
        known_ids: spec.known_ids,
        tools: spec.tools,
        id_kinds: idKindsFor({ tools: spec.tools, result_shapes: spec.result_shapes }),
        ...(options.avg_turns === undefined ? {} : { avg_turns: options.avg_turns }),
        scenario_id: situation.scenario_id,
        domain: spec.domain,
      }),
    writers: [
      createStructuredWriter(toolKind, templateWording),
      createProbeWriter(templateWording),
      createShapeWriter(toolKind, templateWording),
      createMutationWriter(templateWording),
    ],
    createWorld,
    conduct: (row) => conductGrade(row, declared),
    signature: behaviorSignature,
    privileged: (row) => privilegedContext(row.situation),
  };
}
